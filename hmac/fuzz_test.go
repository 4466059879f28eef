package hmac

import (
	"bytes"
	stdhmac "crypto/hmac"
	"testing"
)

// FuzzHMAC compares HMAC over SHA-256, SHA-384, SHA-1 (fast paths) and MD5
// (the generic path) with crypto/hmac, with the message written in two
// pieces.
func FuzzHMAC(f *testing.F) {
	f.Add([]byte("key"), []byte("The quick brown fox"), uint8(3), uint8(0))
	f.Add(make([]byte, 130), make([]byte, 200), uint8(64), uint8(1))
	f.Add([]byte{}, []byte{}, uint8(0), uint8(2))
	names := []string{"SHA2-256", "SHA2-384", "SHA-1", "SHA2-512/224", "MD5"}
	f.Fuzz(func(t *testing.T, key, msg []byte, split, which uint8) {
		name := names[int(which)%len(names)]
		s := min(int(split), len(msg))
		m := New(hashes[name], key)
		m.Write(msg[:s])
		m.Write(msg[s:])
		r := stdhmac.New(stdHashes[name], key)
		r.Write(msg)
		want := r.Sum(nil)
		if got := m.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("HMAC-%s: %x, want %x", name, got, want)
		}
		m.Reset()
		m.Write(msg)
		if got := m.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("HMAC-%s after Reset: %x, want %x", name, got, want)
		}
	})
}
