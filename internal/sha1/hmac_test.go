package sha1

import (
	"bytes"
	stdhmac "crypto/hmac"
	stdsha1 "crypto/sha1"
	"encoding/binary"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestHMAC compares the keyed state with crypto/hmac for keys around the
// block size and messages around one and two blocks, on every kernel, and
// checks that Sum does not change the state.
func TestHMAC(t *testing.T) {
	msg := hashtest.RandBytes(1, 3*BlockSize)
	hashtest.AllImplementations(t, "sha1", func(t *testing.T) {
		for _, kl := range []int{0, 1, 20, 63, 64, 65, 130} {
			key := msg[:kl]
			var m HMAC
			m.Init(key)
			ref := stdhmac.New(stdsha1.New, key)
			for _, n := range []int{0, 1, 19, 55, 56, 63, 64, 65, 119, 120, 128, 3 * BlockSize} {
				m.Reset()
				m.Write(msg[:n/2])
				m.WriteString(string(msg[n/2 : n]))
				got := m.Sum()
				ref.Reset()
				ref.Write(msg[:n])
				if want := ref.Sum(nil); !bytes.Equal(got[:], want) {
					t.Fatalf("key %d bytes, message %d bytes: %x, crypto/hmac %x", kl, n, got, want)
				}
				if again := m.Sum(); again != got {
					t.Fatalf("key %d bytes, message %d bytes: Sum changed the state", kl, n)
				}
			}
		}
	})
}

// pbkdf2Ref runs n iterations of PBKDF2's U chain with crypto/hmac.
func pbkdf2Ref(key []byte, u, t *[5]uint32, n int) {
	mac := stdhmac.New(stdsha1.New, key)
	var ub [Size]byte
	for i, v := range u {
		binary.BigEndian.PutUint32(ub[4*i:], v)
	}
	for range n {
		mac.Reset()
		mac.Write(ub[:])
		mac.Sum(ub[:0])
		for i := range t {
			u[i] = binary.BigEndian.Uint32(ub[4*i:])
			t[i] ^= u[i]
		}
	}
}

// TestPBKDF2Iter compares the iteration loops, on one and two chains, with
// crypto/hmac, for counts around the 512-iteration piece of one assembly
// call, on every kernel.
func TestPBKDF2Iter(t *testing.T) {
	seed := hashtest.RandBytes(2, 120)
	hashtest.AllImplementations(t, "sha1", func(t *testing.T) {
		for _, n := range []int{0, 1, 2, 3, 511, 512, 513, 1100} {
			key := seed[:n%100]
			ih, oh := HMACKeys(key)
			var u, t2, wantU, wantT [10]uint32
			for i := range u {
				u[i] = binary.LittleEndian.Uint32(seed[4*i:])
				t2[i] = binary.LittleEndian.Uint32(seed[40+4*i:])
			}
			wantU, wantT = u, t2
			pbkdf2Ref(key, (*[5]uint32)(wantU[:5]), (*[5]uint32)(wantT[:5]), n)
			pbkdf2Ref(key, (*[5]uint32)(wantU[5:]), (*[5]uint32)(wantT[5:]), n)
			u1, t1 := u, t2
			PBKDF2Iter(&ih, &oh, (*[5]uint32)(u1[:5]), (*[5]uint32)(t1[:5]), n)
			if [5]uint32(u1[:5]) != [5]uint32(wantU[:5]) || [5]uint32(t1[:5]) != [5]uint32(wantT[:5]) {
				t.Fatalf("PBKDF2Iter, %d iterations: u %x t %x, want %x %x", n, u1[:5], t1[:5], wantU[:5], wantT[:5])
			}
			PBKDF2Iterx2(&ih, &oh, &u, &t2, n)
			if u != wantU || t2 != wantT {
				t.Fatalf("PBKDF2Iterx2, %d iterations: u %x t %x, want %x %x", n, u, t2, wantU, wantT)
			}
		}
	})
}

// FuzzPBKDF2Iter compares the iteration loops of every kernel with the
// portable code's on arbitrary keyed states and starting points.
func FuzzPBKDF2Iter(f *testing.F) {
	f.Add(make([]byte, 120), uint16(1))
	f.Add(bytes.Repeat([]byte{0xff}, 120), uint16(600))
	f.Fuzz(func(t *testing.T, seed []byte, n uint16) {
		if len(seed) < 120 {
			return
		}
		var ih, oh [5]uint32
		var u, acc [10]uint32
		for i := range 5 {
			ih[i] = binary.BigEndian.Uint32(seed[4*i:])
			oh[i] = binary.BigEndian.Uint32(seed[20+4*i:])
		}
		for i := range 10 {
			u[i] = binary.BigEndian.Uint32(seed[40+4*i:])
			acc[i] = binary.BigEndian.Uint32(seed[80+4*i:])
		}
		iters := int(n % 1100)
		defer cpu.Restore("sha1")
		cpu.Select("sha1", "")
		wantU, wantT := u, acc
		PBKDF2Iterx2(&ih, &oh, &wantU, &wantT, iters)
		for _, name := range cpu.Impls("sha1") {
			cpu.Select("sha1", name)
			gotU, gotT := u, acc
			PBKDF2Iterx2(&ih, &oh, &gotU, &gotT, iters)
			if gotU != wantU || gotT != wantT {
				t.Fatalf("%s, PBKDF2Iterx2, %d iterations: u %x t %x, generic %x %x", name, iters, gotU, gotT, wantU, wantT)
			}
			gotU, gotT = u, acc
			PBKDF2Iter(&ih, &oh, (*[5]uint32)(gotU[5:]), (*[5]uint32)(gotT[5:]), iters)
			if [5]uint32(gotU[5:]) != [5]uint32(wantU[5:]) || [5]uint32(gotT[5:]) != [5]uint32(wantT[5:]) {
				t.Fatalf("%s, PBKDF2Iter, %d iterations: u %x t %x, generic %x %x", name, iters, gotU[5:], gotT[5:], wantU[5:], wantT[5:])
			}
		}
	})
}
