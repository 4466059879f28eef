package hashtest

import (
	"encoding/hex"
	"strings"
	"testing"
)

// Panics reports whether f panics: for the misuse that the API documents as
// a panic (a nil constructor, Write after Read).
func Panics(f func()) (panicked bool) {
	defer func() { panicked = recover() != nil }()
	f()
	return false
}

// PanicsWith checks that each of cases panics with a message that starts
// with prefix: a message of the package's for the misuse, not a runtime
// error from deep inside it (a zero value's division by zero).
func PanicsWith(t *testing.T, prefix string, cases map[string]func()) {
	t.Helper()
	for name, f := range cases {
		r := recovered(f)
		if r == nil {
			t.Errorf("%s did not panic", name)
		} else if s, ok := r.(string); !ok || !strings.HasPrefix(s, prefix) {
			t.Errorf("%s panicked with %v, not a message starting %q", name, r, prefix)
		}
	}
}

func recovered(f func()) (r any) {
	defer func() { r = recover() }()
	f()
	return nil
}

// Unhex returns the bytes of s, a hex literal of a test's table, which
// spaces and line breaks may split (as RFCs print their vectors); it panics
// on a malformed one.
func Unhex(s string) []byte {
	b, err := hex.DecodeString(strings.Join(strings.Fields(s), ""))
	if err != nil {
		panic(err)
	}
	return b
}
