//go:build arm64

package sha2_test

import (
	"bytes"
	stdhmac "crypto/hmac"
	stdpbkdf2 "crypto/pbkdf2"
	stdsha256 "crypto/sha256"
	"fmt"
	"hash"
	"os"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/hmac"
	"github.com/hashkit/hashkit/pbkdf2"
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

// mcaSink keeps the derived keys live, so the derivations are not
// optimised away.
var mcaSink []byte

// mcaWarm is how many times TestMCAPath runs an operation before the first
// marker: the runtime fills the cache of a type assertion or type switch
// on one miss in about 1024 (runtime.typeAssert), and crypto/hmac's Reset
// and Sum each assert their hash to an interface on every call, so that a
// long-running program takes the cached path, with no runtime call.
const mcaWarm = 8192

// mcaPBKDF2 returns the operation "pbkdf2-KEYLEN-ITER" (hashkit's
// pbkdf2.Key with its sha256.New) or "stdpbkdf2-KEYLEN-ITER" (crypto/pbkdf2
// with crypto/sha256.New), a 16-byte salt and an 8-byte password, for
// scripts/mca's per-iteration rows (the difference between two iteration
// counts), and its warm-up: one derivation of the same key length with
// mcaWarm iterations in all. It checks first that both derive the same key.
func mcaPBKDF2(t *testing.T, name string) (op, warm func()) {
	rest, std := strings.CutPrefix(name, "std")
	var keyLen, iter int
	if _, err := fmt.Sscanf(rest, "pbkdf2-%d-%d", &keyLen, &iter); err != nil ||
		rest != fmt.Sprintf("pbkdf2-%d-%d", keyLen, iter) || keyLen < 1 {
		return nil, nil
	}
	const password = "password"
	salt := []byte("0123456789abcdef")
	want, err := stdpbkdf2.Key(stdsha256.New, password, salt, iter, keyLen)
	if err != nil {
		t.Fatal(err)
	}
	got, err := pbkdf2.Key(sha256.New, password, salt, iter, keyLen)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s: hashkit's key %x, the standard library's %x", name, got, want)
	}
	key := func(iter int) ([]byte, error) { return pbkdf2.Key(sha256.New, password, salt, iter, keyLen) }
	if std {
		key = func(iter int) ([]byte, error) { return stdpbkdf2.Key(stdsha256.New, password, salt, iter, keyLen) }
	}
	blocks := (keyLen + stdsha256.Size - 1) / stdsha256.Size
	return func() { mcaSink, _ = key(iter) }, func() { mcaSink, _ = key(mcaWarm/blocks + 1) }
}

// TestMCAPath runs the operation HASHKIT_MCA_PATH names eight times between
// two calls of mcaMark, after a warm-up (mcaWarm runs, or mcaPBKDF2's) that
// leaves any first-use work out; scripts/mca traces what runs in between
// under qemu-aarch64 -singlestep.
func TestMCAPath(t *testing.T) {
	name := os.Getenv("HASHKIT_MCA_PATH")
	if name == "" {
		t.Skip("for scripts/mca: HASHKIT_MCA_PATH names the operation")
	}
	op := mcaPaths[name]
	warm := func() {
		for range mcaWarm {
			op()
		}
	}
	if op == nil {
		op, warm = mcaPBKDF2(t, name)
	}
	if op == nil {
		t.Fatalf("no operation %q", name)
	}
	warm()
	mcaMark()
	for range 8 { // scripts/mca's mcaruns
		op()
	}
	mcaMark()
}

//go:noinline
func mcaMark() {}
