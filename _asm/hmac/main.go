// Command hmac generates outerSHANI, the outer hash of HMAC-SHA-256 with
// the SHA extensions, for package hmac and, as HKDF's keyed MACs, for package
// hkdf (-target picks the package). Declarations: hmac/sha256_amd64.go,
// hkdf/sha256_amd64.go.
//
// The outer hash compresses, from the precomputed outer chaining value, one
// block: the 32-byte inner digest, 0x80, zeros and the bit length
// (64 + 32) * 8 = 768. The digest words go straight from the chaining value
// into the message registers, without a byte buffer in between.
package main

//go:generate go run . -target hmac -out ../../hmac/sha256_amd64.s -pkg hmac
//go:generate go run . -target hkdf -out ../../hkdf/sha256_amd64.s -pkg hkdf

import (
	"flag"
	"log"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	_ "github.com/hashkit/hashkit/hkdf"
	_ "github.com/hashkit/hashkit/hmac"
)

var target = flag.String("target", "", "the package to write for: hmac or hkdf")

// k256 are the SHA-256 round constants, FIPS 180-4 section 4.2.2.
var k256 = [64]uint32{
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}

func main() {
	flag.Parse()
	if *target != "hmac" && *target != "hkdf" {
		log.Fatalf("-target must be hmac or hkdf, not %q", *target)
	}
	Package("github.com/hashkit/hashkit/" + *target)
	ConstraintExpr("!purego")

	kTable := GLOBL("hmacK256", RODATA|NOPTR)
	for i, k := range k256 {
		DATA(4*i, U32(k))
	}
	// W[8..15]: the padding of a 96-byte message.
	padTable := GLOBL("hmacPad256", RODATA|NOPTR)
	DATA(0, U32(0x80000000))
	for i := 1; i < 7; i++ {
		DATA(4*i, U32(0))
	}
	DATA(28, U32(768))
	// PSHUFB mask reversing the bytes of each dword, for the big-endian
	// output.
	bswap := GLOBL("hmacBswap32", RODATA|NOPTR)
	DATA(0, U64(0x0405060700010203))
	DATA(8, U64(0x0c0d0e0f08090a0b))

	Implement("outerSHANI")
	Attributes(NOSPLIT)

	wk := X0 // SHA256RNDS2's implicit W+K operand
	abef, cdgh := X1, X2
	tmp := X3
	m := [4]VecPhysical{X4, X5, X6, X7}
	saveABEF, saveCDGH := X8, X9

	Comment("The outer chaining value, a..h, to the ABEF/CDGH layout.")
	p := Load(Param("oh"), GP64())
	MOVOU(Mem{Base: p}, abef)
	MOVOU(Mem{Base: p, Disp: 16}, cdgh)
	PSHUFD(Imm(0xb1), abef, abef) // b a d c
	PSHUFD(Imm(0x1b), cdgh, cdgh) // h g f e
	MOVO(abef, tmp)
	PALIGNR(Imm(8), cdgh, abef)   // f e b a = ABEF
	PBLENDW(Imm(0xf0), tmp, cdgh) // h g d c = CDGH
	MOVO(abef, saveABEF)
	MOVO(cdgh, saveCDGH)

	Comment("W[0..7] are the inner digest's words as they are; W[8..15] the padding.")
	h := Load(Param("h"), GP64())
	MOVOU(Mem{Base: h}, m[0])
	MOVOU(Mem{Base: h, Disp: 16}, m[1])
	MOVOU(padTable, m[2])
	MOVOU(padTable.Offset(16), m[3])

	// FIPS 180-4 section 6.2.2: four rounds per group, the schedule four
	// words at a time with SHA256MSG1/MSG2 in m[0..3].
	for g := range 16 {
		MOVO(m[g%4], wk)
		PADDD(kTable.Offset(16*g), wk)
		SHA256RNDS2(wk, abef, cdgh) // rounds 4g and 4g+1
		if g >= 3 && g <= 14 {
			MOVO(m[g%4], tmp)
			PALIGNR(Imm(4), m[(g+3)%4], tmp) // the t-7 words
			PADDD(tmp, m[(g+1)%4])
			SHA256MSG2(m[g%4], m[(g+1)%4]) // plus sigma1
		}
		PSHUFD(Imm(0x0e), wk, wk)
		SHA256RNDS2(wk, cdgh, abef) // rounds 4g+2 and 4g+3
		if g >= 1 && g <= 12 {
			SHA256MSG1(m[g%4], m[(g+3)%4]) // W[t-16] + sigma0(W[t-15])
		}
	}
	PADDD(saveABEF, abef)
	PADDD(saveCDGH, cdgh)

	Comment("Back to a..h, then big-endian bytes.")
	PSHUFD(Imm(0x1b), abef, abef) // a b e f
	PSHUFD(Imm(0xb1), cdgh, cdgh) // g h c d
	MOVO(abef, tmp)
	PBLENDW(Imm(0xf0), cdgh, abef) // a b c d
	PALIGNR(Imm(8), tmp, cdgh)     // e f g h
	MOVOU(bswap, tmp)
	PSHUFB(tmp, abef)
	PSHUFB(tmp, cdgh)
	out := Load(Param("out"), GP64())
	MOVOU(abef, Mem{Base: out})
	MOVOU(cdgh, Mem{Base: out, Disp: 16})
	RET()

	Generate()
}
