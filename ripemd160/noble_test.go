package ripemd160

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

func TestNoble(t *testing.T) {
	hashtest.CrossCheckLengths(t, "RIPEMD-160", sum)
}
