package keccakarm64

// RC is the symbol the arm64 kernels read the round constants RC[0..23]
// from: internal/keccak's rc, the table the portable permutation uses and
// TestRoundConstants recomputes, so the assembly holds no copy of it.
const RC = "·rc"
