package main

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestCheckLinesAsCoreutils: lines that sha256sum -c reads in forms other
// than hashkit sum writes are read the same way, so that no line it checks
// is skipped as malformed (which passes a list whose other lines match).
// Each list runs through the sha256sum persona (stdout and status as
// sha256sum's) and through hashkit check (the same status).
func TestCheckLinesAsCoreutils(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"f": "hello\n", "g": "other\n", `a\b`: "hello\n", " f": "hello\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sum := sha256.Sum256([]byte("hello\n"))
	h := hex.EncodeToString(sum[:])
	lists := t.TempDir()
	link := linkAs(t, "sha256sum")
	for _, c := range []struct {
		why, list string
		strict    bool
		persona   bool // hashkit check differs (see the case)
	}{
		{"an empty name in a tag", h + "  f\nSHA256 () = " + h + "\n", false, false},
		// hashkit check refuses the line: no name holds a NUL.
		{"a NUL in the name (cut there)", h + "  f\x00x\n", false, true},
		// An escaped name with a NUL is malformed: the list has no good line.
		{"a NUL in an escaped name", "\\" + h + "  f\x00x\n", false, false},
		{"a NUL in an escaped tagged name", "\\SHA256 (f\x00x) = " + h + "\n", false, false},
		// sha256sum reads a tagged digest up to a NUL: g's line FAILED
		// there, and was skipped as malformed (the list passed).
		{"a NUL after a tagged digest", h + "  f\nSHA256 (g) = " + h + "\x00junk\n", false, false},
		{"a NUL after a matching tagged digest", "SHA256 (f) = " + h + "\x00\n", true, false},
		{"leading spaces", h + "  f\n  " + h + "  g\n", false, false},
		{"leading tab", h + "  f\n\t" + h + "  g\n", false, false},
		{"leading space before a tag", h + "  f\n SHA256 (g) = " + h + "\n", false, false},
		{"leading space before an escape", " \\" + h + `  a\\b` + "\n" + h + "  g\n", false, false},
		{"tab after the digest", h + "  f\n" + h + "\tg\n", false, false},
		{"tab and a space after the digest", h + "  f\n" + h + "\t g\n", false, false},
		{"tab and a star after the digest", h + "  f\n" + h + "\t*g\n", false, false},
		{"reversed BSD form (md5 -r)", h + " f\n" + h + " g\n", false, false},
		{"reversed BSD form, then a standard line", h + " f\n" + h + "  f\n", false, false},
		{"standard line, then the reversed form", h + "  f\n" + h + " g\n", false, false},
		// A line whose digest is malformed does not choose the form (a
		// space then " f" is the name " f" in the reversed form); one
		// whose digest is good does, even if its name is not.
		{"a reversed line cut short, then a standard one", h[:62] + " x\n" + h + "  f\n", false, false},
		{"a reversed line with a bad escape, then a standard one", "\\" + h + " x\\q\n" + h + "  f\n", false, false},
		{"OpenSSL form", h + "  f\nSHA256(g)= " + h + "\n", false, false},
		{"no spaces around =", h + "  f\nSHA256 (g)=" + h + "\n", false, false},
		{"tabs around =", h + "  f\nSHA256 (g)\t=\t" + h + "\n", false, false},
		{"two spaces before (", h + "  f\nSHA256  (g) = " + h + "\n", false, false},
		{"a line of spaces", h + "  f\n   \n", true, false},
		{"a line of a tab", h + "  f\n\t\n", true, false},
		{"a CR alone", h + "  f\n\r\n", true, false},
		{"an empty line", h + "  f\n\n", true, false},
	} {
		list := writeList(t, lists, "l", c.list)
		args := []string{"-c", list}
		if c.strict {
			args = []string{"-c", "--strict", list}
		}
		want := tool(t, dir, nil, "sha256sum", args...)
		got := runLink(t, link, dir, nil, args...)
		if got.code != want.code || got.stdout != want.stdout {
			t.Errorf("%s: %q:\nhashkit as sha256sum: %d %q %q\nsha256sum: %d %q %q", c.why, c.list, got.code, got.stdout, got.stderr, want.code, want.stdout, want.stderr)
		}
		if c.persona {
			continue
		}
		r := hk(t, dir, nil, append([]string{"check"}, args[1:]...)...)
		if r.code != want.code || r.stdout != want.stdout {
			t.Errorf("%s: %q:\nhashkit check: %d %q %q\nsha256sum: %d %q", c.why, c.list, r.code, r.stdout, r.stderr, want.code, want.stdout)
		}
	}
}

