package bench

import (
	"os"
	"testing"
)

// measuring skips t, a measurement (minutes long, for a quiet machine),
// unless HASHKIT_CPUTIME is set.
func measuring(t *testing.T) {
	t.Helper()
	if os.Getenv("HASHKIT_CPUTIME") == "" {
		t.Skip("set HASHKIT_CPUTIME=1 to run")
	}
}
