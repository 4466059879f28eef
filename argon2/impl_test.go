package argon2

import (
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
)

func randBlock(seed uint64) (b block) {
	raw := hashtest.RandBytes(seed, 8*blockWords)
	for i := range b {
		for k := range 8 {
			b[i] |= uint64(raw[8*i+k]) << (8 * k)
		}
	}
	return b
}

// checkCompress compares compress (the selected kernel) with
// compressGeneric, with and without xor, and with out aliasing y (as the
// address-block generation does) or x.
func checkCompress(t *testing.T, x, y, old block) {
	t.Helper()
	// Each case starts out as a block and passes it to f, as an input too
	// where it aliases one.
	type compressFunc = func(out, x, y *block, xor bool)
	cases := []struct {
		what  string
		start block
		run   func(f compressFunc, out *block, xor bool)
	}{
		{"", old, func(f compressFunc, out *block, xor bool) { f(out, &x, &y, xor) }},
		{", out aliasing y", y, func(f compressFunc, out *block, xor bool) { f(out, &x, out, xor) }},
		{", out aliasing x", x, func(f compressFunc, out *block, xor bool) { f(out, out, &y, xor) }},
	}
	for _, c := range cases {
		for _, xor := range []bool{false, true} {
			want, got := c.start, c.start
			c.run(compressGeneric, &want, xor)
			c.run(compress, &got, xor)
			if got != want {
				t.Fatalf("xor=%v%s: kernel and generic compression differ", xor, c.what)
			}
		}
	}
}

func TestKernels(t *testing.T) {
	hashtest.AllImplementations(t, "argon2", func(t *testing.T) {
		for i := range uint64(50) {
			checkCompress(t, randBlock(3*i), randBlock(3*i+1), randBlock(3*i+2))
		}
		var zero, ones block
		for i := range ones {
			ones[i] = ^uint64(0)
		}
		checkCompress(t, zero, zero, zero)
		checkCompress(t, ones, zero, ones)
	})
}

func FuzzKernels(f *testing.F) {
	f.Add(uint64(1))
	f.Fuzz(func(t *testing.T, seed uint64) {
		x, y, old := randBlock(seed), randBlock(seed^1), randBlock(seed^2)
		for _, name := range cpu.Impls("argon2") {
			cpu.Select("argon2", name)
			checkCompress(t, x, y, old)
		}
		cpu.Restore("argon2")
	})
}
