package sha3

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestMethodSets keeps each type's exported methods to its interfaces plus
// the documented extras, so that nothing is exported by accident.
func TestMethodSets(t *testing.T) {
	kmac, _ := NewKMAC128([]byte("key"), nil, 32)
	tuple, _ := NewTupleHash128(nil, 32)
	ph, _ := NewParallelHash128(64, nil, 32)
	phx, _ := NewParallelHashXOF128(64, nil)
	prg, _ := NewKeccakPRG(256)
	hashtest.NoExtraMethods(t, New256())
	hashtest.NoExtraMethods(t, NewLegacyKeccak256(), "Read") // x/crypto's squeezing Read
	hashtest.NoExtraMethods(t, NewShake128(), "Clone")       // Clone() ShakeHash, as x/crypto's
	hashtest.NoExtraMethods(t, NewSHAKE128(), "Clone")       // Clone() *SHAKE: an XOF is no hash.Cloner
	hashtest.NoExtraMethods(t, kmac, "Verify")
	hashtest.NoExtraMethods(t, NewKMACXOF128([]byte("key"), nil), "Clone")
	// TupleHash has WriteElement instead of Write, so it is no hash.Hash.
	hashtest.NoExtraMethods(t, tuple, "BlockSize", "Clone", "Reset", "Size", "Sum", "WriteElement")
	hashtest.NoExtraMethods(t, NewTupleHashXOF128(nil), "BlockSize", "Clone", "Read", "Reset", "WriteElement")
	hashtest.NoExtraMethods(t, ph)
	hashtest.NoExtraMethods(t, phx, "Clone")
	hashtest.NoExtraMethods(t, prg, "AddEntropy", "AddRandomEntropy", "Clone", "Forget", "Read")
}
