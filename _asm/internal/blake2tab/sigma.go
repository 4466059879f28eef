// Package blake2tab holds what the BLAKE and BLAKE2 generators share without
// avo (whose build package, once imported, owns the -out flag): the message
// schedule, for the amd64 generators (through blake2gen and in blake1) and
// the plain Go arm64 one (_asm/arm64/blake2b).
package blake2tab

import "github.com/hashkit/hashkit/internal/blakesigma"

// Sigma is blakesigma.Sigma, the message schedule of BLAKE and BLAKE2, with
// the int entries the generators compute with; round r uses row r mod 10.
var Sigma = func() (s [10][16]int) {
	for r, row := range blakesigma.Sigma {
		for i, v := range row {
			s[r][i] = int(v)
		}
	}
	return s
}()