// TestCheckStdinListNamesStdin: a list read from standard input cannot
// check "-" (standard input is the list, and what is left of it hashes as
// empty): coreutils counts such a line as malformed, and so does hashkit.
func TestCheckStdinListNamesStdin(t *testing.T) {
	dir := t.TempDir()
	empty := sha256.Sum256(nil)
	list := []byte(hex.EncodeToString(empty[:]) + "  -\n")
	link := linkAs(t, "sha256sum")
	for _, args := range [][]string{{"-c"}, {"-c", "-"}} {
		want := tool(t, dir, list, "sha256sum", args...)
		got := runLink(t, link, dir, list, args...)
		if got.code != want.code || got.stdout != want.stdout || want.code != 1 {
			t.Errorf("%v: hashkit as sha256sum: %d %q %q; sha256sum: %d %q %q", args, got.code, got.stdout, got.stderr, want.code, want.stdout, want.stderr)
		}
	}
	for _, args := range [][]string{{"check"}, {"check", "-"}, {"sum", "-c"}, {"check", "--ignore-missing"}} {
		if r := hk(t, dir, list, args...); r.code != 1 || strings.Contains(r.stdout, "OK") {
			t.Errorf("%v: status %d, stdout %q, stderr %q", args, r.code, r.stdout, r.stderr)
		}
	}
	// A list in a file may name standard input.
	file := writeList(t, dir, "SUMS", string(list))
	if r := hk(t, dir, nil, "check", file); r.code != 0 || r.stdout != "-: OK\n" {
		t.Errorf("check SUMS: status %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// TestB3sumCheckLines: as b3sum, check reads b3sum's one form and fails a
// list with any other line, as b3sum does: above all a digest of another
// length, since BLAKE3's shorter outputs are prefixes of its longer ones
// and a digest cut to 2 digits would pass at 8 bits. Its verdicts print a
// name as the line wrote it, as b3sum 1.x does (an escaped line's
// backslash kept, an unescaped backslash not escaped).
func TestB3sumCheckLines(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"f": "hello\n", "f\r": "cr", `a\b`: "hello\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	long := strings.Fields(tool(t, dir, nil, "b3sum", "-l", "64", "f").stdout)[0]
	h := long[:64]
	lists := t.TempDir()
	link := linkAs(t, "b3sum")
	for _, c := range []struct{ why, line string }{
		{"a 2-digit digest", h[:2] + "  f"},
		{"a 16-byte digest", h[:32] + "  f"},
		{"a 64-byte digest", long + "  f"},
		{"uppercase hex", strings.ToUpper(h) + "  f"},
		{"a binary marker", h + " *f"},
		{"a tag", "BLAKE3 (f) = " + h},
		{"leading spaces", "  " + h + "  f"},
		{"one space", h + " f"},
		{"three spaces", h + "   f"},
		{"a CR at the end", h + "  f\r"},
		{"a comment", "# " + h + "  f"},
		{"an empty line", ""},
		{"a line of spaces", "   "},
		{"an escape other than \\n and \\\\", "\\" + h + "  f\\r"},
		{"a NUL in the name", h + "  f\x00x"},
		{"a non-ASCII digest", "é" + h[2:] + "  f"},
		{"an escaped line whose name needs no escape", "\\" + h + "  f"},
		{"an escaped backslash", "\\" + h + `  a\\b`},
		{"a backslash not escaped", h + `  a\b`},
		{"a missing file, escaped", "\\" + h + `  gone\\x`},
		{"a missing file, not escaped", h + `  gone\x`},
	} {
		list := writeList(t, lists, "B3SUMS", h+"  f\n"+c.line+"\n"+h+"  f\n")
		want := tool(t, dir, nil, "b3sum", "-c", list)
		got := runLink(t, link, dir, nil, "-c", list)
		if got.code != want.code || got.stdout != want.stdout {
			t.Errorf("%s: %q:\nhashkit as b3sum: %d %q %q\nb3sum: %d %q %q", c.why, c.line, got.code, got.stdout, got.stderr, want.code, want.stdout, want.stderr)
		}
	}
}

// TestCheckSummariesAsCoreutils: as sha256sum, check's messages are
// sha256sum's: each list's warnings after its lines, none for a list
// without a properly formatted line, standard input named so, no "could
// not be read" for a list that could not be opened, and nothing but the
// files' errors under --status.
func TestCheckSummariesAsCoreutils(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "f"), []byte("hello\n"), 0o644)
	os.Mkdir(filepath.Join(dir, "d"), 0o755)
	sum := sha256.Sum256([]byte("hello\n"))
	h := hex.EncodeToString(sum[:])
	writeList(t, dir, "mixed", h+"  f\n"+h+"  g\n")
	writeList(t, dir, "bad", h+"  f\n"+strings.Repeat("0", 64)+"  f\njunk\n")
	writeList(t, dir, "junk", "junk\n")
	writeList(t, dir, "gone", h+"  gone\n")
	link := linkAs(t, "sha256sum")
	for _, c := range []struct {
		args  []string
		stdin string
	}{
		{args: []string{"-c", "mixed", "bad"}},
		{args: []string{"-c", "junk", "bad"}},
		{args: []string{"-c", "nonexistent", "bad"}},
		{args: []string{"-c", "d", "mixed"}},
		{args: []string{"-c"}, stdin: "junk\n"},
		{args: []string{"-c", "-w", "-"}, stdin: "junk\n" + h + "  f\n"},
		{args: []string{"-c", "--ignore-missing", "gone", "mixed"}},
		{args: []string{"-c", "--ignore-missing", "--status", "gone"}},
		{args: []string{"-c", "--ignore-missing", "bad"}},
		{args: []string{"-c", "--status", "junk", "bad"}},
		{args: []string{"-c", "--quiet", "bad", "mixed"}},
	} {
		want := tool(t, dir, []byte(c.stdin), "sha256sum", c.args...)
		got := runLink(t, link, dir, []byte(c.stdin), c.args...)
		if got.code != want.code || got.stdout != want.stdout || got.stderr != want.stderr {
			t.Errorf("%q:\nhashkit as sha256sum: %d %q\n%s\nsha256sum: %d %q\n%s", c.args, got.code, got.stdout, got.stderr, want.code, want.stdout, want.stderr)
		}
	}
}

// TestB2sumCheckIgnoresLength: b2sum -c takes each line's length from its
// digest (or tag), whatever -l says, so a line of another length is checked,
// not skipped as malformed (which passed the list when the others matched).
func TestB2sumCheckIgnoresLength(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "f"), []byte("hello\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "g"), []byte("other\n"), 0o644)
	short := tool(t, dir, nil, "b2sum", "-l", "256", "f").stdout
	long := strings.Replace(tool(t, dir, nil, "b2sum", "g").stdout, "  g", "  f", 1)
	tagged := tool(t, dir, nil, "b2sum", "--tag", "-l", "128", "f").stdout
	list := writeList(t, dir, "list", short+long+tagged)
	link := linkAs(t, "b2sum")
	for _, l := range []string{"256", "512", "8"} {
		args := []string{"-l", l, "-c", list}
		want := tool(t, dir, nil, "b2sum", args...)
		got := runLink(t, link, dir, nil, args...)
		if got.code != want.code || got.stdout != want.stdout || got.stderr != want.stderr {
			t.Errorf("%q:\nhashkit as b2sum: %d %q %q\nb2sum: %d %q %q", args, got.code, got.stdout, got.stderr, want.code, want.stdout, want.stderr)
		}
	}
}

// TestCheckOpenSSLLines: check reads what openssl dgst prints, in OpenSSL
// 3's names (SHA2-256, SHA2-512/256, BLAKE2B-512, RIPEMD-160, SHAKE-128)
// and 1.1's (SHA256, BLAKE2b512), and refuses a line of another length
// than the name says; the sha256sum persona, as sha256sum, reads only its
// own tag.
func TestCheckOpenSSLLines(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "f"), []byte("hello\n"), 0o644)
	var list strings.Builder
	for _, d := range []string{"md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha512-224", "sha512-256",
		"sha3-224", "sha3-256", "sha3-384", "sha3-512", "blake2b512", "blake2s256", "ripemd160", "shake128", "shake256"} {
		list.WriteString(tool(t, dir, nil, "openssl", "dgst", "-"+d, "f").stdout)
	}
	sha := sha256.Sum256([]byte("hello\n"))
	h := hex.EncodeToString(sha[:])
	// OpenSSL 1.1's names.
	list.WriteString("SHA256(f)= " + h + "\n")
	list.WriteString(strings.Replace(tool(t, dir, nil, "openssl", "dgst", "-blake2b512", "f").stdout, "BLAKE2B-512", "BLAKE2b512", 1))
	lists := t.TempDir()
	n := strings.Count(list.String(), "\n")
	r := hk(t, dir, nil, "check", "--strict", writeList(t, lists, "l", list.String()))
	if r.code != 0 || r.stdout != strings.Repeat("f: OK\n", n) {
		t.Errorf("openssl dgst lines: status %d, stdout %q, stderr %q\n%s", r.code, r.stdout, r.stderr, list.String())
	}
	for _, bad := range []string{"SHA2-256(f)= " + h[:62], "SHA2-224(f)= " + h, "SHAKE-128(f)= " + h} {
		if r := hk(t, dir, nil, "check", writeList(t, lists, "l", bad+"\n")); r.code != 1 || strings.Contains(r.stdout, "OK") {
			t.Errorf("%q: status %d, stdout %q, stderr %q", bad, r.code, r.stdout, r.stderr)
		}
	}
	link := linkAs(t, "sha256sum")
	l := writeList(t, lists, "l", "SHA2-256(f)= "+h+"\n")
	want := tool(t, dir, nil, "sha256sum", "-c", l)
	if got := runLink(t, link, dir, nil, "-c", l); got != want {
		t.Errorf("sha256sum -c of an OpenSSL 3 line: hashkit %d %q %q; sha256sum %d %q %q", got.code, got.stdout, got.stderr, want.code, want.stdout, want.stderr)
	}
}

