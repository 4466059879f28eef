package main

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/hashkit/hashkit/blake3"
)

// TestBLAKE3FileUnits: a regular file hashed by blake3Digest.readFile, in
// units read at once on several goroutines, has the digest of the Hasher
// written in order, in every mode and at lengths around the units' edges
// (a last unit of one byte, of one chunk, whole), in one segment and in
// segments of 4 units (the last of one unit, or of 4).
func TestBLAKE3FileUnits(t *testing.T) {
	for _, seg := range []int{treeSegment, 4} {
		defer func(old int) { treeSegment = old }(treeSegment)
		treeSegment = seg
		testBLAKE3FileUnits(t)
	}
}

func testBLAKE3FileUnits(t *testing.T) {
	sizes := []int{minTreeFile, minTreeFile + 1, minTreeFile + 1024, minTreeFile + 1025, 3*minTreeFile/2 + treeUnit - 1, 2 * minTreeFile}
	if !testing.Short() {
		sizes = append(sizes, 4*minTreeFile+3*treeUnit+7)
	}
	data := make([]byte, sizes[len(sizes)-1])
	rng := rand.NewChaCha8([32]byte{3})
	rng.Read(data)
	key := bytes.Repeat([]byte{7}, 32)
	a, _ := lookup("blake3")
	dir := t.TempDir()
	for _, size := range sizes {
		name := filepath.Join(dir, "f")
		if err := os.WriteFile(name, data[:size], 0o644); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			what string
			o    options
			h    func() *blake3.Hasher
		}{
			{"hash", options{length: 32}, blake3.New},
			{"keyed", options{length: 32, key: key}, func() *blake3.Hasher { h, _ := blake3.NewKeyed(key); return h }},
			{"derive-key", options{length: 32, derive: true, context: "ctx"}, func() *blake3.Hasher { return blake3.NewDeriveKey("ctx") }},
			{"-l 100", options{length: 100}, blake3.New},
		} {
			h := c.h()
			h.Write(data[:size])
			want := make([]byte, c.o.length)
			h.XOF().Read(want)
			d, _ := a.new(c.o)
			if _, ok := d.(fileReader); !ok {
				t.Fatal("BLAKE3's digest does not read files itself")
			}
			r, n, err := openInput(name)
			if err != nil {
				t.Fatal(err)
			}
			err = readInto(d, r, n, &progress{})
			r.Close()
			if err != nil {
				t.Fatalf("%d bytes, %s: %v", size, c.what, err)
			}
			if got := d.Finish(); !bytes.Equal(got, want) {
				t.Errorf("%d bytes, %s, segments of %d units: %x, want %x", size, c.what, treeSegment, got, want)
			}
			if got, _ := io.ReadAll(d.(streamer).Output()); !bytes.Equal(got, want) {
				t.Errorf("%d bytes, %s: the streamed output differs", size, c.what)
			}
		}
	}
}
