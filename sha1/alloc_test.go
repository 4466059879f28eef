//go:build !race

package sha1

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

func TestAllocations(t *testing.T) {
	digesttest.TestAllocs(t, "sha1", New, func(b []byte) { _ = Sum(b) })
}