// TestCheckEmptyNameAsB2sum: b2sum -c and cksum -c read a digest followed
// by one blank as a reversed line with an empty name (a file that fails
// to open), which sets the list's form: read as improperly formatted, the
// list "HEX \nHEX  f\n" passed on f, where b2sum fails it. sha256sum's
// shortest line is longer, so it calls such a line improperly formatted.
func TestCheckEmptyNameAsB2sum(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"f": "hello\n", " f": "other\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b2 := strings.Fields(tool(t, dir, nil, "b2sum", "f").stdout)[0]
	sha := sha256.Sum256([]byte("hello\n"))
	h := hex.EncodeToString(sha[:])
	lists := t.TempDir()
	for _, c := range []struct {
		tool string
		args []string
		h    string
	}{
		{"b2sum", nil, b2}, {"cksum", []string{"-a", "sha256"}, h}, {"sha256sum", nil, h},
	} {
		link := linkAs(t, c.tool)
		for _, list := range []string{c.h + " \n" + c.h + "  f\n", c.h + "\t\n" + c.h + "  f\n", c.h + "  f\n" + c.h + " \n", c.h + " \n"} {
			args := append(slices.Clone(c.args), "-c", writeList(t, lists, "l", list))
			want := tool(t, dir, nil, c.tool, args...)
			got := runLink(t, link, dir, nil, args...)
			if got.code != want.code || got.stdout != want.stdout {
				t.Errorf("%s %q: hashkit %d %q %q; %s %d %q %q", c.tool, list, got.code, got.stdout, got.stderr, c.tool, want.code, want.stdout, want.stderr)
			}
		}
	}
}

