//go:build !race

package blake2b

import "testing"

func TestAllocations(t *testing.T) {
	b2.TestAllocs(t, map[string]func([]byte){
		"Sum512": func(m []byte) { Sum512(m) },
		"Sum384": func(m []byte) { Sum384(m) },
		"Sum256": func(m []byte) { Sum256(m) },
	}, func(key []byte) { New(Size, key) }, func() { NewXOF(100, nil) })
}
