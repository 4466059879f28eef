// Command sha2 generates the amd64 kernels of internal/sha2: the SHA-256
// compression with the SHA extensions (blockSHANI) and with AVX2 and BMI2
// (blockAVX2), and the SHA-512 compression with AVX-512VL (block512AVX512)
// and with AVX2 (block512AVX2), and the same two with the message schedule
// in YMM registers and rounds 0 to 63 in a loop (block512AVX512YMM,
// block512AVX2YMM), and, with the SHA extensions, the
// PBKDF2-HMAC-SHA-256 iterations on one U chain (pbkdf2SHANI) and on two
// (pbkdf2x2SHANI) and the outer hash of HMAC-SHA-256 (outer256SHANI).
// Every SHA-256 kernel of the module is here. Declarations:
// internal/sha2/block_amd64.go.
//
// With -kernels many256 it writes the kernels that hash many messages at
// once (sumMany256x2SHANI, sumMany256x16AVX512 and sumMany256x8AVX2,
// declared in internal/sha2/many_amd64.go).
//
// The -kernels flag picks the family written to -out: 256, 512 or many256.
package main

//go:generate go run . -kernels 256 -out ../../internal/sha2/sha256block_amd64.s -pkg sha2
//go:generate go run . -kernels 512 -out ../../internal/sha2/sha512block_amd64.s -pkg sha2
//go:generate go run . -kernels many256 -out ../../internal/sha2/many256_amd64.s -pkg sha2

import (
	"flag"
	"log"

	. "github.com/mmcloughlin/avo/build"

	_ "github.com/hashkit/hashkit/internal/sha2"
)

var kernels = flag.String("kernels", "", "which kernels to write: 256, 512 or many256")

func main() {
	flag.Parse()
	Package("github.com/hashkit/hashkit/internal/sha2")
	ConstraintExpr("!purego")
	switch *kernels {
	case "256":
		genSHANI()
		genSHA256AVX2(false)
		genPBKDF2SHANI()
		genPBKDF2x2SHANI()
		genOuterSHANI()
		genSumSHANI(false)
		genHMACKeysSHANI(false)
		genSumSHANI(true)
		genHMACKeysSHANI(true)
		genSHA256AVX2(true)
	case "512":
		genSHA512(true, false)
		genSHA512YMM(false)
		genSHA512YMM(true)
		genSHA512(false, false)
		genSHA512(true, true)
	case "many256":
		genMany256x2SHANI()
		genMany256x16AVX512()
		genMany256x8AVX2()
	default:
		log.Fatalf("-kernels must be 256, 512 or many256, not %q", *kernels)
	}
	Generate()
}
