package phc

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, s := range []string{
		"$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG",
		"$argon2i$m=120,t=5000,p=2",
		"$argon2i$v=19",
		"$scrypt$ln=16,r=8,p=1$aM15713r3Xsvxbi31lqr1Q$nFNh2CVHVjNldFVKDHDlm4CbdRSCdEBsjjJxD+iCs5E",
		"$dummy$c29tZXNhbHQ",
		"$dummy",
		"$pbkdf2-sha256$i=29000$N2bMed8759vHeQ$rwH1Mx7cbhxu4y5HxnlNWpAkV7g",
	} {
		h, err := Parse(s)
		if err != nil {
			t.Errorf("Parse(%q): %v", s, err)
			continue
		}
		if got := h.String(); got != s {
			t.Errorf("Parse(%q).String() = %q", s, got)
		}
	}
	h, err := Parse("$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$AAECAw")
	if err != nil {
		t.Fatal(err)
	}
	if h.ID != "argon2id" || !h.HasVersion || h.Version != 19 || len(h.Params) != 3 ||
		string(h.Salt) != "somesalt" || string(h.Hash) != "\x00\x01\x02\x03" {
		t.Errorf("parsed %+v", h)
	}
	if v, ok := h.Param("t"); !ok || v != "3" {
		t.Errorf("Param(t) = %q, %v", v, ok)
	}
	for _, s := range []string{
		"", "argon2id", "$", "$Argon2", "$a_b", "$" + strings.Repeat("a", 33),
		"$x$v=", "$x$v=1a", "$x$v=01", "$x$v=4294967296",
		"$x$a=1,a=2", "$x$a", "$x$=1", "$x$a=1,", "$x$a=b$c", "$x$a=b c",
		"$x$a=1$c29tZXNhbHQ=", "$x$a=1$c29tZXNhbHQ$", "$x$a=1$c2$c2$c2",
		"$x$a=1$c29tZXNhbHR$AA", "$dummy$k=v$$", "$x$a=1$c29tZXNh\nbHQ$AA", "$x$" + strings.Repeat("A", MaxLength),
	} {
		if h, err := Parse(s); err == nil {
			t.Errorf("Parse(%q) = %+v, want an error", s, h)
		}
	}
	for _, c := range []struct {
		s  string
		ok bool
	}{{"0", true}, {"4294967295", true}, {"4294967296", false}, {"00", false}, {"+1", false}, {"", false}, {"1x", false}} {
		if _, err := ParseUint32(c.s); (err == nil) != c.ok {
			t.Errorf("ParseUint32(%q): %v", c.s, err)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add("$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG")
	f.Add("$scrypt$ln=16,r=8,p=1$aM15713r3Xsvxbi31lqr1Q$nFNh2CVHVjNldFVKDHDlm4CbdRSCdEBsjjJxD+iCs5E")
	f.Fuzz(func(t *testing.T, s string) {
		h, err := Parse(s)
		if err != nil {
			return
		}
		// A parsed string formats to a string that parses to the same thing.
		s2 := h.String()
		h2, err := Parse(s2)
		if err != nil {
			t.Fatalf("Parse(%q) ok, but Parse(String()) = %v", s, err)
		}
		if h2.String() != s2 {
			t.Fatalf("not stable: %q -> %q -> %q", s, s2, h2.String())
		}
	})
}
