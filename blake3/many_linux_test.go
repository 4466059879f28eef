//go:build linux

package blake3

import (
	"bytes"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestSumManyNoOverRead puts the batch at the end of a page followed by an
// inaccessible page, on every kernel: a kernel that reads past the
// messages faults.
func TestSumManyNoOverRead(t *testing.T) {
	g := hashtest.NewGuardPage(t)
	hashtest.ManyImplementations(t, "blake3", func(t *testing.T) {
		g.CheckBatches(t, 12, []int{1, 2, 15, 16}, []int{1, 63, 64, 65, 128, 200, 255}, checkMany)
	})
}

// TestNoUnderread puts one-shot inputs at the start of a page that an
// inaccessible page precedes, on every kernel: the one-call kernels read
// the message's partial 16 bytes with loads of exactly its bytes, and one
// that reads before the slice faults.
func TestNoUnderread(t *testing.T) {
	g := hashtest.NewGuardPage(t)
	src := hashtest.RandBytes(13, chunkLen+BlockSize)
	hashtest.AllImplementations(t, "blake3", func(t *testing.T) {
		for _, n := range append(hashtest.UpTo(BlockSize), 65, 100, chunkLen, chunkLen+BlockSize) {
			want := refOutput(src[:n], &iv, 0, Size)
			if got := Sum256(g.PlaceStart(src[:n])); !bytes.Equal(got[:], want) {
				t.Fatalf("%d bytes at the start of a page: %x, want %x", n, got, want)
			}
		}
	})
}
