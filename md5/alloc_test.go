//go:build !race

package md5

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

func TestAllocations(t *testing.T) {
	digesttest.TestAllocs(t, "md5", New, func(b []byte) { _ = Sum(b) })
}
