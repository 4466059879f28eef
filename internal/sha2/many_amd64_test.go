//go:build !purego

package sha2

import (
	"bytes"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestSumManyMixed runs the default dispatch, where the 16-lane kernel takes
// the large groups and the two-message kernel the rest, with the split
// moved, and compares with Sum256.
func TestSumManyMixed(t *testing.T) {
	defer func(m int) { manyMinAVX512 = m }(manyMinAVX512)
	src := hashtest.RandBytes(13, 40*300)
	for _, min := range []int{2, 8, 16, 1 << 30} {
		manyMinAVX512 = min
		for _, l := range []int{1, 64, 100, 128, 300} {
			for _, n := range []int{2, 3, 7, 8, 9, 17, 18, 31, 40} {
				data := src[:n*l]
				out := make([]byte, n*Size256)
				SumMany256(&IV256, out, Size256, data, l)
				for i := range n {
					if want := Sum256(data[i*l : (i+1)*l]); !bytes.Equal(out[i*Size256:(i+1)*Size256], want[:]) {
						t.Fatalf("split at %d, %d messages of %d bytes: digest %d differs", min, n, l, i)
					}
				}
			}
		}
	}
}
