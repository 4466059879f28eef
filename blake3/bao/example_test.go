package bao_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/hashkit/hashkit/blake3/bao"
)

func Example() {
	input := bytes.Repeat([]byte("verified streaming "), 1000)
	encoding, root, err := bao.Encode(input, nil)
	if err != nil {
		panic(err)
	}
	// The receiver knows only root. It reads verified bytes from any
	// offset of the encoding.
	d, err := bao.NewDecoder(bytes.NewReader(encoding), &root, nil)
	if err != nil {
		panic(err)
	}
	d.Seek(19*500, io.SeekStart)
	buf := make([]byte, 18)
	io.ReadFull(d, buf)
	fmt.Printf("%s\n", buf)

	// A corrupted encoding fails before the bad bytes are returned.
	encoding[len(encoding)-1] ^= 1
	_, err = bao.Decode(encoding, &root, nil)
	fmt.Println(errors.Is(err, bao.ErrHashMismatch))
	// Output:
	// verified streaming
	// true
}

// A slice carries what a reader of one range needs: the parents on the way
// down and the chunk that holds the range.
func ExampleExtractSlice() {
	input := bytes.Repeat([]byte("0123456789"), 2000)
	encoding, root, _ := bao.Encode(input, nil)
	var slice bytes.Buffer
	if err := bao.ExtractSlice(&slice, bytes.NewReader(encoding), 5000, 100, nil); err != nil {
		panic(err)
	}
	got, err := bao.DecodeSlice(slice.Bytes(), &root, 5000, 100, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(encoding), slice.Len(), string(got[:10]))
	// Output: 21224 1352 0123456789
}

// An outboard keeps the tree beside the data; with 16 KiB chunk groups it
// is sixteen times smaller than standard Bao's.
func ExampleEncodeOutboard() {
	input := make([]byte, 1<<20)
	std, root, _ := bao.EncodeOutboard(input, nil)
	opt := &bao.Options{GroupSize: 16 << 10}
	grouped, root16, _ := bao.EncodeOutboard(input, opt)
	fmt.Println(len(std), len(grouped), root == root16)
	_, err := bao.DecodeOutboard(input, grouped, &root, opt)
	fmt.Println(err)
	// Output:
	// 65480 4040 true
	// <nil>
}

// EncodeTo serves an encoding of a file, here a 10 MiB one, to a stream
// such as an HTTP response, in pre-order, without holding the file or its
// encoding in memory.
func ExampleEncodeTo() {
	dir, err := os.MkdirTemp("", "bao")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	name := filepath.Join(dir, "data")
	if err := os.WriteFile(name, bytes.Repeat([]byte("file contents "), 750_000), 0o600); err != nil {
		panic(err)
	}
	f, err := os.Open(name)
	if err != nil {
		panic(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		panic(err)
	}
	var response bytes.Buffer // an http.ResponseWriter, a net.Conn
	root, err := bao.EncodeTo(&response, f, uint64(st.Size()), false, nil)
	if err != nil {
		panic(err)
	}
	got, err := bao.Decode(response.Bytes(), &root, nil)
	fmt.Println(len(got), err)
	// Output: 10500000 <nil>
}
