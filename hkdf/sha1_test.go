package hkdf

import (
	"bytes"
	stdhkdf "crypto/hkdf"
	stdsha1 "crypto/sha1"
	"errors"
	"hash"
	"math"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/sha1"
)

// TestSHA1Stdlib compares Extract, Expand and Key with SHA-1 with
// crypto/hkdf for salts and pseudorandom keys of every length 0..200 (HMAC
// keys on both sides of the block size), infos that make the MAC's message
// fit one block or not, on every SHA-1 kernel.
func TestSHA1Stdlib(t *testing.T) {
	data := hashtest.RandBytes(5, 400)
	type tc struct {
		key, secret []byte
		info        string
		kl          int
		extract     []byte
		expand, all []byte
	}
	var cases []tc
	for n := 0; n <= 200; n++ {
		c := tc{key: data[:n], secret: data[200 : 200+n%90], info: string(data[300 : 300+n%70]), kl: []int{1, 20, 21, 100, 255 * 20}[n%5]}
		c.extract, _ = stdhkdf.Extract(stdsha1.New, c.secret, c.key)
		c.expand, _ = stdhkdf.Expand(stdsha1.New, c.key, c.info, c.kl)
		c.all, _ = stdhkdf.Key(stdsha1.New, c.secret, c.key, c.info, c.kl)
		cases = append(cases, c)
	}
	hashtest.AllImplementations(t, "sha1", func(t *testing.T) {
		for _, c := range cases {
			if got, err := Extract(sha1.New, c.secret, c.key); err != nil || !bytes.Equal(got, c.extract) {
				t.Fatalf("Extract, salt %d bytes: %x, %v; want %x", len(c.key), got, err, c.extract)
			}
			if got, err := Expand(sha1.New, c.key, c.info, c.kl); err != nil || !bytes.Equal(got, c.expand) {
				t.Fatalf("Expand, key %d bytes, info %d, length %d: %x, %v; want %x", len(c.key), len(c.info), c.kl, got, err, c.expand)
			}
			if got, err := Key(sha1.New, c.secret, c.key, c.info, c.kl); err != nil || !bytes.Equal(got, c.all) {
				t.Fatalf("Key, salt %d bytes, info %d, length %d: %x, %v; want %x", len(c.key), len(c.info), c.kl, got, err, c.all)
			}
		}
	})
}

// opaque hides the type of the hash it holds, which sends HKDF down the
// generic path through package hmac.
type opaque struct{ hash.Hash }

// TestSHA1ErrorsUnchanged checks that the SHA-1 fast path returns the same
// errors as the generic path, here and with the SHA-1 kernels switched off
// by HASHKIT_DISABLE.
func TestSHA1ErrorsUnchanged(t *testing.T) {
	hashtest.AlsoWithKernelsOff(t, "TestSHA1ErrorsUnchanged", "sha1")
	generic := func() hash.Hash { return opaque{sha1.New()} }
	for _, kl := range []int{-1, 0, 255*sha1.Size + 1, math.MaxInt, math.MinInt} {
		for name, f := range map[string]func(h func() hash.Hash) ([]byte, error){
			"Expand": func(h func() hash.Hash) ([]byte, error) { return Expand(h, make([]byte, 20), "", kl) },
			"Key":    func(h func() hash.Hash) ([]byte, error) { return Key(h, nil, nil, "", kl) },
		} {
			out, err := f(sha1.New)
			gout, gerr := f(generic)
			if out != nil || err == nil || !errors.Is(err, gerr) || gout != nil {
				t.Errorf("%s with length %d: fast path %d bytes, %v; generic path %d bytes, %v", name, kl, len(out), err, len(gout), gerr)
			}
		}
	}
}
