package main

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// TestChangedSizeReported: a file that grows or shrinks between its open
// and its end is an error, not a checksum of half old, half new contents:
// read in order, or by BLAKE3's digest itself (blake3Digest.readFile).
func TestChangedSizeReported(t *testing.T) {
	for _, a := range []struct {
		alg  string
		size int
	}{{"md5", 3 * smallBuffer}, {"blake3", minTreeFile + treeUnit}} {
		t.Run(a.alg, func(t *testing.T) { testChangedSize(t, a.alg, a.size) })
	}
}

func testChangedSize(t *testing.T, alg string, size int) {
	for _, c := range []struct {
		name   string
		change func(f string) error
	}{
		{"grown", func(f string) error {
			w, err := os.OpenFile(f, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				return err
			}
			w.Write(make([]byte, 5000))
			return w.Close()
		}},
		{"shrunk", func(f string) error { return os.Truncate(f, 100) }},
		// Back at its size at open, the file still changed: read across
		// the change, its checksum was of contents it never held.
		{"shrunk and grown back", func(f string) error {
			waitTick()
			if err := os.Truncate(f, 100); err != nil {
				return err
			}
			return os.Truncate(f, int64(size))
		}},
		{"rewritten in place", func(f string) error {
			waitTick()
			w, err := os.OpenFile(f, os.O_WRONLY, 0)
			if err != nil {
				return err
			}
			w.WriteAt([]byte("new"), 0)
			return w.Close()
		}},
		{"unchanged", func(string) error { return nil }},
	} {
		name := filepath.Join(t.TempDir(), "f")
		if err := os.WriteFile(name, make([]byte, size), 0o644); err != nil {
			t.Fatal(err)
		}
		r, size, err := openInput(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.change(name); err != nil {
			t.Fatal(err)
		}
		a, _ := lookup(alg)
		d, _ := a.new(options{length: a.size})
		err = readInto(d, r, size, &progress{})
		r.Close()
		if want := c.name != "unchanged"; errors.Is(err, errChanged) != want {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// waitTick sleeps past the granularity of file times: Linux stamps them
// from a clock that advances once a scheduler tick (up to 10 ms), and a
// change in the tick of the open could not be told from none.
func waitTick() { time.Sleep(25 * time.Millisecond) }

// TestStdinFileChanged: a regular file on standard input is checked as one
// named, from where standard input stands.
func TestStdinFileChanged(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("standard input is checked on Unix systems only")
	}
	for _, change := range []bool{false, true} {
		name := filepath.Join(t.TempDir(), "f")
		data := make([]byte, 3*smallBuffer)
		copy(data, "skipped")
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		f.Read(make([]byte, 7)) // as a shell's read would leave it
		r, size := stdinInput(f)
		if size != int64(len(data)-7) {
			t.Fatalf("size %d, want %d", size, len(data)-7)
		}
		if change {
			waitTick()
			os.Truncate(name, 100)
			os.Truncate(name, int64(len(data)))
		}
		a, _ := lookup("sha256")
		d, _ := a.new(options{length: a.size})
		err = readInto(d, r, size, &progress{})
		f.Close()
		if errors.Is(err, errChanged) != change {
			t.Errorf("changed %v: %v", change, err)
		}
		if want := sha256.Sum256(data[7:]); !change && !bytes.Equal(d.Finish(), want[:]) {
			t.Errorf("digest %x, want %x", d.Finish(), want)
		}
	}
}
