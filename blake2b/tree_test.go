package blake2b

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/blake2test"
)

// TestTreeParams checks digests under parameter blocks that use every
// field, including the tree fields, against CPython's hashlib (the vectors
// of ../internal/hashtest/blake2test/testdata/tree.json).
func TestTreeParams(t *testing.T) {
	blake2test.TestTreeCases(t, "blake2b", NewWithParams)
}
