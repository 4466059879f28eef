// Package k12 implements TurboSHAKE128, TurboSHAKE256 and the
// KangarooTwelve functions KT128 and KT256, as specified in [RFC 9861], and
// MarsupilamiFourteen, KT256's tree on Keccak-p[1600] with 14 rounds (the
// Keccak team's [KangarooTwelve paper], section 7; as in XKCP and
// @noble/hashes 1.8).
//
// TurboSHAKE is SHAKE with the Keccak-p[1600] permutation cut to 12 rounds
// and a caller-chosen domain separation byte D. KT128 and KT256 are tree
// hashes built on TurboSHAKE128 and TurboSHAKE256: inputs longer than 8192
// bytes are cut into 8192-byte chunks, hashed independently (eight at a time
// with AVX-512, four with AVX2, and on several goroutines for large inputs)
// and combined into a final node. Every output is an extendable-output (XOF)
// stream.
//
// Which function should I use? For hashing data, KT128 ([SumKT128], or
// [NewKT128] for streaming): 128-bit security, and the fastest of them on
// long inputs. KT256 doubles the security level (256 bits) at about half the
// speed. MarsupilamiFourteen ([SumM14], [NewM14]) keeps KT256's level with
// two more rounds of margin, for protocols that name it; it is the slowest
// of them, since its chunks are hashed one state at a time (on several
// goroutines for large inputs): the multi-state kernels run 12 or 24 rounds
// only. The customization string separates applications that hash the same
// data. TurboSHAKE is the sequential building block; use it where a protocol
// names it, with its own domain byte (RFC 9861 section 2.1 defaults D to
// 0x1F).
//
// Security: KT128 and TurboSHAKE128 offer 128-bit security against every
// attack (collision, preimage, second preimage) for outputs of at least 32
// bytes; KT256 and TurboSHAKE256 offer 256-bit security for outputs of at
// least 64 bytes, and so does MarsupilamiFourteen. Shorter outputs of n bytes give n*4-bit collision and
// n*8-bit preimage resistance.
//
// [RFC 9861]: https://www.rfc-editor.org/rfc/rfc9861
// [KangarooTwelve paper]: https://eprint.iacr.org/2016/770
package k12

import (
	"errors"
	"hash"

	"github.com/hashkit/hashkit/internal/keccak"
)

// Rates (block sizes) in bytes: 168 for the 128-bit functions (capacity 256
// bits), 136 for the 256-bit ones (capacity 512 bits); RFC 9861 section 2.2.
const (
	BlockSize128 = keccak.Rate128
	BlockSize256 = keccak.Rate256
)

// rounds of Keccak-p[1600, 12], the permutation of TurboSHAKE (RFC 9861
// section 2.2); MarsupilamiFourteen, KT256's tree on a 14-round permutation,
// trades speed for a wider security margin.
const (
	rounds    = 12
	roundsM14 = 14
)

var errDomain = errors.New("hashkit/k12: domain byte D must be in 0x01..0x7F")

// validDomain reports whether D is a TurboSHAKE domain separation byte
// (RFC 9861 section 2.1: 0x01 to 0x7F).
func validDomain(D byte) bool { return D >= 0x01 && D <= 0x7F }

// mustBeMade panics unless the sponge was set up by a constructor (or
// UnmarshalBinary): the zero TurboSHAKE or KT has no rate and no domain
// byte, so it stands for no function of RFC 9861.
func mustBeMade(s *keccak.Sponge, name string) {
	if s.Rate() == 0 {
		panic("hashkit/k12: zero " + name + " value; make it with its New function")
	}
}

// TurboSHAKE is a TurboSHAKE128 or TurboSHAKE256 instance (RFC 9861 section
// 2). It implements [hash.XOF], [hash.Cloner] (and so [hash.Hash], whose Sum
// gives the default output length) and binary marshalling. The zero value
// is not usable: make one with NewTurboSHAKE128 or NewTurboSHAKE256.
type TurboSHAKE struct {
	s keccak.Sponge
}