// TestCheckTagsAsB2sumCksum: b2sum -c and cksum -c of coreutils 9.1 read
// a tag by split_3: after the algorithm's name one character whatever it
// is (cksum without -a names the algorithm up to a blank, '-' or '(', so
// there only a blank, '-' or '('), then one optional space, then '('; a
// '-' starts a length in bits read by strtoumax in base 0, which must end
// the tag. Read as sha256sum reads tags, "BLAKE2b\t(g) = HEX" naming a
// changed file was skipped as improperly formatted and the list passed
// where b2sum fails it, and "BLAKE2b-256x (f) = HEX" was checked where
// b2sum --strict fails the list. sha256sum and md5sum read only one
// optional space after the tag: their personas, and check, keep that rule.
// cksum without -a reads only 9.1's tags, in hex: hashkit's other tags
// (SHA3-256) and base64 digests are improperly formatted there. With -a
// blake2b, "SHA1\t(" (SHA1 is base64 too) is a tag, not a digest.
func TestCheckTagsAsB2sumCksum(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{"f": "hello\n", "g": "other\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	digest := func(alg string) string { return strings.Fields(hk(t, dir, nil, "sum", "-a", alg, "f").stdout)[0] }
	b2, s, m := digest("blake2b"), digest("sha256"), digest("md5")
	type line struct{ tag, digest string }
	b64 := func(h string) string {
		b, _ := hex.DecodeString(h)
		return base64.StdEncoding.EncodeToString(b)
	}
	// hashkit's tags that coreutils 9.1's cksum does not know.
	var others []line
	for _, alg := range []string{"sha3-256", "blake3", "blake2s", "ripemd160", "shake128", "kt128"} {
		a, _ := lookup(alg)
		others = append(others, line{a.tag + " (", digest(alg)})
	}
	b2x256 := strings.Fields(hk(t, dir, nil, "sum", "-a", "blake2b", "-l", "32", "f").stdout)[0]
	// The tags, each followed by NAME) = the digest of f at its length.
	blake := []string{
		"BLAKE2b (", "BLAKE2b  (", "BLAKE2b\t(", "BLAKE2b\t (", "BLAKE2bX(", "BLAKE2bX (", "BLAKE2bb (", "BLAKE2b(",
		"BLAKE2b512 (", "BLAKE2b \t(", "BLAKE2b\t\t(", "blake2b (", "BLAKE2B (", "BLAKE2b-512 (", "BLAKE2b-512\t(", "BLAKE2b",
	}
	blake256 := []string{
		"BLAKE2b-256 (", "BLAKE2b-0x100 (", "BLAKE2b-0X100 (", "BLAKE2b-0400 (", "BLAKE2b- 256 (", "BLAKE2b-\v256 (",
		"BLAKE2b-\t\r256 (", "BLAKE2b-+256 (", "BLAKE2b- +256 (", "BLAKE2b-256x (", "BLAKE2b-256xyz (", "BLAKE2b-256\t(",
		"BLAKE2b-256  (", "BLAKE2b-256(", "BLAKE2b-0 (", "BLAKE2b-520 (", "BLAKE2b-99999999999999999999999 (",
		"BLAKE2b-08 (", "BLAKE2b--256 (", "BLAKE2b-0x (", "BLAKE2b-+-256 (", "BLAKE2b-256", "BLAKE2b-",
		"BLAKE2b-0256 (",
	}
	sha := []string{
		"SHA256 (", "SHA256  (", "SHA256\t(", "SHA256\t (", "SHA256 \t(", "SHA256X(", "SHA2564 (", "SHA256(",
		"SHA256-256 (", "SHA256-0x100 (", "SHA256-256\t(", "SHA256-256x (", "SHA256-512 (", "sha256 (", "SHA2-256 (",
	}
	md5 := []string{"MD5 (", "MD5  (", "MD5\t(", "MD5X(", "MD5-128 (", "MD5-0200 ("}
	with := func(digest string, tags ...string) []line {
		var l []line
		for _, tag := range tags {
			l = append(l, line{tag, digest})
		}
		return l
	}
	blakeLines := slices.Concat(with(b2, blake...), with(b2x256, blake256...))
	lists := t.TempDir()
	for _, c := range []struct {
		tool  string
		args  []string
		good  string // a matching line in the tool's own form
		lines []line
	}{
		{"b2sum", nil, "BLAKE2b (f) = " + b2, blakeLines},
		{"cksum", nil, "SHA256 (f) = " + s, slices.Concat(blakeLines, with(s, sha...), with(m, md5...), with(s, "CRC (", "SM3X("),
			others, with(b64(s), "SHA256 ("), with(b64(b2), "BLAKE2b ("), with(b64(m), "MD5 ("))},
		{"cksum", []string{"-a", "blake2b"}, "BLAKE2b (f) = " + b2, slices.Concat(blakeLines, with(s, sha...),
			with(digest("sha1"), "SHA1 (", "SHA1\t(", "SHA1  ("))},
		{"cksum", []string{"-a", "sha256"}, "SHA256 (f) = " + s, slices.Concat(with(s, sha...), with(b2, blake...))},
		{"cksum", []string{"-a", "md5"}, "MD5 (f) = " + m, with(m, md5...)},
		{"sha256sum", nil, s + "  f", with(s, sha...)},
		{"md5sum", nil, m + "  f", with(m, md5...)},
	} {
		link := linkAs(t, c.tool)
		for _, l := range c.lines {
			// A line naming g, which does not match, fails the list if it
			// is read and passes it if skipped; one naming f, which
			// matches, fails it under --strict if skipped.
			for _, list := range []struct{ text, flag string }{
				{c.good + "\n" + l.tag + "g) = " + l.digest + "\n", ""},
				{c.good + "\n" + l.tag + "f) = " + l.digest + "\n", "--strict"},
			} {
				args := append(slices.Clone(c.args), "-c", writeList(t, lists, "l", list.text))
				if list.flag != "" {
					args = append(args, list.flag)
				}
				want := tool(t, dir, nil, c.tool, args...)
				got := runLink(t, link, dir, nil, args...)
				if got.code != want.code || got.stdout != want.stdout {
					t.Errorf("%s %q: hashkit %d %q %q; %s %d %q %q", c.tool, args, got.code, got.stdout, got.stderr, c.tool, want.code, want.stdout, want.stderr)
				}
			}
		}
	}
	// check keeps sha256sum's rule (one optional space after the tag, a
	// length in decimal): it reads lines of many tools, and "BLAKE2bX(" is
	// no tag.
	for _, c := range []struct {
		line string
		ok   bool
	}{
		{"BLAKE2b (f) = " + b2, true}, {"BLAKE2b-256 (f) = " + b2x256, true}, {"SHA256(f)= " + s, true},
		{"BLAKE2b\t(f) = " + b2, false}, {"BLAKE2b  (f) = " + b2, false}, {"BLAKE2bX(f) = " + b2, false},
		{"BLAKE2b-0x100 (f) = " + b2x256, false}, {"SHA256\t(f) = " + s, false},
		{"BLAKE2b-256x (f) = " + b2x256, false}, {"BLAKE2b-+256 (f) = " + b2x256, false}, {"BLAKE2b-0256 (f) = " + b2x256, false},
	} {
		r := hk(t, dir, nil, "check", "--strict", writeList(t, lists, "l", c.line+"\n"))
		if (r.code == 0) != c.ok || c.ok && r.stdout != "f: OK\n" {
			t.Errorf("check --strict %q: %d %q %q; want it read: %v", c.line, r.code, r.stdout, r.stderr, c.ok)
		}
	}
	// So check reads no tag that b2sum calls improperly formatted.
	for _, tag := range blake256 {
		list := writeList(t, lists, "l", tag+"f) = "+b2x256+"\n")
		if want := tool(t, dir, nil, "b2sum", "-c", "--strict", list); want.code != 0 {
			if r := hk(t, dir, nil, "check", "--strict", list); r.code == 0 {
				t.Errorf("check --strict %q: %d %q %q; b2sum: %d %q", tag, r.code, r.stdout, r.stderr, want.code, want.stderr)
			}
		}
	}
}

// TestCheckTruncatedTagsAsCksum: cksum -c of coreutils 9.1 reads a tag's
// length below a fixed-size algorithm's (SHA256-128; SHA512-256 is SHA-512
// cut to 256 bits, not SHA-512/256) and compares the first bytes of the
// file's digest. hashkit checks no digest cut short: such a line fails,
// with a message, wherever cksum fails it and also where cksum passes it;
// skipped as improperly formatted, it passed lists cksum fails, and a
// SHA-512/256 digest was OK where cksum says FAILED.
func TestCheckTruncatedTagsAsCksum(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "f"), []byte("hello\n"), 0o644)
	digest := func(alg string) string { return strings.Fields(hk(t, dir, nil, "sum", "-a", alg, "f").stdout)[0] }
	s, s5, s5x256, m := digest("sha256"), digest("sha512"), digest("sha512-256"), digest("md5")
	good := "SHA256 (f) = " + s + "\n"
	lists := t.TempDir()
	link := linkAs(t, "cksum")
	for _, c := range []struct {
		args []string
		line string
		gnu  int // cksum 9.1's status
	}{
		{nil, "SHA256-128 (f) = " + s[:32], 0},
		{nil, "SHA256-0x80 (f) = " + s[:32], 0},
		{nil, "SHA256-128 (f) = " + strings.Repeat("0", 32), 1},
		{nil, "SHA512-256 (f) = " + s5[:64], 0},
		{nil, "SHA512-256 (f) = " + s5x256, 1},
		{nil, "MD5-8 (f) = " + m[:2], 0},
		{[]string{"-a", "sha256"}, "SHA256-8(f) = " + s[:2], 0},
		{[]string{"-a", "sha256"}, "SHA256-128 (f) = 00" + s[2:32], 1},
	} {
		args := append(slices.Clone(c.args), "-c", writeList(t, lists, "l", good+c.line+"\n"))
		if _, err := exec.LookPath("cksum"); err == nil {
			if want := tool(t, dir, nil, "cksum", args...); want.code != c.gnu {
				t.Errorf("cksum %q: status %d, not %d: %q %q", args, want.code, c.gnu, want.stdout, want.stderr)
			}
		}
		got := runLink(t, link, dir, nil, args...)
		if got.code != 1 || got.stdout != "f: OK\n" || !strings.Contains(got.stderr, "cannot be checked: hashkit checks no") {
			t.Errorf("cksum %q: hashkit %d %q %q; want the line failed", args, got.code, got.stdout, got.stderr)
		}
	}
	// hashkit's own tag stays its own with -a: cksum -a sha512-256 -c
	// checks what cksum -a sha512-256 prints.
	list := writeList(t, lists, "l", "SHA512-256 (f) = "+s5x256+"\n")
	if got := runLink(t, link, dir, nil, "-a", "sha512-256", "-c", list); got.code != 0 || got.stdout != "f: OK\n" {
		t.Errorf("cksum -a sha512-256 -c: %d %q %q", got.code, got.stdout, got.stderr)
	}
}

