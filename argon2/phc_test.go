package argon2

import (
	"bufio"
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/hashtest/kdftest"
)

type cliCase struct{ password, salt, args, encoded string }

func loadCLI(t *testing.T) []cliCase {
	f, err := os.Open("testdata/argon2-cli.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cs []cliCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		p := strings.Split(line, "\t")
		if len(p) != 4 {
			t.Fatalf("bad fixture line %q", line)
		}
		cs = append(cs, cliCase{p[0], p[1], p[2], p[3]})
	}
	if len(cs) == 0 {
		t.Fatal("no fixtures")
	}
	return cs
}

// TestReferenceCLI verifies the hashes the reference implementation's
// command wrote (testdata/argon2-cli.txt), re-encodes them identically, and
// rejects a wrong password.
func TestReferenceCLI(t *testing.T) {
	for _, c := range loadCLI(t) {
		if err := Verify(c.encoded, []byte(c.password)); err != nil {
			t.Errorf("%s: %v", c.encoded, err)
		}
		if err := Verify(c.encoded, []byte(c.password+"!")); !errors.Is(err, ErrMismatch) {
			t.Errorf("%s with a wrong password: %v", c.encoded, err)
		}
		p, salt, key, err := Decode(c.encoded)
		if err != nil {
			t.Fatal(err)
		}
		if string(salt) != c.salt {
			t.Errorf("%s: salt %q, want %q", c.encoded, salt, c.salt)
		}
		if got := Encode(p, salt, key); got != c.encoded {
			t.Errorf("re-encoded as %s, want %s", got, c.encoded)
		}
	}
}

// TestReferenceCLIRun runs the argon2 command, when installed (Debian's
// argon2 package), on the fixtures' inputs and on new ones, and checks that
// we compute the same strings.
func TestReferenceCLIRun(t *testing.T) {
	hashtest.SkipWithoutSubprocesses(t)
	bin, err := exec.LookPath("argon2")
	if err != nil {
		t.Skip("the argon2 command is not installed (apt-get install argon2)")
	}
	cases := loadCLI(t)
	cases = append(cases, cliCase{"another password", "0123456789abcdef", "-i -t 2 -k 72 -p 3 -l 24", ""})
	for _, c := range cases {
		cmd := exec.Command(bin, append([]string{c.salt}, append(strings.Fields(c.args), "-e")...)...)
		cmd.Stdin = strings.NewReader(c.password)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("argon2 %s %s: %v", c.salt, c.args, err)
		}
		enc := strings.TrimSpace(string(out))
		if c.encoded != "" && enc != c.encoded {
			t.Errorf("argon2 %s %s now prints %s, the fixture has %s", c.salt, c.args, enc, c.encoded)
		}
		p, salt, _, err := Decode(enc)
		if err != nil {
			t.Fatal(err)
		}
		key, err := DeriveKey(context.Background(), []byte(c.password), salt, p)
		if err != nil {
			t.Fatal(err)
		}
		if got := Encode(p, salt, key); got != enc {
			t.Errorf("argon2 %s %s: we compute %s, the command %s", c.salt, c.args, got, enc)
		}
	}
}

