//go:build !race

package blake2s

import "testing"

func TestAllocations(t *testing.T) {
	b2.TestAllocs(t, map[string]func([]byte){"Sum256": func(m []byte) { Sum256(m) }},
		func(key []byte) { New(Size, key) }, func() { NewXOF(100, nil) })
}
