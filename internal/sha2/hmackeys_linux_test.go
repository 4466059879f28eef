package sha2

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestHMACKeys256 compares HMACKeys256 on every implementation, for both
// sizes and keys of every length up to 200 bytes placed at the end of a
// page before an inaccessible one (the one-call kernels load the key
// themselves and must not touch a byte after it; then at the start of a
// page after an inaccessible one, for reads before it), with the keyed
// states computed here from the definition (FIPS 198-1 section 4).
func TestHMACKeys256(t *testing.T) {
	g := hashtest.NewGuardPage(t)
	src := hashtest.RandBytes(33, 200)
	hashtest.AllImplementations(t, "sha256", func(t *testing.T) {
		for _, size := range []int{Size256, Size224} {
			iv := IV256
			if size == Size224 {
				iv = IV224
			}
			for n := 0; n <= len(src); n++ {
				key := src[:n]
				var k0 [BlockSize256]byte
				if n > BlockSize256 {
					s := sum256(&iv, key)
					copy(k0[:], s[:size])
				} else {
					copy(k0[:], key)
				}
				var ipad, opad [BlockSize256]byte
				for j, b := range k0 {
					ipad[j], opad[j] = b^0x36, b^0x5c
				}
				wantI, wantO := iv, iv
				block256Generic(&wantI, ipad[:])
				block256Generic(&wantO, opad[:])
				ih, oh := HMACKeys256(size, g.Place(key))
				if ih != wantI || oh != wantO {
					t.Fatalf("size %d, %d-byte key: keyed states differ", size, n)
				}
				if ih, oh := HMACKeys256(size, g.PlaceStart(key)); ih != wantI || oh != wantO {
					t.Fatalf("size %d, %d-byte key at the start of a page: keyed states differ", size, n)
				}
			}
		}
	})
}
