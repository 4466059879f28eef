package sha1

import (
	stdsha1 "crypto/sha1"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

// TestLongInputs compares inputs past 64 KiB, which the standard library's
// path writes in pieces, with crypto/sha1.
func TestLongInputs(t *testing.T) {
	digesttest.CheckLongInput(t, "sha1", sum, func(b []byte) []byte { s := stdsha1.Sum(b); return s[:] }, New)
}
