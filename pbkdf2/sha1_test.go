package pbkdf2

import (
	"bytes"
	"context"
	stdpbkdf2 "crypto/pbkdf2"
	stdsha1 "crypto/sha1"
	"errors"
	"hash"
	"math"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/sha1"
)

// opaque hides the type of the hash it holds, which sends PBKDF2 down the
// generic path through package hmac.
type opaque struct{ hash.Hash }

func opaqueSHA1() hash.Hash { return opaque{sha1.New()} }

// sha1Stdlib reports whether sha1.New is crypto/sha1's on this GOARCH
// (package sha1's stdlib.go), which takes the generic path.
func sha1Stdlib() bool {
	for _, k := range cpu.Kernels() {
		if k.Pkg == "sha1" && k.Name == "stdlib" && k.Available {
			return true
		}
	}
	return false
}

// TestSHA1Stdlib compares Key with SHA-1 with crypto/pbkdf2 for passwords
// of every length 0..300 and salts of every length 0..300, with key
// lengths of one chain, two (the interleaved loops) and more, on every
// SHA-1 kernel.
func TestSHA1Stdlib(t *testing.T) {
	const max = 300
	data := hashtest.RandBytes(7, 2*max)
	type tc struct {
		password    string
		salt        []byte
		iter, kl    int
		want        []byte
		description string
	}
	var cases []tc
	for n := 0; n <= max; n++ {
		iter, kl := 1+n%3, []int{20, 32, 1, 45, 19}[n%5]
		cases = append(cases, tc{string(data[:n]), data[max : max+n%37], iter, kl, nil, "password"})
		cases = append(cases, tc{string(data[max : max+n%70]), data[:n], iter, kl, nil, "salt"})
	}
	for i := range cases {
		c := &cases[i]
		var err error
		if c.want, err = stdpbkdf2.Key(stdsha1.New, c.password, c.salt, c.iter, c.kl); err != nil {
			t.Fatal(err)
		}
	}
	hashtest.AllImplementations(t, "sha1", func(t *testing.T) {
		for _, c := range cases {
			got, err := Key(sha1.New, c.password, c.salt, c.iter, c.kl)
			if err != nil || !bytes.Equal(got, c.want) {
				t.Fatalf("%s case: password %d bytes, salt %d, iter %d, length %d: %x, %v; want %x",
					c.description, len(c.password), len(c.salt), c.iter, c.kl, got, err, c.want)
			}
		}
	})
}

// TestSHA1ErrorsUnchanged checks that the SHA-1 fast path returns the same
// errors and panics as the generic path, here and with the SHA-1 kernels
// switched off by HASHKIT_DISABLE.
func TestSHA1ErrorsUnchanged(t *testing.T) {
	hashtest.AlsoWithKernelsOff(t, "TestSHA1ErrorsUnchanged", "sha1")
	if _, ok := fast1(sha1.New()); !ok && !sha1Stdlib() {
		t.Fatal("sha1.New does not take the SHA-1 fast path")
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	type result struct {
		out []byte
		err error
	}
	cases := map[string]func(h func() hash.Hash) result{
		"iter 0":      func(h func() hash.Hash) result { out, err := Key(h, "p", nil, 0, 20); return result{out, err} },
		"iter -1":     func(h func() hash.Hash) result { out, err := Key(h, "p", nil, -1, 20); return result{out, err} },
		"iter MinInt": func(h func() hash.Hash) result { out, err := Key(h, "p", nil, math.MinInt, 1); return result{out, err} },
		"length 0":    func(h func() hash.Hash) result { out, err := Key(h, "p", nil, 1, 0); return result{out, err} },
		"length -5":   func(h func() hash.Hash) result { out, err := Key(h, "p", nil, 1, -5); return result{out, err} },
		"cancelled": func(h func() hash.Hash) result {
			out, err := DeriveKey(cancelled, h, "p", nil, 1, 20, nil)
			return result{out, err}
		},
		"cancelled, long": func(h func() hash.Hash) result {
			out, err := DeriveKey(cancelled, h, "p", nil, 1<<30, 32, nil)
			return result{out, err}
		},
	}
	if math.MaxInt > 1<<40 {
		n := uint64(1<<32-1)*sha1.Size + 1 // a variable: the constant overflows int on 32-bit
		cases["length (2^32-1)*20+1"] = func(h func() hash.Hash) result { out, err := Key(h, "p", nil, 1, int(n)); return result{out, err} }
	}
	for name, f := range cases {
		fast, generic := f(sha1.New), f(opaqueSHA1)
		if fast.out != nil || fast.err == nil || !errors.Is(fast.err, generic.err) || generic.out != nil {
			t.Errorf("%s: fast path %d bytes, %v; generic path %d bytes, %v", name, len(fast.out), fast.err, len(generic.out), generic.err)
		}
	}
}
