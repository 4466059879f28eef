package sha1

import (
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

// portable makes t run hashkit's own code even where New is the standard
// library's (stdlib.go), for tests of what only hashkit's code promises.
func portable(t *testing.T) {
	cpu.Select("sha1", "")
	t.Cleanup(func() { cpu.Restore("sha1") })
}
