package keccak

import (
	"encoding/binary"
	"errors"

	"github.com/hashkit/hashkit/internal/preempt"
)

// Domain bytes: the suffix bits of each function followed by the first bit
// of the pad10*1 padding, as one byte XORed after the message (FIPS 202
// section 6 and Appendix B.2; SP 800-185 section 3.3; RFC 9861 section 2.2).
const (
	DomainKeccak = 0x01 // original Keccak (legacy Keccak-256 etc.): no suffix
	DomainSHA3   = 0x06 // SHA3-224/256/384/512: suffix 01
	DomainSHAKE  = 0x1F // SHAKE128/256: suffix 1111
	DomainCSHAKE = 0x04 // cSHAKE128/256 with N or S non-empty: suffix 00
)

// Rates in bytes for the capacities of the standard functions: the rate is
// 200 - capacity/8, so 168 for 256-bit capacity (SHAKE128, cSHAKE128, KMAC128,
// TurboSHAKE128, KT128) and 136 for 512-bit capacity (SHA3-256, SHAKE256,
// TurboSHAKE256, KT256).
const (
	Rate128 = 168
	Rate256 = 136
)

// StateSize is the size of the permutation state in bytes.
const StateSize = 200

// MarshaledSize is the length of the encoding AppendBinary writes.
const MarshaledSize = StateSize + 2

// Sponge is the Keccak sponge construction (FIPS 202 section 4) with a
// multi-rate padding that starts with a domain byte: Absorb any number of
// bytes, then Squeeze any number of output bytes; the first Squeeze pads.
// Bytes are XORed into and read from whole lanes wherever the position
// allows, byte by byte only at the edges.
//
// The zero Sponge is not usable; call Init. A Sponge holds no pointers and
// may be copied by assignment: the copy continues independently (that is how
// hash.Cloner and Sum-without-disturbing-the-state are done).
type Sponge struct {
	a         [25]uint64
	rate      uint8 // bytes per block; a multiple of 8 in 8..192
	rounds    uint8 // rounds of Keccak-p[1600, rounds]
	ds        byte  // domain byte, XORed in at padding
	n         uint8 // absorbing: bytes absorbed into the current block (< rate); squeezing: bytes read from it (<= rate)
	squeezing bool
}

// Init sets s to the empty state of the sponge with the given rate in bytes
// (a multiple of 8 from 8 to 192), number of rounds (1..24) and domain byte
// (non-zero; it carries the first padding bit). It panics on other values:
// those are fixed by the calling package, never by its users.
func (s *Sponge) Init(rate, rounds int, ds byte) {
	if rate < 8 || rate > StateSize-8 || rate%8 != 0 || rounds < 1 || rounds > MaxRounds || ds == 0 {
		panic("hashkit/internal/keccak: invalid sponge parameters")
	}
	*s = Sponge{rate: uint8(rate), rounds: uint8(rounds), ds: ds}
}

// Reset returns s to the empty state, keeping its rate, rounds and domain
// byte.
func (s *Sponge) Reset() {
	*s = Sponge{rate: s.rate, rounds: s.rounds, ds: s.ds}
}

// Rate returns the rate in bytes (the block size).
func (s *Sponge) Rate() int { return int(s.rate) }

// Rounds returns the number of rounds of the permutation.
func (s *Sponge) Rounds() int { return int(s.rounds) }

// Domain returns the domain byte used at padding.
func (s *Sponge) Domain() byte { return s.ds }

// SetDomain changes the domain byte used when absorbing ends, for
// constructions that learn it late (KangarooTwelve's final node). It must be
// called before the first Squeeze; it panics otherwise, or if ds is 0.
func (s *Sponge) SetDomain(ds byte) {
	if s.squeezing || ds == 0 {
		panic("hashkit/internal/keccak: SetDomain while squeezing or with 0")
	}
	s.ds = ds
}