func TestHashRoundTrip(t *testing.T) {
	for _, p := range []Params{
		{Variant: Argon2id, Time: 1, Memory: 64, Lanes: 1},
		{Variant: Argon2i, Time: 2, Memory: 40, Lanes: 5, KeyLen: 16},
		{Variant: Argon2d, Version: Version10, Time: 1, Memory: 16, Lanes: 2, KeyLen: 64},
	} {
		s, err := Hash([]byte("pw"), p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(s, "$"+p.Variant.String()+"$v=") {
			t.Errorf("Hash: %s", s)
		}
		if err := Verify(s, []byte("pw")); err != nil {
			t.Errorf("Verify(%s): %v", s, err)
		}
		if err := Verify(s, []byte("pW")); !errors.Is(err, ErrMismatch) {
			t.Errorf("Verify(%s) with a wrong password: %v", s, err)
		}
	}
	// A secret (pepper) must be given again to verify.
	p := Params{Variant: Argon2id, Time: 1, Memory: 64, Lanes: 1, Secret: []byte("pepper")}
	s, err := Hash([]byte("pw"), p)
	if err != nil {
		t.Fatal(err)
	}
	if err := Verify(s, []byte("pw")); !errors.Is(err, ErrMismatch) {
		t.Errorf("Verify without the secret: %v", err)
	}
	if err := VerifyContext(context.Background(), s, []byte("pw"), Params{Secret: []byte("pepper")}); err != nil {
		t.Errorf("VerifyContext with the secret: %v", err)
	}
}

func TestDecodeErrors(t *testing.T) {
	const good = "$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$yrdGtGIZk/3JHsUHh5gLQUqQppLwvGjf4Z+cJbPLqew"
	bad := []string{
		"",
		"argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$yrdGtGIZk",
		"$argon2x$v=19$m=256,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$yrdGtGIZk",
		"$argon2id$v=18$m=256,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$yrdGtGIZk",
		"$argon2id$v=019$m=256,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$yrdGtGIZk",
		"$argon2id$v=19$t=2,m=256,p=1$c29tZXNhbHRzb21lc2FsdA$yrdGtGIZk",
		"$argon2id$v=19$m=256,t=2$c29tZXNhbHRzb21lc2FsdA$yrdGtGIZk",
		"$argon2id$v=19$m=256,t=2,p=1,x=1$c29tZXNhbHRzb21lc2FsdA$yrdGtGIZk",
		"$argon2id$v=19$m=256,t=0,p=1$c29tZXNhbHRzb21lc2FsdA$yrdGtGIZk",
		"$argon2id$v=19$m=256,t=2,p=0$c29tZXNhbHRzb21lc2FsdA$yrdGtGIZk",
		"$argon2id$v=19$m=7,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$yrdGtGIZk",
		"$argon2id$v=19$m=256,t=2,p=16777216$c29tZXNhbHRzb21lc2FsdA$yrdGtGIZk",
		"$argon2id$v=19$m=4294967296,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$yrdGtGIZk",
		"$argon2id$v=19$m=-256,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$yrdGtGIZk",
		"$argon2id$v=19$m=+256,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$yrdGtGIZk",
		"$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHQ$yrdGtGIZk",              // 7-byte salt
		"$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$yrdG",        // 3-byte hash is fine syntax, too short
		"$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHRzb21lc2FsdA",             // no hash
		"$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHRzb21lc2FsdA==$yrdGtGIZk", // padding
		"$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHRzb21lc2FsdB$yrdGtGIZk",   // non-zero trailing bits
		"$argon2id$v=19$m=256,t=2,p=1$c29tZXNh\nbHRzb21lc2FsdA$yrdGtGIZk",
		"$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$yrdGtGIZk$",
		good + "$x",
	}
	kdftest.DecodeErrors(t, good, bad, func(s string) error { _, _, _, err := Decode(s); return err },
		func(s string) error { return Verify(s, []byte("password")) }, ErrMismatch)
	// Out of the memory limit: an error before any allocation.
	huge := "$argon2id$v=19$m=4294967295,t=1,p=1$c29tZXNhbHRzb21lc2FsdA$yrdGtGIZk/3JHsUHh5gLQUqQppLwvGjf4Z+cJbPLqew"
	if err := Verify(huge, []byte("password")); err == nil || !strings.Contains(err.Error(), "MaxMemory") && !strings.Contains(err.Error(), "platform") {
		t.Errorf("Verify of m=2^32-1: %v", err)
	}
}

func FuzzDecode(f *testing.F) {
	kdftest.FuzzDecode(f, Decode, Encode, func(p Params, salt []byte) error {
		// Memory aside: Decode does not know the limit.
		p.MaxMemory = -1
		_, _, err := p.check(nil, salt)
		return err
	}, func(p, p2 Params) bool {
		return p2.Variant == p.Variant && p2.Version == p.Version && p2.Memory == p.Memory && p2.Time == p.Time && p2.Lanes == p.Lanes
	},
		"$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$yrdGtGIZk/3JHsUHh5gLQUqQppLwvGjf4Z+cJbPLqew",
		"$argon2d$m=96,t=1,p=3$c29tZXNhbHRzb21lc2FsdA$lwdqYQa/XeJtmbvR63rbyQ")
}
