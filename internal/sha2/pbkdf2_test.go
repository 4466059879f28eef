package sha2

import (
	"bytes"
	"crypto/hmac"
	"crypto/pbkdf2"
	"crypto/sha256"
	"encoding/binary"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
)

// pbkdf2Ref derives one 32-byte PBKDF2-HMAC-SHA-256 block with
// PBKDF2Iter256 doing iterations 2..iter.
func pbkdf2Ref(key, salt []byte, iter int) []byte {
	var k0 [BlockSize256]byte
	if len(key) > BlockSize256 {
		s := sha256.Sum256(key)
		copy(k0[:], s[:])
	} else {
		copy(k0[:], key)
	}
	ih, oh := IV256, IV256
	var blk [BlockSize256]byte
	for i := range blk {
		blk[i] = k0[i] ^ 0x36
	}
	Block256(&ih, blk[:])
	for i := range blk {
		blk[i] = k0[i] ^ 0x5c
	}
	Block256(&oh, blk[:])
	m := hmac.New(sha256.New, key)
	m.Write(salt)
	m.Write([]byte{0, 0, 0, 1})
	first := m.Sum(nil)
	var u, t [8]uint32
	for i := range u {
		u[i] = binary.BigEndian.Uint32(first[4*i:])
	}
	t = u
	PBKDF2Iter256(&ih, &oh, &u, &t, iter-1)
	var out []byte
	for _, v := range t {
		out = binary.BigEndian.AppendUint32(out, v)
	}
	return out
}

// TestPBKDF2Iter256 compares PBKDF2Iter256, on every implementation, with
// crypto/pbkdf2, at iteration counts around the 512-iteration pieces of
// the dispatch.
func TestPBKDF2Iter256(t *testing.T) {
	iters := []int{1, 2, 3, 17, 511, 512, 513, 1025, 4096}
	hashtest.AllImplementations(t, "sha256", func(t *testing.T) {
		for i, iter := range iters {
			key := hashtest.RandBytes(uint64(i), []int{0, 5, 32, 64, 65, 100}[i%6])
			salt := hashtest.RandBytes(uint64(i)+50, 16)
			want, err := pbkdf2.Key(sha256.New, string(key), salt, iter, 32)
			if err != nil {
				t.Fatal(err)
			}
			if got := pbkdf2Ref(key, salt, iter); !bytes.Equal(got, want) {
				t.Fatalf("%d iterations, %d-byte key: %x, crypto/pbkdf2 %x", iter, len(key), got, want)
			}
		}
	})
}

// FuzzPBKDF2Iter256 compares the kernel with the generic chain from
// arbitrary states.
func FuzzPBKDF2Iter256(f *testing.F) {
	fuzzStates(f, 4, 1100, func(t *testing.T, st [][8]uint32, iter int) {
		wu, wt := st[2], st[3]
		pbkdf2Iter256Generic(&st[0], &st[1], &wu, &wt, iter)
		defer cpu.Restore("sha256")
		for _, name := range cpu.Impls("sha256") {
			cpu.Select("sha256", name)
			u, tt := st[2], st[3]
			PBKDF2Iter256(&st[0], &st[1], &u, &tt, iter)
			if u != wu || tt != wt {
				t.Fatalf("%s, %d iterations: u %08x t %08x, generic u %08x t %08x", name, iter, u, tt, wu, wt)
			}
		}
	})
}

// TestPBKDF2Iter256x2 checks, on every implementation, that the two chains
// of PBKDF2Iter256x2 give what PBKDF2Iter256 gives for each alone, at
// iteration counts around the 256-iteration pieces of the dispatch.
func TestPBKDF2Iter256x2(t *testing.T) {
	hashtest.AllImplementations(t, "sha256", func(t *testing.T) {
		for i, iter := range []int{0, 1, 2, 3, 255, 256, 257, 1000} {
			var st [6][8]uint32
			for j := range st {
				b := hashtest.RandBytes(uint64(100*i+j), 32)
				for w := range st[j] {
					st[j][w] = binary.BigEndian.Uint32(b[4*w:])
				}
			}
			ih, oh := st[0], st[1]
			u, tt := twoChains(st[:])
			PBKDF2Iter256x2(&ih, &oh, &u, &tt, iter)
			for c := range 2 {
				wu, wt := st[2+c], st[4+c]
				pbkdf2Iter256Generic(&st[0], &st[1], &wu, &wt, iter)
				if [8]uint32(u[8*c:]) != wu || [8]uint32(tt[8*c:]) != wt {
					t.Fatalf("%d iterations, chain %d: u %08x t %08x, want u %08x t %08x", iter, c, u[8*c:], tt[8*c:], wu, wt)
				}
			}
			if ih != st[0] || oh != st[1] {
				t.Fatalf("%d iterations: the keyed chaining values changed", iter)
			}
		}
	})
}

// FuzzPBKDF2Iter256x2 compares the two-chain kernel with two generic chains
// from arbitrary states.
func FuzzPBKDF2Iter256x2(f *testing.F) {
	fuzzStates(f, 6, 600, func(t *testing.T, st [][8]uint32, iter int) {
		var wu, wt [16]uint32
		for c := range 2 {
			u, tt := st[2+c], st[4+c]
			pbkdf2Iter256Generic(&st[0], &st[1], &u, &tt, iter)
			copy(wu[8*c:], u[:])
			copy(wt[8*c:], tt[:])
		}
		defer cpu.Restore("sha256")
		for _, name := range append(cpu.Impls("sha256"), "") {
			cpu.Select("sha256", name)
			u, tt := twoChains(st[:])
			PBKDF2Iter256x2(&st[0], &st[1], &u, &tt, iter)
			if u != wu || tt != wt {
				t.Fatalf("%q, %d iterations: u %08x t %08x, generic u %08x t %08x", name, iter, u, tt, wu, wt)
			}
		}
	})
}

// twoChains returns the u and t words of PBKDF2Iter256x2 for the chains
// whose u are st[2] and st[3] and whose t are st[4] and st[5].
func twoChains(st [][8]uint32) (u, t [16]uint32) {
	copy(u[:8], st[2][:])
	copy(u[8:], st[3][:])
	copy(t[:8], st[4][:])
	copy(t[8:], st[5][:])
	return u, t
}

// fuzzStates runs check on rows chaining values (rows of st) filled from
// the fuzz input by fillWords, with an iteration count below maxIter.
func fuzzStates(f *testing.F, rows, maxIter int, check func(t *testing.T, st [][8]uint32, iter int)) {
	f.Add(make([]byte, 32*rows), uint16(3))
	f.Fuzz(func(t *testing.T, seed []byte, n uint16) {
		st := make([][8]uint32, rows)
		fillWords(st, seed)
		check(t, st, int(n)%maxIter)
	})
}

// fillWords fills st row by row with the little-endian words of seed; the
// words past its end stay zero.
func fillWords(st [][8]uint32, seed []byte) {
	for i := range 8 * len(st) {
		if 4*i+4 <= len(seed) {
			st[i/8][i%8] = binary.LittleEndian.Uint32(seed[4*i:])
		}
	}
}
