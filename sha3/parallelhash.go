package sha3

import (
	"hash"

	"github.com/hashkit/hashkit/internal/keccak"
)

// phCore is the state of ParallelHash (SP 800-185 section 6.3): the outer
// cSHAKE("ParallelHash", S) that absorbs left_encode(B) and then each
// leaf's chaining value, and the leaf being filled. The leaf is hashed as it
// streams in, so no block is buffered and B may be as large as the caller
// likes.
type phCore struct {
	outer  SHAKE
	leaf   keccak.Sponge // SHAKE of the current partial leaf
	leafN  int           // bytes in the current leaf, < b
	blocks uint64        // leaves completed
	b      int
	cvLen  int
	cvs    []byte // scratch for batches of chaining values
}

// maxBatch and maxBatchLeaves bound the input handed to hashLeaves at once,
// so that the chaining-value scratch stays small (at most 256 KiB) whatever
// the block size.
const (
	maxBatch       = 4 << 20
	maxBatchLeaves = 4096
)

func (p *phCore) init(kind uint8, blockSize int, S []byte) error {
	if blockSize < 1 {
		return errBlockSize
	}
	p.b = blockSize
	// Each leaf gives 2*security bits: 32 bytes for ParallelHash128, 64 for
	// ParallelHash256; that is the capacity in bytes.
	p.cvLen = keccak.StateSize - rateOf(kind)
	p.outer.initCSHAKE(kind, []byte("ParallelHash"), S)
	p.Reset()
	return nil
}

// Reset returns to the initial state.
func (p *phCore) Reset() {
	p.outer.Reset()
	var buf [9]byte
	p.outer.s.Absorb(leftEncode(&buf, uint64(p.b)))
	p.leaf.Init(p.outer.s.Rate(), keccak.MaxRounds, keccak.DomainSHAKE)
	p.leafN = 0
	p.blocks = 0
}

// Write absorbs more data. It never returns an error; it panics if called
// after Read (of a ParallelHashXOF).
func (p *phCore) Write(data []byte) (int, error) {
	mustBeMade(&p.outer, "ParallelHash or ParallelHashXOF")
	p.write(data)
	return len(data), nil
}

// BlockSize returns the sponge rate in bytes (not ParallelHash's block size
// B).
func (p *phCore) BlockSize() int { return p.outer.BlockSize() }

func (p *phCore) write(data []byte) {
	if p.outer.s.Squeezing() {
		panic("hashkit/sha3: Write after Read")
	}
	if p.leafN > 0 {
		k := min(len(data), p.b-p.leafN)
		p.leaf.Absorb(data[:k])
		data = data[k:]
		p.leafN += k
		if p.leafN < p.b {
			return
		}
		p.endLeaf()
	}
	for len(data) >= p.b {
		n := max(1, min(len(data), maxBatch)/p.b)
		n = min(n, maxBatchLeaves)
		if need := n * p.cvLen; len(p.cvs) < need {
			p.cvs = make([]byte, need)
		}
		hashLeaves(p.cvs[:n*p.cvLen], data[:n*p.b], p.b, p.outer.s.Rate(), p.cvLen)
		p.outer.s.Absorb(p.cvs[:n*p.cvLen])
		p.blocks += uint64(n)
		data = data[n*p.b:]
	}
	if len(data) > 0 {
		p.leaf.Absorb(data)
		p.leafN = len(data)
	}
}

// endLeaf absorbs the chaining value of the current leaf into the outer
// sponge.
func (p *phCore) endLeaf() {
	var cv [64]byte
	p.leaf.Squeeze(cv[:p.cvLen])
	p.outer.s.Absorb(cv[:p.cvLen])
	p.blocks++
	p.leaf.Reset()
	p.leafN = 0
}

// final returns the outer sponge after the last (partial) leaf,
// right_encode(n) and right_encode(bits), leaving p unchanged.
func (p *phCore) final(bits uint64) keccak.Sponge {
	q := *p
	if q.leafN > 0 {
		q.endLeaf()
	}
	var buf [9]byte
	q.outer.s.Absorb(rightEncode(&buf, q.blocks))
	q.outer.s.Absorb(rightEncode(&buf, bits))
	return q.outer.s
}

func (p *phCore) clone() phCore {
	c := *p
	c.cvs = nil // scratch only; not shared
	return c
}

// ParallelHash is ParallelHash128 or ParallelHash256 (SP 800-185 section 6)
// with a fixed output length. It implements hash.Hash and hash.Cloner.
// Writes of many blocks are hashed on several goroutines. The zero value is
// not usable: make one with NewParallelHash128 or NewParallelHash256.
type ParallelHash struct {
	phCore
	outLen int
}

var (
	_ hash.Hash   = (*ParallelHash)(nil)
	_ hash.Cloner = (*ParallelHash)(nil)
)

