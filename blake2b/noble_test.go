package blake2b

import "testing"

// TestNoble cross-checks BLAKE2b against @noble/hashes (crosscheck/noble,
// algs/blake2.mjs) over random lengths, digest sizes, keys, salts and
// personalization strings. noble has no BLAKE2X or tree parameters.
func TestNoble(t *testing.T) { b2.TestNoble(t) }
