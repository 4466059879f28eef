//go:build race

package hashtest

// RaceEnabled reports whether the race detector is on; it allocates, so
// allocation tests skip under it.
const RaceEnabled = true
