//go:build !race

package ripemd160

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

func TestAllocations(t *testing.T) {
	digesttest.TestAllocs(t, "ripemd160", New, func(b []byte) { _ = Sum(b) })
}
