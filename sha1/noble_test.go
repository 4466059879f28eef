package sha1

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

func TestNoble(t *testing.T) {
	digesttest.CrossCheckLengths(t, "SHA-1", sum)
}
