package sha3

import (
	"bytes"
	stdsha3 "crypto/sha3"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestStdlibDifferential compares SHA-3, SHAKE and cSHAKE with crypto/sha3
// at every input length up to a few blocks, with split writes and reads, on
// every kernel.
func TestStdlibDifferential(t *testing.T) {
	msg := hashtest.RandBytes(21, 3*168+11)
	step := 1
	if testing.Short() {
		step = 7
	}
	hashtest.AllImplementations(t, "keccak", func(t *testing.T) {
		for n := 0; n <= len(msg); n += step {
			m := msg[:n]
			if a, b := Sum224(m), stdsha3.Sum224(m); a != b {
				t.Fatalf("SHA3-224 of %d bytes differs", n)
			}
			if a, b := Sum256(m), stdsha3.Sum256(m); a != b {
				t.Fatalf("SHA3-256 of %d bytes differs", n)
			}
			if a, b := Sum384(m), stdsha3.Sum384(m); a != b {
				t.Fatalf("SHA3-384 of %d bytes differs", n)
			}
			if a, b := Sum512(m), stdsha3.Sum512(m); a != b {
				t.Fatalf("SHA3-512 of %d bytes differs", n)
			}
			h := New384()
			h.Write(m[:n/2])
			h.Write(m[n/2:])
			if a, b := h.Sum(nil), stdsha3.Sum384(m); !bytes.Equal(a, b[:]) {
				t.Fatalf("streaming SHA3-384 of %d bytes differs", n)
			}
			outLen := (n * 13) % 500
			if a, b := SumSHAKE128(m, outLen), stdsha3.SumSHAKE128(m, outLen); !bytes.Equal(a, b) {
				t.Fatalf("SHAKE128 of %d bytes differs", n)
			}
			if a, b := SumSHAKE256(m, outLen), stdsha3.SumSHAKE256(m, outLen); !bytes.Equal(a, b) {
				t.Fatalf("SHAKE256 of %d bytes differs", n)
			}
			N, S := msg[:n%7], msg[n%200:n%200+n%300]
			for _, c := range []struct {
				ours   *SHAKE
				theirs *stdsha3.SHAKE
			}{
				{NewCSHAKE128(N, S), stdsha3.NewCSHAKE128(N, S)},
				{NewCSHAKE256(N, S), stdsha3.NewCSHAKE256(N, S)},
			} {
				c.ours.Write(m[:n/3])
				c.ours.Write(m[n/3:])
				c.theirs.Write(m)
				a, b := make([]byte, outLen), make([]byte, outLen)
				c.ours.Read(a[:outLen/2])
				c.ours.Read(a[outLen/2:])
				c.theirs.Read(b)
				if !bytes.Equal(a, b) {
					t.Fatalf("cSHAKE (N %d bytes, S %d bytes) of %d bytes differs", len(N), len(S), n)
				}
			}
		}
	})
}
