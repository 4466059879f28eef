package ripemd160

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

func TestNoble(t *testing.T) {
	digesttest.CrossCheckLengths(t, "RIPEMD-160", sum)
}