// Pos returns the number of bytes absorbed into the current block (while
// absorbing) or read from it (while squeezing).
func (s *Sponge) Pos() int { return int(s.n) }

// Squeezing reports whether the sponge has been padded and is producing
// output; Absorb then panics.
func (s *Sponge) Squeezing() bool { return s.squeezing }

// Lanes returns the state, for kernels and tests.
func (s *Sponge) Lanes() *[25]uint64 { return &s.a }

// Absorb XORs p into the state, permuting after every full block. It panics
// if called after Squeeze (hash.XOF forbids Write after Read).
func (s *Sponge) Absorb(p []byte) {
	if s.squeezing {
		panic("hashkit/internal/keccak: Absorb after Squeeze")
	}
	rate := int(s.rate)
	n := int(s.n)
	if n > 0 {
		// Finish the current block.
		k := min(len(p), rate-n)
		xorIn(&s.a, n, p[:k])
		p = p[k:]
		n += k
		if n < rate {
			s.n = uint8(n)
			return
		}
		p1600(&s.a, int(s.rounds))
		n = 0
	}
	if len(p) >= rate {
		k := len(p) - len(p)%rate
		absorbBlocks(&s.a, p[:k], rate, int(s.rounds))
		p = p[k:]
	}
	if len(p) > 0 {
		xorIn(&s.a, 0, p)
	}
	s.n = uint8(len(p))
}

// Pad ends absorbing: it XORs the domain byte after the message and the
// last padding bit at the end of the block, and permutes (FIPS 202 pad10*1,
// section 5.1). It does nothing if s is already squeezing. Squeeze calls it;
// callers need it only to read the padded state.
func (s *Sponge) Pad() {
	if s.squeezing {
		return
	}
	s.padBits()
	p1600(&s.a, int(s.rounds))
	s.n = 0
	s.squeezing = true
}

// padBits XORs the domain byte after the message and the last padding bit
// at the end of the block.
func (s *Sponge) padBits() {
	n := int(s.n)
	s.a[n/8] ^= uint64(s.ds) << (8 * (n % 8))
	last := int(s.rate) - 1
	s.a[last/8] ^= uint64(0x80) << (8 * (last % 8))
}

// Sum writes to out the first len(out) bytes of output of the sponge with
// the given rate, rounds and domain byte (as for Init) over data: a
// one-shot that needs no Squeeze afterwards. When out fits in the first
// plane of the state (40 bytes, and at most the rate), as for SHA3-224/256
// and Keccak-224/256, the last permutation computes only that plane.
func Sum(out, data []byte, rate, rounds int, ds byte) {
	var s Sponge
	s.Init(rate, rounds, ds)
	s.Absorb(data)
	if len(out) > planeBytes || len(out) > rate {
		s.Squeeze(out)
		return
	}
	s.padBits()
	p1600Plane0(&s.a, rounds)
	xorOut(&s.a, 0, out)
}

// planeBytes is the size of one plane of the state (five lanes).
const planeBytes = 40

// Squeeze pads on its first call and then fills out with the next len(out)
// bytes of output.
func (s *Sponge) Squeeze(out []byte) {
	s.Pad()
	rate := int(s.rate)
	n := int(s.n)
	var pc preempt.Counter // long outputs: a preemption point per preempt.Piece
	for len(out) > 0 {
		if n == rate {
			p1600(&s.a, int(s.rounds))
			n = 0
			pc.Add(rate)
		}
		k := min(len(out), rate-n)
		xorOut(&s.a, n, out[:k])
		out = out[k:]
		n += k
	}
	s.n = uint8(n)
}

// xorIn XORs p into the state bytes starting at byte offset off; off+len(p)
// must not exceed 200.
func xorIn(a *[25]uint64, off int, p []byte) {
	for len(p) > 0 && off%8 != 0 {
		a[off/8] ^= uint64(p[0]) << (8 * (off % 8))
		p = p[1:]
		off++
	}
	i := off / 8
	for ; len(p) >= 8; i++ {
		a[i] ^= binary.LittleEndian.Uint64(p)
		p = p[8:]
	}
	for j, c := range p {
		a[i] ^= uint64(c) << (8 * j)
	}
}

