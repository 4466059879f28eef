//go:build linux

package sha256

import (
	stdsha256 "crypto/sha256"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestSumManyNoOverRead puts the batch at the end of a page followed by an
// inaccessible page, and dst just before another, on every kernel: a
// kernel that reads or writes past its slices faults.
func TestSumManyNoOverRead(t *testing.T) {
	in := hashtest.NewGuardPage(t)
	out := hashtest.NewGuardPage(t)
	src := hashtest.RandBytes(2, in.Size())
	hashtest.ManyImplementations(t, "sha256", func(t *testing.T) {
		for _, l := range []int{1, 32, 63, 64, 100, 128, 200} {
			for _, n := range []int{1, 2, 3, 8, 9} {
				data := in.Place(src[:n*l])
				dstBytes := out.Place(make([]byte, n*Size))
				dst := make([][Size]byte, n)
				if err := SumMany(dst, data, l); err != nil {
					t.Fatal(err)
				}
				for i := range n {
					if want := stdsha256.Sum256(data[i*l : (i+1)*l]); dst[i] != want {
						t.Fatalf("%d messages of %d bytes at a page end: digest %d differs", n, l, i)
					}
				}
				// The digests at the end of a page too.
				view := digestsAt(dstBytes)
				if err := SumMany(view, data, l); err != nil {
					t.Fatal(err)
				}
				for i := range n {
					if view[i] != dst[i] {
						t.Fatalf("%d messages of %d bytes, digests at a page end: digest %d differs", n, l, i)
					}
				}
			}
		}
	})
}
