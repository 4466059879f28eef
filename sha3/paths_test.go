package sha3

import (
	"bytes"
	stdsha3 "crypto/sha3"
	"fmt"
	"slices"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/keccak"
)

// allPaths runs f on the standard library's path where this build has one
// (stdlib.go; HASHKIT_DISABLE may have switched it off), then on hashkit's
// code with every keccak kernel.
func allPaths(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	if names, _ := cpu.Registered("sha3"); len(names) == 0 {
		hashtest.AllImplementations(t, "keccak", f)
		return
	}
	hashtest.AllImplementations(t, "sha3", func(t *testing.T) {
		if stdlibKernel != 0 {
			f(t)
			return
		}
		hashtest.AllImplementations(t, "keccak", f)
	})
}

// onPath makes the hashes and XOFs created in f take the standard library's
// path (lib) or hashkit's; it reports false if lib is asked for and this
// build or machine has none. The objects keep their path afterwards.
func onPath(lib bool, f func()) bool {
	defer cpu.Restore("sha3")
	if lib && !cpu.Select("sha3", "stdlib") {
		return false
	}
	if !lib {
		cpu.Select("sha3", "")
	}
	f()
	return true
}

// TestPathSelected asserts which path the constructors take: the standard
// library's for SHA3-224/256/384/512 and plain SHAKE wherever "sha3/stdlib"
// is available (s390x, unless HASHKIT_DISABLE lists it), hashkit's sponge
// for everything else and everywhere else. HASHKIT_REQUIRE_IMPL=sha3/stdlib
// makes it fail where the path is missing.
func TestPathSelected(t *testing.T) {
	hashtest.AllImplementations(t, "sha3", func(t *testing.T) {})
	lib := slices.Contains(cpu.Impls("sha3"), "stdlib")
	var zero SHA3
	zero.Write(nil)
	var zeroX SHAKE
	zeroX.Write(nil)
	for name, got := range map[string]bool{
		"New224":       New224().lib,
		"New512":       New512().lib,
		"zero SHA3":    zero.lib,
		"NewSHAKE128":  NewSHAKE128().lib,
		"zero SHAKE":   zeroX.lib,
		"NewShake256":  NewShake256().(*shakeHash).lib,
		"NewCSHAKE128": NewCSHAKE128(nil, nil).lib, // N and S empty: SHAKE128
	} {
		if got != lib {
			t.Errorf("%s: on the standard library's path %v, want %v", name, got, lib)
		}
	}
	kmac, _ := NewKMAC128([]byte("k"), nil, 32)
	for name, got := range map[string]bool{
		"NewCSHAKE256 with S": NewCSHAKE256(nil, []byte("S")).lib,
		"NewLegacyKeccak256":  NewLegacyKeccak256().(*legacyKeccak).lib,
		"KMAC128":             kmac.x.lib,
	} {
		if got {
			t.Errorf("%s is on the standard library's path", name)
		}
	}
}

// A side is one way to hold a SHA-3 or SHAKE state, with its marshalling
// in hashkit's format: a hashkit hash on either path, or crypto/sha3's own
// object through the translation of stdstate.go (which runs everywhere, so
// the translation is tested on every GOARCH).
type side interface {
	Write([]byte) (int, error)
	out(n int) []byte // SHA-3: the digest; SHAKE: the next n bytes
	marshal() []byte
	unmarshal([]byte) error
}

type hkSHA3 struct{ *SHA3 }

func (h hkSHA3) out(int) []byte           { return h.Sum(nil) }
func (h hkSHA3) marshal() []byte          { b, _ := h.MarshalBinary(); return b }
func (h hkSHA3) unmarshal(b []byte) error { return h.UnmarshalBinary(b) }

// hkSHAKE is held as x/crypto's ShakeHash, whose Sum must know whether
// the state it resumed was squeezing.
type hkSHAKE struct{ *shakeHash }

func (h hkSHAKE) out(n int) []byte         { b := make([]byte, n); h.Read(b); return b }
func (h hkSHAKE) marshal() []byte          { b, _ := h.MarshalBinary(); return b }
func (h hkSHAKE) unmarshal(b []byte) error { return h.UnmarshalBinary(b) }

type rawSHA3 struct {
	*stdsha3.SHA3
	kind uint8
}

func (h rawSHA3) out(int) []byte { return h.Sum(nil) }
func (h rawSHA3) marshal() []byte {
	st, _ := h.MarshalBinary()
	return appendFromStd(header(nil, h.kind), st)
}
func (h rawSHA3) unmarshal(b []byte) error {
	if !checkHeader(b, h.kind, 4+keccak.MarshaledSize) {
		return errMarshal
	}
	var buf [stdMarshaledSize]byte
	return h.UnmarshalBinary(toStd(&buf, stdMagicSHA3, h.BlockSize(), b[4:]))
}

type rawSHAKE struct {
	*stdsha3.SHAKE
	kind uint8
}

