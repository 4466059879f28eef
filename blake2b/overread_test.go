//go:build linux

package blake2b

import "testing"

// TestNoOverread places the input at the end of a page followed by an
// inaccessible page, so that any read past the end of the slice faults.
func TestNoOverread(t *testing.T) { b2.TestNoOverread(t) }
