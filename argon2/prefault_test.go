package argon2

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/kdftest"
)

// TestPrefault compares derivations whose first pass runs beside prefault
// (a thread more than the lanes, a fresh array) with the same without it
// (as many threads as lanes), at sizes where the fill and prefault meet in
// many places.
func TestPrefault(t *testing.T) {
	pw, salt := []byte("password"), []byte("saltsaltsalt")
	for _, lanes := range []uint32{1, 2, 3} {
		for _, mem := range []uint32{8 * lanes, 64*lanes + 8*lanes, 1024, 3000} {
			for _, v := range []Variant{Argon2d, Argon2id} {
				p := Params{Variant: v, Time: 2, Memory: mem, Lanes: lanes, KeyLen: 32}
				kdftest.SameWithPrefault(t, fmt.Sprintf("%v, %d KiB, %d lanes", v, mem, lanes), int(lanes), func(threads int) ([]byte, error) {
					p.Threads = threads
					return DeriveKey(context.Background(), pw, salt, p)
				})
			}
		}
	}
}