func (h rawSHAKE) out(n int) []byte { b := make([]byte, n); h.Read(b); return b }
func (h rawSHAKE) marshal() []byte {
	st, _ := h.MarshalBinary()
	return append(appendFromStd(header(nil, h.kind), st), make([]byte, keccak.StateSize)...)
}
func (h rawSHAKE) unmarshal(b []byte) error {
	if !checkHeader(b, h.kind, shakeMarshaledSize) || !bytes.Equal(b[4+keccak.MarshaledSize:], make([]byte, keccak.StateSize)) {
		return errMarshal
	}
	var buf [stdMarshaledSize]byte
	return h.UnmarshalBinary(toStd(&buf, stdMagicSHAKE, h.BlockSize(), b[4:4+keccak.MarshaledSize]))
}

// TestMarshalAcrossPaths marshals each SHA-3 and SHAKE state on one side
// and resumes it on another (hashkit's code against the standard library's
// path where there is one, and against crypto/sha3 itself everywhere),
// after every absorbed length of up to three blocks and, for SHAKE, after
// reading every length of up to two blocks. The resumed hash must give the
// output of the whole message, and marshal to the same bytes again.
func TestMarshalAcrossPaths(t *testing.T) {
	type variant struct {
		name string
		kind uint8
		hk   func() side
		raw  func() side
	}
	variants := []variant{
		{"SHA3-224", kindSHA3_224, func() side { return hkSHA3{New224()} }, func() side { return rawSHA3{stdsha3.New224(), kindSHA3_224} }},
		{"SHA3-256", kindSHA3_256, func() side { return hkSHA3{New256()} }, func() side { return rawSHA3{stdsha3.New256(), kindSHA3_256} }},
		{"SHA3-384", kindSHA3_384, func() side { return hkSHA3{New384()} }, func() side { return rawSHA3{stdsha3.New384(), kindSHA3_384} }},
		{"SHA3-512", kindSHA3_512, func() side { return hkSHA3{New512()} }, func() side { return rawSHA3{stdsha3.New512(), kindSHA3_512} }},
		{"SHAKE128", kindSHAKE128, func() side { return hkSHAKE{NewShake128().(*shakeHash)} }, func() side { return rawSHAKE{stdsha3.NewSHAKE128(), kindSHAKE128} }},
		{"SHAKE256", kindSHAKE256, func() side { return hkSHAKE{NewShake256().(*shakeHash)} }, func() side { return rawSHAKE{stdsha3.NewSHAKE256(), kindSHAKE256} }},
	}
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			sides := map[string]func() side{"crypto/sha3": v.raw}
			sides["hashkit"] = func() (s side) { onPath(false, func() { s = v.hk() }); return s }
			if onPath(true, func() {}) {
				sides["stdlib"] = func() (s side) { onPath(true, func() { s = v.hk() }); return s }
			}
			for from := range sides {
				for to := range sides {
					if from != to && (from == "hashkit" || to == "hashkit") {
						t.Run(from+"->"+to, func(t *testing.T) { resumeAcross(t, v.kind, sides[from], sides[to], v.raw) })
					}
				}
			}
		})
	}
}

func resumeAcross(t *testing.T, kind uint8, from, to, oracle func() side) {
	rate := keccak.StateSize - 2*sizeOf(kind)
	switch kind {
	case kindSHAKE128:
		rate = keccak.Rate128
	case kindSHAKE256:
		rate = keccak.Rate256
	}
	msg := hashtest.RandBytes(uint64(kind), 3*rate+1)
	const outLen = 64
	want := func(m []byte, n int) []byte {
		r := oracle()
		r.Write(m)
		return r.out(n)
	}
	// resume moves a's state to a new hash on the other side, which must
	// marshal to the same bytes.
	resume := func(what string, a side) side {
		t.Helper()
		st := a.marshal()
		b := to()
		if err := b.unmarshal(st); err != nil {
			t.Fatalf("%s: UnmarshalBinary: %v", what, err)
		}
		if again := b.marshal(); !bytes.Equal(again, st) {
			t.Fatalf("%s: the resumed state marshals to\n%x, not\n%x", what, again, st)
		}
		return b
	}
	for n := 0; n <= 3*rate; n++ {
		a := from()
		a.Write(msg[:n])
		b := resume(fmt.Sprintf("absorbed %d", n), a)
		b.Write(msg[n:])
		if got, want := b.out(outLen), want(msg, outLen); !bytes.Equal(got, want) {
			t.Fatalf("resumed after %d bytes: %x, want %x", n, got, want)
		}
		if kind < kindSHAKE128 {
			continue
		}
		// Squeezing: absorb a length that walks the block positions too,
		// read k bytes (Read(nil) where k is 0 and n even), resume, read on.
		m, k := msg[:(n*7)%len(msg)], n%(2*rate+1)
		a = from()
		a.Write(m)
		if k > 0 || n%2 == 0 {
			a.out(k)
		}
		b = resume(fmt.Sprintf("absorbed %d, read %d", len(m), k), a)
		if k > 0 || n%2 == 0 {
			mustPanic(t, fmt.Sprintf("Write after a resumed Read (absorbed %d, read %d)", len(m), k), func() { b.Write(nil) })
			if h, ok := b.(hkSHAKE); ok {
				mustPanic(t, fmt.Sprintf("Sum after a resumed Read (absorbed %d, read %d)", len(m), k), func() { h.Sum(nil) })
			}
		}
		if got, want := b.out(outLen), want(m, k+outLen)[k:]; !bytes.Equal(got, want) {
			t.Fatalf("absorbed %d, read %d, resumed: %x, want %x", len(m), k, got, want)
		}
	}
}
