//go:build arm64

package sha2_test

import (
	stdhmac "crypto/hmac"
	stdsha256 "crypto/sha256"
	"hash"
	"os"
	"testing"

	"github.com/hashkit/hashkit/hmac"
	"github.com/hashkit/hashkit/sha256"
)

// mcaPaths are the short operations whose executed instructions scripts/mca
// estimates, hashkit's and the standard library's: one-shot SHA-256 of a
// few lengths, and HMAC-SHA-256 of 64 bytes with a 32-byte key, reused
// (Reset, Write, Sum, as bench/'s BenchmarkHMACSHA256 runs it) and keyed
// anew (New, Write, Sum).
var mcaPaths = func() map[string]func() {
	msg := make([]byte, 64)
	key := make([]byte, 32)
	var sink [32]byte
	out := make([]byte, 0, 32)
	paths := map[string]func(){}
	for _, n := range []int{0, 32, 55, 64} {
		name := string(rune('0'+n/10)) + string(rune('0'+n%10))
		paths["sum-"+name] = func() { sink = sha256.Sum256(msg[:n]) }
		paths["stdsum-"+name] = func() { sink = stdsha256.Sum256(msg[:n]) }
	}
	for _, impl := range []struct {
		prefix string
		mac    func(func() hash.Hash, []byte) hash.Hash
		h      func() hash.Hash
	}{{"", hmac.New, sha256.New}, {"std", stdhmac.New, stdsha256.New}} {
		m := impl.mac(impl.h, key)
		paths[impl.prefix+"hmac-reused"] = func() {
			m.Reset()
			m.Write(msg)
			out = m.Sum(out[:0])
		}
		paths[impl.prefix+"hmac-new"] = func() {
			m := impl.mac(impl.h, key)
			m.Write(msg)
			out = m.Sum(out[:0])
		}
	}
	_ = sink
	return paths
}()

// TestMCAPath runs the operation HASHKIT_MCA_PATH names eight times between
// two calls of mcaMark, after one run that leaves any first-use work out;
// scripts/mca traces what runs in between under qemu-aarch64 -singlestep.
func TestMCAPath(t *testing.T) {
	name := os.Getenv("HASHKIT_MCA_PATH")
	if name == "" {
		t.Skip("for scripts/mca: HASHKIT_MCA_PATH names the operation")
	}
	op := mcaPaths[name]
	if op == nil {
		t.Fatalf("no operation %q", name)
	}
	op()
	mcaMark()
	for range 8 { // scripts/mca's mcaruns
		op()
	}
	mcaMark()
}

//go:noinline
func mcaMark() {}
