package md5

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

func TestNoble(t *testing.T) {
	hashtest.CrossCheckLengths(t, "MD5", sum)
}
