package sha1

import (
	stdsha1 "crypto/sha1"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

// portable makes t run hashkit's own code even where New is the standard
// library's (stdlib.go), for tests of what only hashkit's code promises.
func portable(t *testing.T) {
	cpu.Select("sha1", "")
	t.Cleanup(func() { cpu.Restore("sha1") })
}

// TestLongInputs compares inputs past 64 KiB, which the standard library's
// path writes in pieces, with crypto/sha1.
func TestLongInputs(t *testing.T) {
	digesttest.CheckLongInput(t, "sha1", func(b []byte) []byte { s := Sum(b); return s[:] },
		func(b []byte) []byte { s := stdsha1.Sum(b); return s[:] }, New)
}