// xorOut copies the state bytes starting at byte offset off into out.
// (Named for symmetry with xorIn; it overwrites out.)
func xorOut(a *[25]uint64, off int, out []byte) {
	for len(out) > 0 && off%8 != 0 {
		out[0] = byte(a[off/8] >> (8 * (off % 8)))
		out = out[1:]
		off++
	}
	i := off / 8
	for ; len(out) >= 8; i++ {
		binary.LittleEndian.PutUint64(out, a[i])
		out = out[8:]
	}
	for j := range out {
		out[j] = byte(a[i] >> (8 * j))
	}
}

// absorbBlocksGeneric XORs each rate-byte block of p (len(p) a multiple of
// rate) into the state and permutes after each. The two rates of SHAKE128
// and SHA3-256/SHAKE256 (and of TurboSHAKE) have their own loops over
// fixed-size arrays, which the compiler compiles without bounds checks.
func absorbBlocksGeneric(a *[25]uint64, p []byte, rate, rounds int) {
	switch rate {
	case Rate128:
		for ; len(p) >= Rate128; p = p[Rate128:] {
			xorBlock128(a, (*[Rate128]byte)(p))
			p1600(a, rounds)
		}
	case Rate256:
		for ; len(p) >= Rate256; p = p[Rate256:] {
			xorBlock256(a, (*[Rate256]byte)(p))
			p1600(a, rounds)
		}
	default:
		for ; len(p) >= rate; p = p[rate:] {
			for i := 0; i < rate/8; i++ {
				a[i] ^= binary.LittleEndian.Uint64(p[8*i:])
			}
			p1600(a, rounds)
		}
	}
}

func xorBlock128(a *[25]uint64, b *[Rate128]byte) {
	for i := range Rate128 / 8 {
		a[i] ^= binary.LittleEndian.Uint64(b[8*i:])
	}
}

func xorBlock256(a *[25]uint64, b *[Rate256]byte) {
	for i := range Rate256 / 8 {
		a[i] ^= binary.LittleEndian.Uint64(b[8*i:])
	}
}

// AppendBinary appends the sponge's variable state in a fixed-size encoding
// of MarshaledSize bytes: the 25 lanes little-endian, the position in the
// current block, and 1 if squeezing else 0. Rate, rounds and domain byte are
// not included: the calling package knows them from its own header.
func (s *Sponge) AppendBinary(b []byte) []byte {
	for _, l := range s.a {
		b = binary.LittleEndian.AppendUint64(b, l)
	}
	sq := byte(0)
	if s.squeezing {
		sq = 1
	}
	return append(b, s.n, sq)
}

var errState = errors.New("hashkit/internal/keccak: invalid sponge state")

// UnmarshalBinary restores the state AppendBinary wrote, keeping s's rate,
// rounds and domain byte. It checks the exact length and that the position
// is possible for the rate (below the rate while absorbing, at most the rate
// while squeezing), and leaves s unchanged on error. A Sponge without Init
// is refused: with rate 0, a squeezing state at position 0 would pass, and
// the zero value of a type that needs its constructor (sha3.TupleHashXOF)
// would then produce output of no function instead of panicking.
func (s *Sponge) UnmarshalBinary(b []byte) error {
	if len(b) != MarshaledSize || s.rate == 0 {
		return errState
	}
	n, sq := b[StateSize], b[StateSize+1]
	if sq > 1 || (sq == 0 && n >= s.rate) || (sq == 1 && n > s.rate) {
		return errState
	}
	for i := range s.a {
		s.a[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	s.n = n
	s.squeezing = sq == 1
	return nil
}