// NewTurboSHAKE128 returns a TurboSHAKE128 XOF with domain separation byte
// D, which must be in 0x01..0x7F; other values return an error.
func NewTurboSHAKE128(D byte) (*TurboSHAKE, error) {
	return newTurboSHAKE(BlockSize128, D)
}

// NewTurboSHAKE256 returns a TurboSHAKE256 XOF with domain separation byte
// D, which must be in 0x01..0x7F; other values return an error.
func NewTurboSHAKE256(D byte) (*TurboSHAKE, error) {
	return newTurboSHAKE(BlockSize256, D)
}

func newTurboSHAKE(rate int, D byte) (*TurboSHAKE, error) {
	if !validDomain(D) {
		return nil, errDomain
	}
	t := new(TurboSHAKE)
	t.s.Init(rate, rounds, D)
	return t, nil
}

// Write absorbs more data. It never returns an error. It panics if called
// after Read.
func (t *TurboSHAKE) Write(p []byte) (int, error) {
	mustBeMade(&t.s, "TurboSHAKE")
	if t.s.Squeezing() {
		panic("hashkit/k12: Write after Read")
	}
	t.s.Absorb(p)
	return len(p), nil
}

// Read fills p with the next bytes of output. The first call ends the
// input. It never returns an error.
func (t *TurboSHAKE) Read(p []byte) (int, error) {
	mustBeMade(&t.s, "TurboSHAKE")
	t.s.Squeeze(p)
	return len(p), nil
}

// Reset returns t to its initial state, keeping its domain byte.
func (t *TurboSHAKE) Reset() { t.s.Reset() }

// BlockSize returns the rate in bytes: 168 for TurboSHAKE128, 136 for
// TurboSHAKE256.
func (t *TurboSHAKE) BlockSize() int { return t.s.Rate() }

// Size returns the default output length in bytes, the one that reaches
// the security level: 32 for TurboSHAKE128, 64 for TurboSHAKE256.
func (t *TurboSHAKE) Size() int { return defaultSize(t.s.Rate()) }

// Sum appends Size bytes of output to b without changing t: the first
// Size bytes for the data written so far, or after Read the next Size
// bytes. It makes a TurboSHAKE a [hash.Hash] (as [hash.Cloner] requires);
// use Read for other lengths.
func (t *TurboSHAKE) Sum(b []byte) []byte {
	mustBeMade(&t.s, "TurboSHAKE")
	c := *t
	b = append(b, make([]byte, c.Size())...)
	c.s.Squeeze(b[len(b)-c.Size():])
	return b
}

func defaultSize(rate int) int {
	if rate == BlockSize128 {
		return 32
	}
	return 64
}

// Clone returns an independent copy of t. The error is always nil.
func (t *TurboSHAKE) Clone() (hash.Cloner, error) {
	c := *t
	return &c, nil
}

// SumTurboSHAKE128 returns length bytes of TurboSHAKE128 output for data
// and domain byte D. It panics if D is not in 0x01..0x7F or length is
// negative; use NewTurboSHAKE128 to get an error instead.
func SumTurboSHAKE128(data []byte, D byte, length int) []byte {
	out := make([]byte, length)
	sumTurboSHAKE(out, data, BlockSize128, D)
	return out
}

// SumTurboSHAKE256 returns length bytes of TurboSHAKE256 output for data
// and domain byte D. It panics if D is not in 0x01..0x7F or length is
// negative; use NewTurboSHAKE256 to get an error instead.
func SumTurboSHAKE256(data []byte, D byte, length int) []byte {
	out := make([]byte, length)
	sumTurboSHAKE(out, data, BlockSize256, D)
	return out
}

func sumTurboSHAKE(out, data []byte, rate int, D byte) {
	if !validDomain(D) {
		panic(errDomain.Error())
	}
	var s keccak.Sponge
	s.Init(rate, rounds, D)
	s.Absorb(data)
	s.Squeeze(out)
}
