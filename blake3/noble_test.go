package blake3

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks hash, keyed hash and key derivation, with output
// lengths around block boundaries, against @noble/hashes (crosscheck/noble,
// algs/blake3.mjs) over random inputs whose lengths cluster around block and
// chunk boundaries.
func TestNoble(t *testing.T) {
	s := hashtest.NewNobleSet(11)
	for i := range s.Count(300, 60) {
		var l int
		switch i % 3 {
		case 0:
			l = s.Rand.IntN(200)
		case 1:
			l = (1+s.Rand.IntN(40))*chunkLen + s.Rand.IntN(3) - 1
		default:
			l = s.Rand.IntN(70 * chunkLen)
		}
		in, out := s.Bytes(l), make([]byte, []int{1, 31, 32, 33, 64, 65, 200, 1000}[s.Rand.IntN(8)])
		switch i % 4 {
		case 1:
			key := s.Bytes(KeySize)
			s.Add("BLAKE3", map[string]any{"out_len": len(out), "key": key}, in, func() ([]byte, error) {
				h, err := NewKeyed(key)
				if err != nil {
					return nil, err
				}
				h.Write(in)
				h.Read(out)
				return out, nil
			})
		case 2:
			context := s.Bytes(s.Rand.IntN(100))
			s.Add("BLAKE3", map[string]any{"out_len": len(out), "context": context}, in, func() ([]byte, error) {
				DeriveKey(string(context), in, out)
				return out, nil
			})
		default:
			s.Add("BLAKE3", map[string]any{"out_len": len(out)}, in, func() ([]byte, error) {
				h := New()
				h.Write(in)
				h.Read(out)
				return out, nil
			})
		}
	}
	s.Check(t)
}
