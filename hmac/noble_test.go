package hmac

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks HMAC over every hash against @noble/hashes, with
// random keys around the block size and random message lengths.
func TestNoble(t *testing.T) {
	s := hashtest.NewNobleSet(1)
	s.AddPerHash(hashes, 30, func(name string, i int) {
		key := s.Bytes([]int{0, 1, 16, 32, 64, 65, 128, 129, 200}[i%9])
		msg := s.Bytes(s.Rand.IntN(256) + i*13)
		s.Add("HMAC", map[string]any{"hash": name, "key": key}, msg, func() ([]byte, error) { return mac(hashes[name], key, msg), nil })
	})
	s.Check(t)
}
