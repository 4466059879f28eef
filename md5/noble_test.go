package md5

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

func TestNoble(t *testing.T) {
	digesttest.CrossCheckLengths(t, "MD5", sum)
}
