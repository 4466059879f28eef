package keccak

import (
	"encoding/binary"

	"github.com/hashkit/hashkit/internal/batch"
	"github.com/hashkit/hashkit/internal/preempt"
)

// Many independent messages at once, on the multi-state kernels: the batch
// functions of package sha3 (SumMany256, SumManySHAKE128, SHAKEMany, ...).

// MultiMax is the most sponges a Multi holds: the width of the widest
// kernel.
const MultiMax = 8

// Multi is up to eight sponges of one rate, rounds and domain byte, each
// absorbing one message and then squeezed in lockstep. The states are
// lane-interleaved for the kernels (see multi_generic.go), in groups of
// the kernel's width: one group of eight (the AVX-512 kernel's layout), two
// groups of four (AVX2's), three of three or four of two (arm64's), fixed
// at Init.
type Multi struct {
	s     [25 * (MultiMax + 1)]uint64 // room for three groups of three
	n     int                         // sponges in use
	rate  int                         // bytes
	kRate int                         // the kernel's block stride: rate, or 136 for the smaller rates (the extra lanes fed zeros)
	width int                         // states per interleaved group: 8, 4, 3 or 2
	pos   int                         // bytes of the current output block already read
	// rounds as the kernels take them: the first round constant and the
	// number of twelve-round groups.
	rounds int
}

// lane returns the index in m.s of lane i of sponge j.
func (m *Multi) lane(i, j int) int {
	return (25*(j/m.width)+i)*m.width + j%m.width
}

// Init absorbs n (1 to MultiMax) messages of msgLen bytes, data[j*msgLen:
// (j+1)*msgLen] into sponge j, pads them (FIPS 202 pad10*1 after the domain
// byte ds) and makes m ready to squeeze. rate must be a multiple of 8 of at
// most 168 bytes and rounds a multiple of 12; Init panics otherwise (the
// arguments come from package sha3, never from its users).
func (m *Multi) Init(data []byte, n, msgLen, rate, rounds int, ds byte) {
	if n < 1 || n > MultiMax || msgLen < 0 || len(data) != n*msgLen || rate%8 != 0 || rate < 8 || rate > Rate128 ||
		rounds%12 != 0 || rounds < 12 || rounds > MaxRounds || ds == 0 {
		panic("hashkit/internal/keccak: invalid Multi arguments")
	}
	*m = Multi{n: n, rate: rate, kRate: rate, rounds: rounds, width: multiWidth(n)}
	if rate != Rate128 && rate != Rate256 {
		m.kRate = Rate256
	}
	var offs [MultiMax]uint64
	full := msgLen / rate
	if m.kRate == rate && full > 0 {
		// Whole blocks in place, in calls of at most preempt.Piece bytes.
		for j := range n {
			offs[j] = uint64(j * msgLen)
		}
		perCall := max(preempt.Piece/(MultiMax*rate), 1)
		preempt.Steps(full, perCall, func(b, e int) { m.absorb(data[b*rate:], &offs, e-b) })
	} else if full > 0 {
		// A smaller rate: each block is copied into a kernel-sized slot
		// whose extra lanes stay zero.
		var slots [MultiMax * Rate256]byte
		for j := range n {
			offs[j] = uint64(j * m.kRate)
		}
		for b := range full {
			for j := range n {
				copy(slots[j*m.kRate:j*m.kRate+rate], data[j*msgLen+b*rate:])
			}
			m.absorb(slots[:n*m.kRate], &offs, 1)
		}
	}
	// The last block: the message's tail and the padding.
	var pad [MultiMax * Rate128]byte
	tail := msgLen - full*rate
	for j := range n {
		b := pad[j*m.kRate : j*m.kRate+rate]
		copy(b, data[j*msgLen+full*rate:(j+1)*msgLen])
		b[tail] ^= ds
		b[rate-1] ^= 0x80
		offs[j] = uint64(j * m.kRate)
	}
	m.absorb(pad[:n*m.kRate], &offs, 1)
}

// zeroBlock is absorbed to permute without input.
var zeroBlock [Rate128]byte

// Squeeze writes the next outLen bytes of each sponge's output to dst,
// sponge j's at dst[j*outLen:(j+1)*outLen]; len(dst) must be at least
// n*outLen.
func (m *Multi) Squeeze(dst []byte, outLen int) {
	_ = dst[:m.n*outLen]
	var zeroOffs [MultiMax]uint64
	for done := 0; done < outLen; {
		if m.pos == m.rate {
			m.absorb(zeroBlock[:m.kRate], &zeroOffs, 1)
			m.pos = 0
		}
		k := min(outLen-done, m.rate-m.pos)
		for j := range m.n {
			m.extract(dst[j*outLen+done:j*outLen+done+k], j, m.pos)
		}
		m.pos += k
		done += k
	}
}

