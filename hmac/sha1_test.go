package hmac

import (
	"bytes"
	stdhmac "crypto/hmac"
	stdsha1 "crypto/sha1"
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/sha1"
)

// TestSHA1Stdlib compares HMAC-SHA-1 with crypto/hmac for keys of every
// length 0..200 and messages around one and two blocks, a MAC reused
// after Reset, on every SHA-1 kernel.
func TestSHA1Stdlib(t *testing.T) {
	data := hashtest.RandBytes(3, 400)
	msgLens := []int{0, 1, 19, 55, 56, 63, 64, 65, 119, 127, 128, 200}
	type tc struct{ key, msg, want []byte }
	var cases []tc
	for kl := 0; kl <= 200; kl++ {
		key, msg := data[:kl], data[200:200+msgLens[kl%len(msgLens)]]
		ref := stdhmac.New(stdsha1.New, key)
		ref.Write(msg)
		cases = append(cases, tc{key, msg, ref.Sum(nil)})
	}
	hashtest.AllImplementations(t, "sha1", func(t *testing.T) {
		for _, c := range cases {
			m := New(sha1.New, c.key)
			for range 2 {
				m.Write(c.msg[:len(c.msg)/3])
				m.Write(c.msg[len(c.msg)/3:])
				if got := m.Sum([]byte("x")); !bytes.Equal(got[1:], c.want) || got[0] != 'x' {
					t.Fatalf("key %d bytes, message %d: %x, crypto/hmac %x", len(c.key), len(c.msg), got[1:], c.want)
				}
				m.Reset()
			}
		}
	})
}

// TestSHA1PathUnchanged checks that the SHA-1 fast path is taken where it
// should be and keeps the outcomes of the generic path (TestPanics has
// New's panics): a digest that is not fresh, Clone, here and with the
// SHA-1 kernels switched off by HASHKIT_DISABLE.
func TestSHA1PathUnchanged(t *testing.T) {
	hashtest.AlsoWithKernelsOff(t, "TestSHA1PathUnchanged", "sha1")
	stdlibPath := false
	for _, k := range cpu.Kernels() {
		stdlibPath = stdlibPath || k.Pkg == "sha1" && k.Name == "stdlib" && k.Available
	}
	if _, ok := New(sha1.New, nil).(*hmac1); !ok && !stdlibPath {
		t.Fatal("sha1.New does not take the SHA-1 fast path")
	}
	used := func() hash.Hash {
		d := sha1.New()
		d.Write([]byte("abc"))
		return d
	}
	key, msg := []byte("key"), []byte("message")
	ref := stdhmac.New(stdsha1.New, key)
	ref.Write(msg)
	if got, want := mac(used, key, msg), ref.Sum(nil); !bytes.Equal(got, want) {
		t.Errorf("a used digest: %x, want %x", got, want)
	}
	m := New(sha1.New, key)
	m.Write(msg)
	c, err := m.(hash.Cloner).Clone()
	if err != nil {
		t.Fatalf("Clone: %v", err)
	}
	m.Write(msg)
	if got := c.(hash.Hash).Sum(nil); !bytes.Equal(got, ref.Sum(nil)) {
		t.Errorf("the clone: %x, want %x", got, ref.Sum(nil))
	}
}
