package asmutil

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// LoadTail emits the loads of the last bytes of a message for a kernel
// that finishes a 64-byte-block hash (SHA-1, SHA-256) in registers: it
// returns r = n mod 64 and fills the four XMM registers m with the r bytes
// at p (m[i] gets bytes 16i..16i+15, loaded by LoadBytes, which reads no
// byte past them and touches no page without them), the padding byte 0x80
// after them and zeros. A masked byte broadcast places the 0x80; K1 and K2
// are used. Nothing goes through memory, so no load waits on the narrower
// stores that would have built a padded block (store-to-load forwarding
// fails when a load spans several stores). The caller adds the length and
// byte-swaps the words.
func LoadTail(p, n Register, m []Register) Register {
	r, padMask, t := GP64(), GP64(), GP64()
	MOVQ(n, r)
	ANDQ(Imm(63), r)
	LoadBytes("tail", p, r, GP64(), GP64(), GP64(), XMM(), K1, m)
	MOVL(U32(1), t.As32())
	SHLXQ(r, t, padMask) // bit r
	KMOVQ(padMask, K2)
	b80 := GP32()
	MOVL(U32(0x80), b80)
	for i, w := range m {
		if i > 0 {
			KSHIFTRQ(U8(16), K2, K2)
		}
		VPBROADCASTB(b80, K2, w)
	}
	return r
}

// LoadTailSSE is LoadTail without AVX-512 or BMI2 (legacy SSE4.1): the r
// bytes and the 0x80 after them are put together by LoadBytesSSE, which
// reads no byte outside them. It uses CX.
func LoadTailSSE(p, n Register, m []Register) Register {
	r := GP64()
	MOVQ(n, r)
	ANDQ(Imm(63), r)
	LoadBytesSSE("tail", p, r, GP64(), GP64(), GP64(), GP64(), m, true)
	return r
}

// WholeBlocks loads the base of the slice parameter param into p, jumps to
// label done if the slice holds no whole block of 1<<shift bytes, and
// returns p and the end of its whole blocks, for a kernel that loops over
// them with p.
func WholeBlocks(param string, shift uint64, done string) (p, end Register) {
	p = Load(Param(param).Base(), GP64())
	n := Load(Param(param).Len(), GP64())
	SHRQ(Imm(shift), n)
	JZ(LabelRef(done))
	SHLQ(Imm(shift), n)
	end = GP64()
	LEAQ(Mem{Base: p, Index: n, Scale: 1}, end)
	return p, end
}

// BlockLoop emits a loop over the whole 64-byte blocks of the n bytes at
// p: body runs once per block with p pointing at it, and p ends at the
// first byte after the last whole block. name labels the loop; the code
// after it is labelled name+"_end".
func BlockLoop(name string, p, n Register, body func()) {
	end := GP64()
	MOVQ(n, end)
	ANDQ(I32(-64), end)
	ADDQ(p, end)
	CMPQ(p, end)
	JEQ(LabelRef(name + "_end"))
	Label(name)
	body()
	ADDQ(Imm(64), p)
	CMPQ(p, end)
	JNE(LabelRef(name))
	Label(name + "_end")
}
