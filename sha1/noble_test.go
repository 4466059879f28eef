package sha1

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

func TestNoble(t *testing.T) {
	hashtest.CrossCheckLengths(t, "SHA-1", sum)
}
