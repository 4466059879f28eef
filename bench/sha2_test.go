package bench

import (
	stdsha256 "crypto/sha256"
	stdsha512 "crypto/sha512"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/sha256"
	"github.com/hashkit/hashkit/sha512"
)

// SHA-256 and SHA-512 against crypto/sha256 and crypto/sha512 (which use
// SHA-NI and AVX2 on this kind of machine). Differential tests against the
// standard library live in the sha256 and sha512 packages.

// blockHashSizes are the benchmark sizes of the block hashes (SHA-2, MD5,
// SHA-1, RIPEMD-160, BLAKE).
var blockHashSizes = []int{8, 64, 1024, 8192, 1 << 20}

var (
	sink256 [32]byte
	sink512 [64]byte
)

func BenchmarkSHA256(b *testing.B) {
	benchVs(b, "stdlib", blockHashSizes, func(m []byte) { sink256 = sha256.Sum256(m) }, func(m []byte) { sink256 = stdsha256.Sum256(m) })
}

func BenchmarkSHA256Stream(b *testing.B) {
	streamVs(b, "stdlib", sha256.New, stdsha256.New)
}

func BenchmarkSHA512(b *testing.B) {
	benchVs(b, "stdlib", blockHashSizes, func(m []byte) { sink512 = sha512.Sum512(m) }, func(m []byte) { sink512 = stdsha512.Sum512(m) })
}

func BenchmarkSHA512Stream(b *testing.B) {
	streamVs(b, "stdlib", sha512.New, stdsha512.New)
}

func BenchmarkSHA384(b *testing.B) {
	var s [48]byte
	benchVs(b, "stdlib", blockHashSizes, func(m []byte) { s = sha512.Sum384(m) }, func(m []byte) { s = stdsha512.Sum384(m) })
	_ = s
}

// BenchmarkSHA2Kernels compares hashkit's own kernels (and the portable
// code, impl=generic) at 8 KiB, one-shot.
func BenchmarkSHA2Kernels(b *testing.B) {
	msg := hashtest.RandBytes(9, 8192)
	for _, fam := range []struct {
		pkg string
		sum func([]byte)
	}{
		{"sha256", func(m []byte) { sink256 = sha256.Sum256(m) }},
		{"sha512", func(m []byte) { sink512 = sha512.Sum512(m) }},
	} {
		for _, name := range append(cpu.Impls(fam.pkg), "generic") {
			b.Run("alg="+fam.pkg+"/impl="+name, func(b *testing.B) {
				sel := name
				if sel == "generic" {
					sel = ""
				}
				cpu.Select(fam.pkg, sel)
				defer cpu.Restore(fam.pkg)
				// The one-call kernel would hash the whole message: a block
				// kernel's row runs without it.
				for _, k := range cpu.Kernels() {
					if k.Pkg == fam.pkg && k.Name == sel && k.Role == cpu.RoleBlock {
						cpu.SelectRole(fam.pkg, cpu.RoleOneCall, "")
					}
				}
				b.SetBytes(int64(len(msg)))
				b.ReportAllocs()
				for b.Loop() {
					fam.sum(msg)
				}
			})
		}
	}
}
