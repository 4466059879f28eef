package sha3

import (
	"crypto/rand"
	"errors"

	"github.com/hashkit/hashkit/internal/keccak"
	"github.com/hashkit/hashkit/internal/preempt"
)

// KeccakPRG is the Keccak team's sponge-based pseudo-random generator
// (Bertoni, Daemen, Peeters, Van Assche, "Sponge-based pseudo-random number
// generators", CHES 2010, and XKCP's KeccakPRG), behaving byte for byte as
// @noble/hashes' keccakprg: a duplex construction on Keccak-f[1600] whose
// blocks hold rho = 1598 - capacity bits of data, each call of the
// permutation marking the end of the data with a 0x01 byte and the end of
// the block with a 0x02 byte.
//
// Add entropy with AddEntropy, read with Read, and call Forget after use so
// that a later compromise of the state does not reveal earlier output.
// KeccakPRG is not safe for concurrent use. The zero value has no capacity:
// its methods return an error.
type KeccakPRG struct {
	a        [25]uint64
	blockLen int // rho in bytes
	rate     int // rate in bits, rho + 2
	pos      int // next byte to absorb into
	posOut   int // next byte to read; >= blockLen means permute first
	seeded   bool
}

var (
	errCapacity   = errors.New("hashkit/sha3: invalid KeccakPRG capacity")
	errNoEntropy  = errors.New("hashkit/sha3: KeccakPRG read before AddEntropy")
	errEmptySeed  = errors.New("hashkit/sha3: empty KeccakPRG seed")
	errForgetRate = errors.New("hashkit/sha3: KeccakPRG rate is too low for Forget")
	errZeroPRG    = errors.New("hashkit/sha3: zero KeccakPRG value; make it with NewKeccakPRG")
)

// NewKeccakPRG returns a generator with the given capacity in bits, which
// sets the security level (capacity/2 bits). It must leave a whole number of
// data bytes per block, that is 1598 - capacity must be a positive multiple
// of 8: capacity is 6 modulo 8, from 6 to 1590. @noble/hashes uses 254 by
// default. Other capacities return an error.
func NewKeccakPRG(capacity int) (*KeccakPRG, error) {
	if capacity < 0 || capacity > 1600-10 || (1598-capacity)%8 != 0 {
		return nil, errCapacity
	}
	rate := 1600 - capacity
	g := &KeccakPRG{blockLen: (rate - 2) / 8, rate: rate}
	g.posOut = (rate + 7) / 8 // past the block: the first read permutes
	return g, nil
}

func (g *KeccakPRG) xorByte(i int, v byte) { g.a[i/8] ^= uint64(v) << (8 * (i % 8)) }
func (g *KeccakPRG) byteAt(i int) byte     { return byte(g.a[i/8] >> (8 * (i % 8))) }

// duplex pads the block (0x01 after the data, 0x02 after the last data
// byte of the block) and permutes.
func (g *KeccakPRG) duplex() {
	g.xorByte(g.pos, 0x01)
	g.xorByte(g.blockLen, 0x02)
	keccak.P1600(&g.a, keccak.MaxRounds)
	g.pos, g.posOut = 0, 0
}

// AddEntropy absorbs seed, which must not be empty; it can be called at any
// time, also between reads.
func (g *KeccakPRG) AddEntropy(seed []byte) error {
	if g.blockLen == 0 {
		return errZeroPRG
	}
	if len(seed) == 0 {
		return errEmptySeed
	}
	var pc preempt.Counter // a preemption point per preempt.Piece
	for _, c := range seed {
		g.xorByte(g.pos, c)
		g.pos++
		if g.pos == g.blockLen {
			g.duplex()
			pc.Add(g.blockLen)
		}
	}
	g.posOut = g.blockLen
	g.seeded = true
	return nil
}

// AddRandomEntropy absorbs 32 bytes from crypto/rand.
func (g *KeccakPRG) AddRandomEntropy() error {
	var seed [32]byte
	if _, err := rand.Read(seed[:]); err != nil {
		return err
	}
	err := g.AddEntropy(seed[:])
	clear(seed[:])
	return err
}

// Read fills p with pseudo-random bytes. It returns an error, and fills
// nothing, if no entropy has been added yet.
func (g *KeccakPRG) Read(p []byte) (int, error) {
	if !g.seeded {
		return 0, errNoEntropy
	}
	var pc preempt.Counter // a preemption point per preempt.Piece
	for i := range p {
		if g.posOut >= g.blockLen {
			g.duplex()
			pc.Add(g.blockLen)
		}
		p[i] = g.byteAt(g.posOut)
		g.posOut++
	}
	return len(p), nil
}

// Forget makes the current state irreversible: it permutes, clears the
// data part of the block and permutes again, so earlier outputs cannot be
// recomputed from a later state. It needs a rate above half the state
// (capacity at most 798 bits) and returns an error otherwise.
func (g *KeccakPRG) Forget() error {
	if g.blockLen == 0 {
		return errZeroPRG
	}
	if g.rate < 1600/2+1 {
		return errForgetRate
	}
	g.duplex()
	for i := range g.blockLen {
		g.xorByte(i, g.byteAt(i))
	}
	g.pos = g.blockLen
	g.duplex()
	g.posOut = g.blockLen
	return nil
}

// Clone returns an independent copy in the same state.
func (g *KeccakPRG) Clone() *KeccakPRG {
	c := *g
	return &c
}
