// Package zmm holds the 16-lane AVX-512 transpositions shared by the
// kernels that keep one message per 32-bit lane of the ZMM registers
// (blake3's wide kernels, SHA-256's 16-message kernel): 16 rows of 16
// words loaded one row per lane into words across lanes, and back for the
// results. The generator models where every element goes, so a wrong
// shuffle fails at generation time.
package zmm

import (
	"fmt"
	"sort"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Elem names one 32-bit element of the data being transposed.
type Elem struct{ Row, Col int }

// Tracked is a register together with a model of its 16 elements, so the
// generator can follow a transposition and check it.
type Tracked struct {
	R VecPhysical
	E [16]Elem
}

// RegPool hands out free ZMM registers.
type RegPool struct{ free []VecPhysical }

// Get takes a free register.
func (p *RegPool) Get() VecPhysical {
	r := p.free[len(p.free)-1]
	p.free = p.free[:len(p.free)-1]
	return r
}

// Put returns r to the pool.
func (p *RegPool) Put(r VecPhysical) { p.free = append(p.free, r) }

// The shuffles, emitted and modelled. a is the first source (Intel's
// src1), b the second.

func unpackLoDQ(p *RegPool, a, b *Tracked) *Tracked  { return unpack(p, a, b, 0, false, VPUNPCKLDQ) }
func unpackHiDQ(p *RegPool, a, b *Tracked) *Tracked  { return unpack(p, a, b, 2, false, VPUNPCKHDQ) }
func unpackLoQDQ(p *RegPool, a, b *Tracked) *Tracked { return unpack(p, a, b, 0, true, VPUNPCKLQDQ) }
func unpackHiQDQ(p *RegPool, a, b *Tracked) *Tracked { return unpack(p, a, b, 2, true, VPUNPCKHQDQ) }

// unpack emits inst, one of the four unpacks, and models it: in each
// 128-bit lane, elements half and half+1 (half 0: the low pair, 2: the
// high pair) of a and of b, interleaved by element (a b a b) or, with qdq,
// by pair (a a b b).
func unpack(p *RegPool, a, b *Tracked, half int, qdq bool, inst func(...Op)) *Tracked {
	o := &Tracked{R: p.Get()}
	for l := 0; l < 16; l += 4 {
		x, y := a.E[l+half:l+half+2], b.E[l+half:l+half+2]
		if qdq {
			o.E[l], o.E[l+1], o.E[l+2], o.E[l+3] = x[0], x[1], y[0], y[1]
		} else {
			o.E[l], o.E[l+1], o.E[l+2], o.E[l+3] = x[0], y[0], x[1], y[1]
		}
	}
	inst(b.R, a.R, o.R)
	return o
}

// shuf128 picks 128-bit lanes: two of a (imm bits 0-3), then two of b.
func shuf128(p *RegPool, imm int, a, b *Tracked) *Tracked {
	o := &Tracked{R: p.Get()}
	src := [4]*Tracked{a, a, b, b}
	for k := range 4 {
		l := (imm >> (2 * k)) & 3
		copy(o.E[4*k:4*k+4], src[k].E[4*l:4*l+4])
	}
	VSHUFI32X4(U8(imm), b.R, a.R, o.R)
	return o
}

// pairs applies lo and hi to rows (i, i+dist) for each i whose bit dist is
// clear, freeing the inputs, and returns the new rows in place.
func pairs(p *RegPool, rows []*Tracked, dist int, lo, hi func(*RegPool, *Tracked, *Tracked) *Tracked) {
	for i := range rows {
		if i&dist != 0 {
			continue
		}
		a, b := rows[i], rows[i+dist]
		l := lo(p, a, b)
		h := hi(p, a, b)
		p.Put(a.R)
		p.Put(b.R)
		rows[i], rows[i+dist] = l, h
	}
}

// Transpose16 transposes 16 rows of 16 elements: afterwards the register
// holding column c of every row, in row order, is returned at index c.
func Transpose16(p *RegPool, rows []*Tracked) []*Tracked {
	pairs(p, rows, 1, unpackLoDQ, unpackHiDQ)
	pairs(p, rows, 2, unpackLoQDQ, unpackHiQDQ)
	lo := func(p *RegPool, a, b *Tracked) *Tracked { return shuf128(p, 0x88, a, b) }
	hi := func(p *RegPool, a, b *Tracked) *Tracked { return shuf128(p, 0xdd, a, b) }
	pairs(p, rows, 4, lo, hi)
	pairs(p, rows, 8, lo, hi)
	return columns("Transpose16", rows, 16)
}

// columns checks that each of rows holds one column (element i of it: row
// i of the column, for i below n) and returns them at their column's
// index; name is the caller's, for the panic of a wrong model.
func columns(name string, rows []*Tracked, n int) []*Tracked {
	cols := make([]*Tracked, len(rows))
	for _, t := range rows {
		c := t.E[0].Col
		for i, e := range t.E[:n] {
			if e.Row != i || e.Col != c {
				panic(fmt.Sprintf("%s: register %v holds %v", name, t.R, t.E[:n]))
			}
		}
		cols[c] = t
	}
	return cols
}

// tracked returns a pool of the scratch registers and the registers regs
// as Tracked ones, element j of regs[i] (j below width) being elem(i, j).
func tracked(regs, scratch []VecPhysical, width int, elem func(i, j int) Elem) (*RegPool, []*Tracked) {
	pool := &RegPool{}
	for _, r := range scratch {
		pool.Put(r)
	}
	tr := make([]*Tracked, len(regs))
	for i := range tr {
		tr[i] = &Tracked{R: regs[i]}
		for j := range width {
			tr[i].E[j] = elem(i, j)
		}
	}
	return pool, tr
}

// registers returns the registers of ts.
func registers(ts []*Tracked) []VecPhysical {
	regs := make([]VecPhysical, len(ts))
	for i, t := range ts {
		regs[i] = t.R
	}
	return regs
}

// TransposeRows transposes the 16 rows of 16 words in rows (row i, lane
// i's 64 bytes, in rows[i]) with the help of the scratch registers (at
// least 8) and returns the registers that hold column c, word c of every
// row in row order, at index c. The registers returned are among rows and
// scratch; the others of those are free afterwards.
func TransposeRows(rows, scratch []VecPhysical) []VecPhysical {
	pool, tr := tracked(rows[:16], scratch, 16, rowMajor)
	return registers(Transpose16(pool, tr))
}

// rowMajor is the element of rows not yet transposed: row i, column j.
func rowMajor(i, j int) Elem { return Elem{Row: i, Col: j} }

// StoreLanes transposes the eight registers words (word i of every lane in
// words[i]) to one 32-byte row per lane with the help of the scratch
// registers (at least 8) and stores the rows of lanes 0 to lanes-1 (lanes
// a register holding 1 to 16) to out+32*lane. end is a label name of the
// caller's, placed after the stores.
func StoreLanes(words, scratch []VecPhysical, lanes, out Register, end string) {
	storeLanes(words, scratch, lanes, out, end, 16)
}

// storeLanes is StoreLanes for registers of width 32-bit lanes (16: ZMM,
// 8: YMM).
func storeLanes(words, scratch []VecPhysical, lanes, out Register, end string, width int) {
	// Lane j of words[i] holds word i of lane j's row.
	pool, tr := tracked(words[:8], scratch, width, func(i, j int) Elem { return Elem{Row: j, Col: i} })
	pairs(pool, tr, 1, unpackLoDQ, unpackHiDQ)
	pairs(pool, tr, 2, unpackLoQDQ, unpackHiQDQ)
	type store struct {
		lane, col, l int
		r            VecPhysical
	}
	var stores []store
	for _, t := range tr {
		for l := range width / 4 {
			e := t.E[4*l : 4*l+4]
			for k := range 4 {
				if e[k].Row != e[0].Row || e[k].Col != e[0].Col+k {
					panic(fmt.Sprintf("output transposition: %v", t.E))
				}
			}
			stores = append(stores, store{lane: e[0].Row, col: e[0].Col, l: l, r: t.R})
		}
	}
	sort.Slice(stores, func(i, j int) bool {
		return stores[i].lane < stores[j].lane || stores[i].lane == stores[j].lane && stores[i].col < stores[j].col
	})
	for i, st := range stores {
		if st.lane > 0 && (i == 0 || stores[i-1].lane != st.lane) {
			CMPQ(lanes, U8(st.lane))
			JLE(LabelRef(end))
		}
		VEXTRACTI32X4(U8(st.l), st.r, Mem{Base: out, Disp: 32*st.lane + 4*st.col})
	}
	Label(end)
}

// LaneOffsets stores to the 16 quadwords at table the offset of each lane's
// row: i*stride for lane i below lanes, 0 (lane 0's row again) above, so
// that a kernel given fewer than 16 inputs reads only inputs that exist.
func LaneOffsets(lanes, stride Register, table Mem) {
	zero, acc := GP64(), GP64()
	XORQ(zero, zero)
	XORQ(acc, acc)
	for i := range 16 {
		off := GP64()
		MOVQ(acc, off)
		CMPQ(lanes, U8(i))
		CMOVQLE(zero, off)
		MOVQ(off, table.Offset(8*i))
		if i < 15 {
			ADDQ(stride, acc)
		}
	}
}

// The same on YMM registers (AVX-512VL), eight 32-bit lanes: a Tracked
// then models its low 8 elements only. The unpacks work within 128-bit
// lanes, as on ZMM; shuf128y picks one 128-bit lane of a (imm bit 0) for
// the low half and one of b (imm bit 1) for the high half.

func shuf128y(p *RegPool, imm int, a, b *Tracked) *Tracked {
	o := &Tracked{R: p.Get()}
	copy(o.E[0:4], a.E[4*(imm&1):4*(imm&1)+4])
	copy(o.E[4:8], b.E[4*(imm>>1&1):4*(imm>>1&1)+4])
	VSHUFI32X4(U8(imm), b.R, a.R, o.R)
	return o
}

// TransposeRows8 transposes eight rows of eight words (row i in rows[i],
// YMM registers) with the help of the scratch registers (at least 8) and
// returns the registers that hold column c, word c of every row in row
// order, at index c; they are among rows and scratch.
func TransposeRows8(rows, scratch []VecPhysical) []VecPhysical {
	pool, tr := tracked(rows[:8], scratch, 8, rowMajor)
	pairs(pool, tr, 1, unpackLoDQ, unpackHiDQ)
	pairs(pool, tr, 2, unpackLoQDQ, unpackHiQDQ)
	lo := func(p *RegPool, a, b *Tracked) *Tracked { return shuf128y(p, 0, a, b) }
	hi := func(p *RegPool, a, b *Tracked) *Tracked { return shuf128y(p, 3, a, b) }
	pairs(pool, tr, 4, lo, hi)
	return registers(columns("TransposeRows8", tr, 8))
}

// StoreLanes8 is StoreLanes for eight lanes in YMM registers (lanes 1 to
// 8).
func StoreLanes8(words, scratch []VecPhysical, lanes, out Register, end string) {
	storeLanes(words, scratch, lanes, out, end, 8)
}