// extract copies bytes off.. of sponge j's state to out. Its lanes are
// width words apart, starting at lane(0, j).
func (m *Multi) extract(out []byte, j, off int) {
	base, step := m.lane(0, j), m.width
	for len(out) > 0 && off%8 != 0 {
		out[0] = byte(m.s[base+off/8*step] >> (8 * (off % 8)))
		out, off = out[1:], off+1
	}
	for k := base + off/8*step; len(out) >= 8; k += step {
		binary.LittleEndian.PutUint64(out, m.s[k])
		out, off = out[8:], off+8
	}
	for i := range out {
		out[i] = byte(m.s[base+off/8*step] >> (8 * i))
	}
}

// absorb feeds blocks kRate-byte blocks to each sponge j in use, read from
// in[offs[j]:], and permutes after each; offs[j] + blocks*kRate <=
// len(in) for every j < n. The states of the layout's last group that no
// sponge uses run beside a copy of sponge 0's input and are ignored. The
// kernel of the layout runs them (absorbKernel), or else the portable code.
func (m *Multi) absorb(in []byte, offs *[MultiMax]uint64, blocks int) {
	for j := m.n; j < MultiMax; j++ {
		offs[j] = offs[0]
	}
	if !m.absorbKernel(in, offs, blocks) {
		m.absorbGeneric(in, offs, blocks)
	}
}

// absorbGeneric is absorb without a kernel: each sponge in turn is taken
// out of the interleaved layout, fed its blocks (rate bytes of each
// kRate-byte block at in[offs[j]:]) and permuted, and put back.
func (m *Multi) absorbGeneric(in []byte, offs *[MultiMax]uint64, blocks int) {
	for j := range m.n {
		var a [25]uint64
		for i := range a {
			a[i] = m.s[m.lane(i, j)]
		}
		p := in[offs[j]:]
		for range blocks {
			xorIn(&a, 0, p[:m.rate])
			P1600(&a, m.rounds)
			p = p[m.kRate:]
		}
		for i := range a {
			m.s[m.lane(i, j)] = a[i]
		}
	}
}

// Inputs of at least manyParallelMin bytes (counting a block each for the
// padding and the output) are hashed on several goroutines (batch.Workers
// says why so many), at least manyRunBytes at a time (batch.RunBytes).
// Variables so that tests can lower them.
var (
	manyParallelMin = 1 << 20
	manyRunBytes    = 64 << 10
)

// Many writes outLen bytes of output of the sponge (rate, rounds, ds) over
// each of the n = len(dst)/outLen messages of msgLen bytes in data to
// dst[i*outLen:(i+1)*outLen]: the result of one Sponge per message. The
// caller checks that len(data) == n*msgLen and len(dst) == n*outLen.
// Large inputs are hashed on several goroutines (batch.Split: dst itself
// never reaches the others, so it does not escape).
func Many(dst, data []byte, msgLen, rate, rounds int, ds byte, outLen int) {
	n := len(dst) / outLen
	per := msgLen + rate + outLen
	w := batch.Workers(n*per, n, manyParallelMin, manyRunBytes)
	if w == 1 {
		manySerial(dst, data, n, msgLen, rate, rounds, ds, outLen)
		return
	}
	run := (max(batch.RunBytes(n*per, w, manyRunBytes)/per, 1) + MultiMax - 1) &^ (MultiMax - 1)
	spread(false, dst, data, n, w, run, msgLen, rate, rounds, ds, outLen)
}

// manySerial is Many on the calling goroutine: eight messages at a time in
// a Multi where a multi-state kernel runs, else one Sponge each.
func manySerial(dst, data []byte, n, msgLen, rate, rounds int, ds byte, outLen int) {
	if !multiKernel() {
		var s Sponge
		for i := range n {
			s.Init(rate, rounds, ds)
			s.Absorb(data[i*msgLen : (i+1)*msgLen])
			s.Squeeze(dst[i*outLen : (i+1)*outLen])
		}
		return
	}
	var m Multi
	for done := 0; done < n; done += MultiMax {
		k := min(MultiMax, n-done)
		m.Init(data[done*msgLen:(done+k)*msgLen], k, msgLen, rate, rounds, ds)
		m.Squeeze(dst[done*outLen:], outLen)
	}
}

// Streams returns the number of sponges in use, 0 before Init.
func (m *Multi) Streams() int { return m.n }
