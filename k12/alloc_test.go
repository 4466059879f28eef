//go:build !race

package k12

import (
	"hash"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

func TestAllocs(t *testing.T) {
	msg := make([]byte, 3*8192+100)
	custom := []byte("custom")
	out := make([]byte, 64)
	hashtest.AllImplementations(t, "keccak", func(t *testing.T) {
		for _, alg := range []string{"TurboSHAKE128", "TurboSHAKE256", "KT128", "KT256", "M14"} {
			hashtest.TestAllocs(t, func() hash.Hash { return newXOF(alg, 0x1F, custom).(hash.Hash) })
			x := newXOF(alg, 0x1F, custom)
			hashtest.NoAllocs(t, alg+" Reset, Write, Read", func() {
				x.Reset()
				x.Write(msg)
				x.Read(out)
				x.Read(out)
			})
			hashtest.NoAllocs(t, alg+" one-shot", func() {
				var o []byte
				switch alg {
				case "TurboSHAKE128":
					o = SumTurboSHAKE128(msg, 0x1F, 32)
				case "TurboSHAKE256":
					o = SumTurboSHAKE256(msg, 0x1F, 64)
				case "KT128":
					o = SumKT128(msg, custom, 32)
				case "KT256":
					o = SumKT256(msg, custom, 64)
				case "M14":
					o = SumM14(msg, custom, 64)
				}
				out[0] = o[0]
			})
			m := x.(interface {
				AppendBinary([]byte) ([]byte, error)
			})
			buf := make([]byte, 0, 1024)
			hashtest.NoAllocs(t, alg+" AppendBinary", func() {
				buf, _ = m.AppendBinary(buf[:0])
			})
		}
	})
}
