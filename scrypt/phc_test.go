package scrypt

import (
	"bufio"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/kdftest"
)

// TestPasslib verifies the hashes Python's passlib wrote
// (testdata/passlib.txt) and re-encodes them identically.
func TestPasslib(t *testing.T) {
	f, err := os.Open("testdata/passlib.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		pw, enc, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("bad fixture line %q", line)
		}
		n++
		if err := Verify(enc, []byte(pw)); err != nil {
			t.Errorf("%s: %v", enc, err)
		}
		if err := Verify(enc, []byte(pw+"x")); !errors.Is(err, ErrMismatch) {
			t.Errorf("%s with a wrong password: %v", enc, err)
		}
		p, salt, key, err := Decode(enc)
		if err != nil {
			t.Fatal(err)
		}
		if got := Encode(p, salt, key); got != enc {
			t.Errorf("re-encoded as %s, want %s", got, enc)
		}
	}
	if n == 0 {
		t.Fatal("no fixtures")
	}
}

func TestHashRoundTrip(t *testing.T) {
	for _, p := range []Params{{N: 16, R: 8, P: 1}, {N: 1 << 10, R: 1, P: 3, KeyLen: 64}} {
		s, err := Hash([]byte("pw"), p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(s, "$scrypt$ln=") {
			t.Errorf("Hash: %s", s)
		}
		if err := Verify(s, []byte("pw")); err != nil {
			t.Errorf("Verify(%s): %v", s, err)
		}
		if err := Verify(s, []byte("Pw")); !errors.Is(err, ErrMismatch) {
			t.Errorf("Verify(%s) with a wrong password: %v", s, err)
		}
	}
	// A hash Verify would refuse is not made.
	if s, err := Hash([]byte("pw"), Params{N: 16, R: 8, P: 1, KeyLen: 3}); err == nil {
		t.Errorf("Hash with KeyLen 3: %s, want an error", s)
	}
}

func TestDecodeErrors(t *testing.T) {
	const good = "$scrypt$ln=4,r=8,p=1$c29tZXNhbHRzb21lc2FsdA$rjCGpPW8r+9XVz9RqXtAszWzNTGPgzIyDDbKAQjn6LU"
	bad := []string{
		"",
		"$scrypt$",
		"$scryp$ln=4,r=8,p=1$c29tZXNhbHQ$rjCGpPW8",
		"$scrypt$v=1$ln=4,r=8,p=1$c29tZXNhbHQ$rjCGpPW8",
		"$scrypt$ln=0,r=8,p=1$c29tZXNhbHQ$rjCGpPW8",
		"$scrypt$ln=63,r=8,p=1$c29tZXNhbHQ$rjCGpPW8",
		"$scrypt$ln=4,r=0,p=1$c29tZXNhbHQ$rjCGpPW8",
		"$scrypt$ln=4,r=8,p=0$c29tZXNhbHQ$rjCGpPW8",
		"$scrypt$ln=4,r=32768,p=32768$c29tZXNhbHQ$rjCGpPW8",
		"$scrypt$r=8,ln=4,p=1$c29tZXNhbHQ$rjCGpPW8",
		"$scrypt$ln=4,r=8$c29tZXNhbHQ$rjCGpPW8",
		"$scrypt$ln=04,r=8,p=1$c29tZXNhbHQ$rjCGpPW8",
		"$scrypt$ln=4,r=8,p=1$c29tZXNhbHQ",
		"$scrypt$ln=4,r=8,p=1$c29tZXNhbHQ=$rjCGpPW8",
		"$scrypt$ln=4,r=8,p=1$c29tZXNhbHQ$rjCGpPW8$",
		"$scrypt$ln=4,r=8,p=1$c29t ZXNhbHQ$rjCGpPW8",
		"$scrypt$ln=4,r=8,p=1$c29tZXNhbHQ$rjCG", // a 3-byte hash
		"$scrypt$ln=4,r=8,p=1$c29tZXNhbHQ$rg",   // a 1-byte hash
	}
	kdftest.DecodeErrors(t, good, bad, func(s string) error { _, _, _, err := Decode(s); return err },
		func(s string) error { return Verify(s, []byte("password")) }, ErrMismatch)
	// Over the default memory limit: an error before any allocation.
	if err := Verify("$scrypt$ln=20,r=8,p=1024$c29tZXNhbHQ$rjCGpPW8", []byte("password")); err == nil || !strings.Contains(err.Error(), "MaxMemory") {
		t.Errorf("Verify of ln=20, p=1024: %v", err)
	}
}

func FuzzDecode(f *testing.F) {
	kdftest.FuzzDecode(f, Decode, Encode, func(p Params, _ []byte) error { return checkParams(p.N, p.R, p.P, p.KeyLen) },
		func(p, p2 Params) bool { return p2.N == p.N && p2.R == p.R && p2.P == p.P && p2.KeyLen == p.KeyLen },
		"$scrypt$ln=4,r=8,p=1$c29tZXNhbHRzb21lc2FsdA$rjCGpPW8r+9XVz9RqXtAszWzNTGPgzIyDDbKAQjn6LU",
		"$scrypt$ln=1,r=1,p=1$c2FsdHNhbHQ$bQU8qXv9KVxtjYLyXDv+70VgOHXqpBwYsEdTbUclCfc")
}
