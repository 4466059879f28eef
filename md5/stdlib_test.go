package md5

import (
	stdmd5 "crypto/md5"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest/digesttest"
)

// portable makes t run hashkit's own code even where New is the standard
// library's (stdlib.go), for tests of what only hashkit's code promises.
func portable(t *testing.T) {
	cpu.Select("md5", "")
	t.Cleanup(func() { cpu.Restore("md5") })
}

// TestLongInputs compares inputs past 64 KiB, which the standard library's
// path writes in pieces, with crypto/md5.
func TestLongInputs(t *testing.T) {
	digesttest.CheckLongInput(t, "md5", func(b []byte) []byte { s := Sum(b); return s[:] },
		func(b []byte) []byte { s := stdmd5.Sum(b); return s[:] }, New)
}
