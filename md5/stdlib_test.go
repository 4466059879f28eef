package md5

import (
	stdmd5 "crypto/md5"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

// TestLongInputs compares inputs past 64 KiB, which the standard library's
// path writes in pieces, with crypto/md5.
func TestLongInputs(t *testing.T) {
	digesttest.CheckLongInput(t, "md5", sum, func(b []byte) []byte { s := stdmd5.Sum(b); return s[:] }, New)
}
