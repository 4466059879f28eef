package sha256_test

import (
	"encoding"
	"encoding/hex"
	"fmt"
	"io"
	"strings"

	"github.com/hashkit/hashkit/sha256"
)

// Sum256 returns an array, which compares with == and can key a map: here,
// to find files with the same contents.
func ExampleSum256() {
	files := []struct{ name, contents string }{{"a.txt", "abc"}, {"b.txt", "hello"}, {"c.txt", "abc"}}
	first := map[[sha256.Size]byte]string{}
	for _, f := range files {
		d := sha256.Sum256([]byte(f.contents))
		if prev, ok := first[d]; ok {
			fmt.Printf("%s has the contents of %s (SHA-256 %x)\n", f.name, prev, d)
			continue
		}
		first[d] = f.name
	}
	// Output: c.txt has the contents of a.txt (SHA-256 ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad)
}

func ExampleSum224() {
	fmt.Printf("%x\n", sha256.Sum224([]byte("abc")))
	// Output: 23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7
}

// New hashes a stream, such as a download checked against the SHA-256 its
// publisher lists (what `sha256sum -c` does).
func ExampleNew() {
	const published = "a948904f2f0f479b8f8197694b30184b0d2ed1c1cd2a1ec0fb85d299a192a447"
	download := strings.NewReader("hello world\n") // an *os.File or an http.Response's Body, in practice
	h := sha256.New()
	if _, err := io.Copy(h, download); err != nil {
		panic(err)
	}
	fmt.Println(hex.EncodeToString(h.Sum(nil)) == published)
	// Output: true
}

// A long computation can be saved with MarshalBinary and resumed later, also
// by crypto/sha256, which uses the same format.
func ExampleNew_marshal() {
	h := sha256.New()
	io.WriteString(h, "hello ")
	state, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		panic(err)
	}

	resumed := sha256.New()
	if err := resumed.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
		panic(err)
	}
	io.WriteString(resumed, "world\n")
	fmt.Printf("%x\n", resumed.Sum(nil))
	// Output: a948904f2f0f479b8f8197694b30184b0d2ed1c1cd2a1ec0fb85d299a192a447
}