// NewParallelHash128 returns ParallelHash128 with block size blockSize in
// bytes, customization string S and output length outLen in bytes (128-bit
// security). Larger blocks cost less per byte; 8192 is a good choice. It
// returns an error if blockSize < 1 or outLen is negative or over 1 GiB.
func NewParallelHash128(blockSize int, S []byte, outLen int) (*ParallelHash, error) {
	return newParallelHash(kindCSHAKE128, blockSize, S, outLen)
}

// NewParallelHash256 returns ParallelHash256 (256-bit security); see
// NewParallelHash128.
func NewParallelHash256(blockSize int, S []byte, outLen int) (*ParallelHash, error) {
	return newParallelHash(kindCSHAKE256, blockSize, S, outLen)
}

func newParallelHash(kind uint8, blockSize int, S []byte, outLen int) (*ParallelHash, error) {
	if err := checkOutLen(outLen); err != nil {
		return nil, err
	}
	h := &ParallelHash{outLen: outLen}
	if err := h.phCore.init(kind, blockSize, S); err != nil {
		return nil, err
	}
	return h, nil
}

// Sum appends the hash of the data so far to b, without changing the state.
func (h *ParallelHash) Sum(b []byte) []byte {
	mustBeMade(&h.outer, "ParallelHash")
	s := h.phCore.final(uint64(h.outLen) * 8)
	return appendSqueeze(b, &s, h.outLen)
}

// Size returns the output length.
func (h *ParallelHash) Size() int { return h.outLen }

// Clone returns an independent copy. The error is always nil.
func (h *ParallelHash) Clone() (hash.Cloner, error) {
	return &ParallelHash{phCore: h.phCore.clone(), outLen: h.outLen}, nil
}

// ParallelHashXOF is ParallelHashXOF128 or ParallelHashXOF256 (SP 800-185
// section 6.3.1). It implements hash.XOF. The zero value is not usable:
// make one with NewParallelHashXOF128 or NewParallelHashXOF256.
type ParallelHashXOF struct{ phCore }

var _ hash.XOF = (*ParallelHashXOF)(nil)

// NewParallelHashXOF128 returns ParallelHashXOF128 with block size
// blockSize and customization string S. It returns an error if blockSize < 1.
func NewParallelHashXOF128(blockSize int, S []byte) (*ParallelHashXOF, error) {
	return newParallelHashXOF(kindCSHAKE128, blockSize, S)
}

// NewParallelHashXOF256 returns ParallelHashXOF256; see NewParallelHashXOF128.
func NewParallelHashXOF256(blockSize int, S []byte) (*ParallelHashXOF, error) {
	return newParallelHashXOF(kindCSHAKE256, blockSize, S)
}

func newParallelHashXOF(kind uint8, blockSize int, S []byte) (*ParallelHashXOF, error) {
	h := new(ParallelHashXOF)
	if err := h.phCore.init(kind, blockSize, S); err != nil {
		return nil, err
	}
	return h, nil
}

// Read fills out with the next bytes of output. It never returns an error.
func (h *ParallelHashXOF) Read(out []byte) (int, error) {
	if !h.phCore.outer.s.Squeezing() {
		mustBeMade(&h.outer, "ParallelHashXOF")
		h.phCore.outer.s = h.phCore.final(0)
	}
	h.phCore.outer.s.Squeeze(out)
	return len(out), nil
}

// Clone returns an independent copy.
func (h *ParallelHashXOF) Clone() *ParallelHashXOF { return &ParallelHashXOF{phCore: h.phCore.clone()} }

func parallelHash(kind uint8, data []byte, blockSize int, S []byte, outLen int, xof bool) ([]byte, error) {
	if err := checkOutLen(outLen); err != nil {
		return nil, err
	}
	var p phCore
	if err := p.init(kind, blockSize, S); err != nil {
		return nil, err
	}
	p.write(data)
	bits := uint64(outLen) * 8
	if xof {
		bits = 0
	}
	s := p.final(bits)
	return appendSqueeze(nil, &s, outLen), nil
}

// ParallelHash128 returns outLen bytes of ParallelHash128 of data with block
// size blockSize in bytes and customization string S. It returns an error if
// blockSize < 1 or outLen is negative or over 1 GiB.
func ParallelHash128(data []byte, blockSize int, S []byte, outLen int) ([]byte, error) {
	return parallelHash(kindCSHAKE128, data, blockSize, S, outLen, false)
}

// ParallelHash256 returns outLen bytes of ParallelHash256; see
// ParallelHash128.
func ParallelHash256(data []byte, blockSize int, S []byte, outLen int) ([]byte, error) {
	return parallelHash(kindCSHAKE256, data, blockSize, S, outLen, false)
}

// ParallelHashXOF128 returns the first outLen bytes of ParallelHashXOF128.
func ParallelHashXOF128(data []byte, blockSize int, S []byte, outLen int) ([]byte, error) {
	return parallelHash(kindCSHAKE128, data, blockSize, S, outLen, true)
}

// ParallelHashXOF256 returns the first outLen bytes of ParallelHashXOF256.
func ParallelHashXOF256(data []byte, blockSize int, S []byte, outLen int) ([]byte, error) {
	return parallelHash(kindCSHAKE256, data, blockSize, S, outLen, true)
}
