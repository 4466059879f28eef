// Package blake2tab holds what the BLAKE and BLAKE2 generators share without
// avo (whose build package, once imported, owns the -out flag): the message
// schedule, for the amd64 generators (through blake2gen and in blake1) and
// the plain Go arm64 one (_asm/arm64/blake2b), and BLAKE2's initialization
// vector.
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

// IV is the BLAKE2b initialization vector (RFC 7693 section 2.6); BLAKE2s's
// is the high 32 bits of each word, as both are taken from the square roots
// of the first eight primes.
var IV = [8]uint64{
	0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
	0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
}