// TestCheckTaggedBase64AsCoreutils: the sha256sum-style personas and b2sum
// read hex only, tagged lines too, as coreutils 9.1 does: a tagged base64
// digest is improperly formatted (it was OK, so --strict passed a list
// sha256sum --strict fails). check, sum -c and cksum -a ALG -c read it, as
// cksum 9.2+ does; cksum without -a reads hex only, as 9.1 does.
func TestCheckTaggedBase64AsCoreutils(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "f"), []byte("hello\n"), 0o644)
	b64 := func(alg string) string {
		b, err := hex.DecodeString(strings.Fields(hk(t, dir, nil, "sum", "-a", alg, "f").stdout)[0])
		if err != nil {
			t.Fatal(err)
		}
		return base64.StdEncoding.EncodeToString(b)
	}
	lists := t.TempDir()
	for _, c := range []struct{ tool, alg, tag string }{
		{"sha256sum", "sha256", "SHA256"}, {"sha512sum", "sha512", "SHA512"}, {"sha1sum", "sha1", "SHA1"},
		{"md5sum", "md5", "MD5"}, {"b2sum", "blake2b", "BLAKE2b"},
	} {
		line := c.tag + " (f) = " + b64(c.alg) + "\n"
		for _, args := range [][]string{{"-c", "--strict"}, {"-c"}} {
			args := append(args, writeList(t, lists, "l", line))
			want := tool(t, dir, nil, c.tool, args...)
			got := runLink(t, linkAs(t, c.tool), dir, nil, args...)
			if got.code != want.code || got.stdout != want.stdout || want.code != 1 {
				t.Errorf("%s %q: hashkit %d %q %q; %s %d %q %q", c.tool, line, got.code, got.stdout, got.stderr, c.tool, want.code, want.stdout, want.stderr)
			}
		}
		list := writeList(t, lists, "l", line)
		for _, args := range [][]string{{"check", "--strict", list}, {"sum", "-c", "--strict", list}} {
			if r := hk(t, dir, nil, args...); r.code != 0 || r.stdout != "f: OK\n" {
				t.Errorf("%q %q: %d %q %q", args, line, r.code, r.stdout, r.stderr)
			}
		}
		if r := runLink(t, linkAs(t, "cksum"), dir, nil, "-a", c.alg, "-c", "--strict", list); r.code != 0 || r.stdout != "f: OK\n" {
			t.Errorf("cksum -a %s -c %q: %d %q %q", c.alg, line, r.code, r.stdout, r.stderr)
		}
	}
}
