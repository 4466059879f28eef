package hashtest

import (
	"encoding/hex"
	"strings"
)

// Panics reports whether f panics: for the misuse that the API documents as
// a panic (a nil constructor, Write after Read).
func Panics(f func()) (panicked bool) {
	defer func() { panicked = recover() != nil }()
	f()
	return false
}

// Recovered returns the value f panics with, or nil if it returns.
func Recovered(f func()) (r any) {
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
