package k12

import (
	"bytes"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// FuzzSplit writes a message in a fuzzer-chosen sequence of pieces (each
// byte of split is a piece length in units of 97 bytes plus its low bits,
// so pieces straddle the 8192-byte chunks) and compares with the one-shot
// result and with the direct transcription of RFC 9861 (ktDirect), on
// every kernel.
func FuzzSplit(f *testing.F) {
	f.Add(uint32(20000), []byte{84, 10, 200}, []byte("C"), uint16(64), uint8(1))
	f.Add(uint32(8193), []byte{255}, []byte{}, uint16(1), uint8(0))
	f.Add(uint32(30000), []byte{7, 255}, []byte("M"), uint16(200), uint8(2))
	f.Fuzz(func(t *testing.T, n uint32, split, custom []byte, outLen uint16, fn uint8) {
		n %= 100000
		msg := hashtest.RandBytes(uint64(n), int(n))
		alg := []string{"KT128", "KT256", "M14"}[fn%3]
		want := ktDirect(alg, msg, custom, int(outLen))
		hashtest.AllImplementations(t, "keccak", func(t *testing.T) {
			if got := sum(alg, msg, 0, custom, int(outLen)); !bytes.Equal(got, want) {
				t.Fatalf("one-shot differs from RFC 9861 transcription")
			}
			x := newXOF(alg, 0, custom)
			p := msg
			for i := 0; len(p) > 0; i++ {
				k := len(p)
				if len(split) > 0 {
					s := int(split[i%len(split)])
					k = min(len(p), (s>>2)*97+s&3)
				}
				x.Write(p[:k])
				p = p[k:]
			}
			got := make([]byte, outLen)
			x.Read(got)
			if !bytes.Equal(got, want) {
				t.Fatalf("split writes differ")
			}
		})
	})
}

// FuzzUnmarshal feeds arbitrary bytes to UnmarshalBinary: it must never
// panic, and an accepted state must marshal back to the same bytes and keep
// working.
func FuzzUnmarshal(f *testing.F) {
	for _, s := range goldenStates(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, x := range []interface {
			UnmarshalBinary([]byte) error
			MarshalBinary() ([]byte, error)
			Write([]byte) (int, error)
			Read([]byte) (int, error)
		}{mustTS(NewTurboSHAKE128(1)), mustTS(NewTurboSHAKE256(1)), NewKT128(nil), NewKT256(nil), NewM14(nil)} {
			if x.UnmarshalBinary(b) != nil {
				continue
			}
			again, err := x.MarshalBinary()
			if err != nil || !bytes.Equal(again, b) {
				t.Fatalf("accepted state does not round-trip")
			}
			func() {
				defer func() { recover() }() // Write after Read panics by design
				x.Write(b)
			}()
			x.Read(make([]byte, 300))
		}
	})
}

func mustTS(t *TurboSHAKE, err error) *TurboSHAKE {
	if err != nil {
		panic(err)
	}
	return t
}
