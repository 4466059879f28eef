package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	be "encoding/binary"
	"encoding/hex"
	"fmt"
	"hash/crc32"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestCksumPersona compares the cksum link with coreutils' cksum byte for
// byte (stdout, stderr, status) for every algorithm and flag the installed
// cksum has.
func TestCksumPersona(t *testing.T) {
	dir, names := oddFiles(t)
	files := append([]string{"--"}, names...)
	link := linkAs(t, "cksum")
	lists := t.TempDir()
	var runs [][]string
	for _, alg := range []string{"crc", "sysv", "bsd", "md5", "sha1", "sha224", "sha256", "sha384", "sha512", "blake2b"} {
		runs = append(runs, append([]string{"-a", alg}, files...), append([]string{"-a", alg, "-z"}, files...))
		if _, legacy := legacyAlgorithms[alg]; !legacy {
			runs = append(runs, append([]string{"-a", alg, "--untagged"}, files...), append([]string{"-a", alg, "--untagged", "--tag"}, files...))
		}
	}
	runs = append(runs, files, []string{"plain.txt"}, []string{"-"}, nil, []string{"-a", "bsd", "-", "empty"},
		append([]string{"-a", "blake2b", "-l", "256"}, files...), []string{"-a", "blake2b", "-l", "8", "--untagged", "plain.txt"},
		[]string{"-a", "blake2b", "-l", "12", "plain.txt"}, []string{"-a", "blake2b", "-l", "1024", "plain.txt"},
		[]string{"-l", "256", "plain.txt"}, []string{"-a", "md5", "-l", "0", "plain.txt"}, []string{"-a", "nope", "x"},
		[]string{"-a", "SHA256", "x"}, []string{"-a", "sha", "x"}, []string{"-a", "", "x"}, []string{"-l", "abc", "-a", "x"},
		[]string{"-a", "x", "-l", "abc"}, []string{"-a", "bl", "-a", "sha256", "plain.txt"}, []string{"-a", "blake2b", "-l", "-8", "plain.txt"},
		[]string{"-a", "blake2b", "-l", "99999999999999999999999", "plain.txt"},
		[]string{"--bogus"}, []string{"-a", "crc", "-c", "x"}, []string{"missing", "plain.txt"})
	for _, args := range runs {
		stdin := []byte("standard input\n")
		want := tool(t, dir, stdin, "cksum", args...)
		got := runLink(t, link, dir, stdin, args...)
		if got != want {
			t.Errorf("cksum %q:\nhashkit: %d %q %q\ncksum:   %d %q %q", args, got.code, got.stdout, got.stderr, want.code, want.stdout, want.stderr)
		}
	}
	// Check mode: cksum's tagged list with a mismatch, a missing file, an
	// untagged line (read only with -a) and junk.
	sums := tool(t, dir, nil, "cksum", append([]string{"-a", "sha256"}, files...)...).stdout
	zeros := strings.Repeat("0", 64)
	// (Warnings come at the top: coreutils writes them in line order
	// with the verdicts, hashkit before them.)
	bad := writeList(t, lists, "bad", "junk\n"+zeros+"  empty\n"+sums+"SHA256 (plain.txt) = "+zeros+"\nSHA256 (gone) = "+zeros+"\n")
	good := writeList(t, lists, "good", sums)
	for _, args := range [][]string{
		{"-c", good}, {"-c", "--quiet", good}, {"-c", bad}, {"-c", "-w", bad}, {"-c", "--strict", bad}, {"-c", "--status", bad},
		{"-c", "--ignore-missing", bad}, {"-a", "sha256", "-c", "-w", bad}, {"-a", "md5", "-c", "-w", bad}, {"-c", "-z", good},
		{"-c", "--tag", good}, {"-c", "/dev/null"},
	} {
		want := tool(t, dir, nil, "cksum", args...)
		got := runLink(t, link, dir, nil, args...)
		if got != want {
			t.Errorf("cksum %q:\nhashkit: %d %q %q\ncksum:   %d %q %q", args, got.code, got.stdout, got.stderr, want.code, want.stdout, want.stderr)
		}
	}
}

// TestLegacySums checks the CRC and the 16-bit sums against their
// definitions, computed here another way (bit by bit, or by the standard
// library), at lengths that need 0 to 3 length bytes.
func TestLegacySums(t *testing.T) {
	for _, n := range []int{0, 1, 255, 256, 70000} {
		data := bytes.Repeat([]byte("The quick brown fox\xff"), n/20+1)[:n]
		sum := func(alg string) ([]byte, uint64) {
			a, err := lookup(alg)
			if err != nil {
				t.Fatal(err)
			}
			d, _ := a.new(options{})
			// In pieces, to cross Write calls.
			for p := data; len(p) > 0; p = p[min(len(p), 7):] {
				d.Write(p[:min(len(p), 7)])
			}
			out := d.Finish()
			return out[:len(out)-8], be.BigEndian.Uint64(out[len(out)-8:])
		}
		// POSIX cksum: the CRC of the data then its length, bit by bit.
		msg := append([]byte(nil), data...)
		for l := n; l > 0; l >>= 8 {
			msg = append(msg, byte(l))
		}
		var crc uint32
		for _, b := range msg {
			for i := 7; i >= 0; i-- {
				bit := (crc>>31)^uint32(b>>i&1) != 0
				crc <<= 1
				if bit {
					crc ^= 0x04C11DB7
				}
			}
		}
		if got, size := sum("crc"); be.BigEndian.Uint32(got) != ^crc || size != uint64(n) {
			t.Errorf("crc of %d bytes: %x %d, want %x", n, got, size, ^crc)
		}
		if got, _ := sum("crc32b"); be.BigEndian.Uint32(got) != crc32.ChecksumIEEE(data) {
			t.Errorf("crc32b of %d bytes: %x", n, got)
		}
		var s, bsd uint64
		for _, b := range data {
			s += uint64(b)
			bsd = (bsd>>1 | (bsd&1)<<15) + uint64(b)
			bsd &= 0xffff
		}
		sysv := s % 0xffff // the sum's end-around carry is mod 2^16-1
		if sysv == 0 && s != 0 {
			sysv = 0xffff
		}
		if got, _ := sum("sysv"); uint64(be.BigEndian.Uint16(got)) != sysv {
			t.Errorf("sysv of %d bytes: %x, want %x", n, got, sysv)
		}
		if got, _ := sum("bsd"); uint64(be.BigEndian.Uint16(got)) != bsd {
			t.Errorf("bsd of %d bytes: %x, want %x", n, got, bsd)
		}
	}
}

// TestCksumNewerForms covers what coreutils added after the 9.1 that
// Debian ships (9.2's --base64 and --raw, 9.5's sha2 and sha3 with -l,
// 9.6's crc32b), from the manual's descriptions.
func TestCksumNewerForms(t *testing.T) {
	dir := t.TempDir()
	data := []byte("hello\n")
	if err := os.WriteFile(filepath.Join(dir, "a"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	link := linkAs(t, "cksum")
	sha := func(alg string) []byte {
		a, _ := lookup(alg)
		d, _ := a.new(options{length: a.size})
		d.Write(data)
		return d.Finish()
	}
	for _, c := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"-a", "sha3", "-l", "256", "a"}, "SHA3-256 (a) = " + hex.EncodeToString(sha("sha3-256")) + "\n", 0},
		{[]string{"-a", "sha3", "-l", "512", "--untagged", "a"}, hex.EncodeToString(sha("sha3-512")) + "  a\n", 0},
		{[]string{"-a", "sha2", "-l", "384", "a"}, "SHA384 (a) = " + hex.EncodeToString(sha("sha384")) + "\n", 0},
		{[]string{"-a", "sha3", "a"}, "", 1},
		{[]string{"-a", "sha3", "-l", "100", "a"}, "", 1},
		{[]string{"-a", "crc32b", "a"}, fmt.Sprintf("%d 6 a\n", crc32.ChecksumIEEE(data)), 0},
		{[]string{"-a", "sha256", "--base64", "a"}, "SHA256 (a) = " + base64.StdEncoding.EncodeToString(sha("sha256")) + "\n", 0},
		{[]string{"-a", "sha256", "--base64", "--untagged", "a"}, base64.StdEncoding.EncodeToString(sha("sha256")) + "  a\n", 0},
		{[]string{"-a", "sha256", "--raw", "a"}, string(sha("sha256")), 0},
		{[]string{"--raw", "a"}, string(be.BigEndian.AppendUint32(nil, 3015617425)), 0},
		{[]string{"--raw", "a", "a"}, "", 1},
		{[]string{"-a", "sha256", "--base64", "--raw", "a"}, "", 1},
		{[]string{"-a", "blake3", "a"}, "BLAKE3 (a) = " + hex.EncodeToString(sha("blake3")) + "\n", 0},
	} {
		got := runLink(t, link, dir, nil, c.args...)
		if got.stdout != c.want || got.code != c.code || (c.code != 0) != (got.stderr != "") {
			t.Errorf("cksum %q: %d %q %q, want %d %q", c.args, got.code, got.stdout, got.stderr, c.code, c.want)
		}
	}
	// Base64 digests are read back (by cksum with -a, as 9.2+; 9.1 reads
	// none); one of the wrong length, or one that is not base64, is an
	// improperly formatted line, not a FAILED one.
	b64 := base64.StdEncoding.EncodeToString(sha("sha256"))
	list := writeList(t, dir, "list", "SHA256 (a) = "+b64+"\nSHA256 (a) = "+b64[4:]+"\nSHA256 (a) = !"+b64[1:]+"\nNOPE (a) = "+b64+"\n")
	for _, prog := range []string{link, binary} {
		args := []string{"-a", "sha256", "-c", "-w", list}
		if prog == binary {
			args = []string{"check", "-w", list}
		}
		got := runLink(t, prog, dir, nil, args...)
		if got.stdout != "a: OK\n" || got.code != 0 || strings.Count(got.stderr, "improperly formatted") != 4 {
			t.Errorf("%s %q: %d %q %q", filepath.Base(prog), args, got.code, got.stdout, got.stderr)
		}
	}
}

// TestCksumSHA2SHA3Lengths: cksum -a sha2 and sha3, which Debian's 9.1
// lacks, take -l as coreutils' digest.c (2025) does, with its messages
// (tests/cksum/cksum-sha3.sh): -l is required to print, and checked when
// given; --check without -l takes each line's length, hex or base64
// (tests/cksum/cksum-base64-untagged.sh).
func TestCksumSHA2SHA3Lengths(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "inp"), []byte("test input\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := linkAs(t, "cksum")
	for _, alg := range []string{"sha2", "sha3"} {
		for _, l := range []string{"216", "248", "376", "504", "513", "1024", "0"} {
			want := "cksum: invalid length: ‘" + l + "’\ncksum: digest length for ‘" + strings.ToUpper(alg) + "’ must be 224, 256, 384, or 512\n"
			for _, args := range [][]string{{"-a", alg, "-l", l, "/dev/null"}, {"-a", alg, "-l", l, "--check", "/dev/null"}} {
				if got := runLink(t, link, dir, nil, args...); got.code != 1 || got.stdout != "" || got.stderr != want {
					t.Errorf("cksum %q: %d %q %q", args, got.code, got.stdout, got.stderr)
				}
			}
		}
		want := "cksum: --algorithm=" + alg + " requires specifying --length 224, 256, 384, or 512\n"
		if got := runLink(t, link, dir, nil, "-a", alg, "inp"); got.code != 1 || got.stderr != want {
			t.Errorf("cksum -a %s without -l: %d %q", alg, got.code, got.stderr)
		}
		for _, l := range []string{"224", "256", "384", "512"} {
			for _, form := range [][]string{{"--base64", "--untagged"}, {"--untagged"}, {"--base64"}, nil} {
				list := runLink(t, link, dir, nil, append([]string{"-a", alg, "-l", l, "inp"}, form...)...).stdout
				writeList(t, dir, "check", list)
				if got := runLink(t, link, dir, nil, "-a", alg, "--check", "check"); got.code != 0 || got.stdout != "inp: OK\n" {
					t.Errorf("cksum -a %s --check of %q: %d %q %q", alg, list, got.code, got.stdout, got.stderr)
				}
			}
			// A digest cut by a character is improperly formatted.
			list := runLink(t, link, dir, nil, "-a", alg, "-l", l, "--base64", "--untagged", "inp").stdout
			writeList(t, dir, "truncated", strings.Replace(list, "  inp", "", 1)[1:]+"  inp\n")
			got := runLink(t, link, dir, nil, "-a", alg, "--check", "truncated")
			if got.code != 1 || got.stderr != "cksum: truncated: no properly formatted checksum lines found\n" {
				t.Errorf("cksum -a %s --check of a cut digest: %d %q %q", alg, got.code, got.stdout, got.stderr)
			}
		}
	}
	// -l takes the last one given; a tag with a length SHA-3 lacks is no
	// SHA-3 line.
	if got := runLink(t, link, dir, nil, "-a", "sha3", "-l", "253", "-l", "256", "/dev/null"); got.code != 0 || !strings.HasPrefix(got.stdout, "SHA3-256 (/dev/null) = a7ffc6f8") {
		t.Errorf("cksum -l 253 -l 256: %d %q %q", got.code, got.stdout, got.stderr)
	}
	// With --check, -l is checked but each line's digest says its length.
	mixed := runLink(t, link, dir, nil, "-a", "sha3", "-l", "512", "inp").stdout + runLink(t, link, dir, nil, "-a", "sha3", "-l", "384", "--untagged", "inp").stdout
	writeList(t, dir, "mixed", mixed)
	if got := runLink(t, link, dir, nil, "-a", "sha3", "-l", "256", "--check", "mixed"); got.code != 0 || got.stdout != "inp: OK\ninp: OK\n" {
		t.Errorf("cksum -a sha3 -l 256 --check of 512- and 384-bit lines: %d %q %q", got.code, got.stdout, got.stderr)
	}
	writeList(t, dir, "inp248", "SHA3-248 (inp) = b4753bf1696fda712821b665494c89090ffb0e87b8645559ad9f5db25b42d4\n")
	got := runLink(t, link, dir, nil, "-a", "sha3", "-c", "--warn", "inp248")
	if want := "cksum: inp248: 1: improperly formatted SHA3 checksum line\ncksum: inp248: no properly formatted checksum lines found\n"; got.code != 1 || got.stderr != want {
		t.Errorf("cksum -a sha3 -c of SHA3-248: %d %q %q", got.code, got.stdout, got.stderr)
	}
}

// TestCheckUntaggedBase64: cksum --check reads the base64 digests of
// untagged lines (cksum -a ALG --untagged --base64) when -a names the
// algorithm, as coreutils 9.2+ does (digest.c valid_digits: the base64 must
// be exactly the digest's length); so do check and sum -c with -a or a list
// named for its algorithm. A base64 digest of another length is an
// improperly formatted line, never a FAILED one; sha256sum, whose coreutils
// reads hex only, and cksum without -a (untagged lines need it) refuse them.
func TestCheckUntaggedBase64(t *testing.T) {
	dir := t.TempDir()
	data := []byte("hello\n")
	if err := os.WriteFile(filepath.Join(dir, "a"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	cksum, sha256sum := linkAs(t, "cksum"), linkAs(t, "sha256sum")
	digest := func(alg string, n int) string {
		a, _ := lookup(alg)
		d, _ := a.new(options{length: n})
		d.Write(data)
		return base64.StdEncoding.EncodeToString(d.Finish())
	}
	b64 := digest("sha256", 32)
	good := writeList(t, dir, "good", b64+"  a\n")
	named := writeList(t, dir, "SHA256SUMS", b64+"  a\n")
	b2 := writeList(t, dir, "b2", digest("blake2b", 3)+"  a\n"+digest("blake2b", 20)+"  a\n")
	// One character short, four short (a whole base64 quantum: it still
	// decodes, to 29 bytes), one character changed (still 32 bytes).
	bad := writeList(t, dir, "bad", b64[1:]+"  a\n"+b64[4:]+"  a\n"+"AAAA"+b64[4:]+"  a\n")
	// Go's decoder skips a CR, even in Strict mode: this digest matched.
	cr := writeList(t, dir, "cr", b64[:10]+"\r"+b64[10:]+"  a\n")
	for _, c := range []struct {
		prog   string
		args   []string
		stdout string
		code   int
		stderr []string
	}{
		{cksum, []string{"-a", "sha256", "-c", good}, "a: OK\n", 0, nil},
		{cksum, []string{"-a", "blake2b", "-c", b2}, "a: OK\na: OK\n", 0, nil},
		{binary, []string{"check", "-a", "sha256", good}, "a: OK\n", 0, nil},
		{binary, []string{"sum", "-c", "-a", "sha256", good}, "a: OK\n", 0, nil},
		{binary, []string{"check", named}, "a: OK\n", 0, nil},
		{binary, []string{"check", "-a", "blake2b", b2}, "a: OK\na: OK\n", 0, nil},
		{cksum, []string{"-a", "sha256", "-c", "-w", bad}, "a: FAILED\n", 1, []string{"bad: 1: improperly formatted SHA256 checksum line", "bad: 2: improperly formatted SHA256 checksum line", "WARNING: 2 lines are improperly formatted", "WARNING: 1 computed checksum did NOT match"}},
		{binary, []string{"check", "-w", "-a", "sha256", bad}, "a: FAILED\n", 1, []string{"bad: 1: improperly formatted", "bad: 2: improperly formatted", "WARNING: 2 lines are improperly formatted"}},
		{cksum, []string{"-c", good}, "", 1, []string{"good: no properly formatted checksum lines found"}},
		{cksum, []string{"-a", "sha256", "-c", "--strict", cr}, "", 1, []string{"cr: no properly formatted checksum lines found"}},
		{binary, []string{"check", "--strict", "-a", "sha256", cr}, "", 1, []string{"cr: no properly formatted checksum lines found"}},
		{sha256sum, []string{"-c", good}, "", 1, []string{"good: no properly formatted checksum lines found"}},
	} {
		got := runLink(t, c.prog, dir, nil, c.args...)
		ok := got.stdout == c.stdout && got.code == c.code && (len(c.stderr) == 0) == (got.stderr == "")
		for _, w := range c.stderr {
			ok = ok && strings.Contains(got.stderr, w)
		}
		if !ok {
			t.Errorf("%s %q: %d %q %q", filepath.Base(c.prog), c.args, got.code, got.stdout, got.stderr)
		}
	}
	// Debian's sha256sum (coreutils 9.1) reads no base64 either.
	if want, got := tool(t, dir, nil, "sha256sum", "-c", good), runLink(t, sha256sum, dir, nil, "-c", good); got != want {
		t.Errorf("sha256sum -c of a base64 line: hashkit %d %q %q, coreutils %d %q %q", got.code, got.stdout, got.stderr, want.code, want.stdout, want.stderr)
	}
}

// TestSumCksumFlags: hashkit sum takes cksum's algorithms and output flags
// (its -l in bytes).
func TestSumCksumFlags(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a"), []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := linkAs(t, "cksum")
	for _, c := range []struct{ sum, cksum []string }{
		{[]string{"sum", "-a", "crc", "a"}, []string{"a"}},
		{[]string{"sum", "-a", "bsd", "a"}, []string{"-a", "bsd", "a"}},
		{[]string{"sum", "-a", "sysv"}, []string{"-a", "sysv"}},
		{[]string{"sum", "-a", "sha3", "-l", "48", "--tag", "a"}, []string{"-a", "sha3", "-l", "384", "a"}},
		{[]string{"sum", "-a", "md5", "--tag", "--untagged", "a"}, []string{"-a", "md5", "--untagged", "a"}},
		{[]string{"sum", "--base64", "--tag", "a"}, []string{"-a", "sha256", "--base64", "a"}},
		{[]string{"sum", "--raw", "a"}, []string{"-a", "sha256", "--raw", "a"}},
	} {
		got, want := hk(t, dir, []byte("in"), c.sum...), runLink(t, link, dir, []byte("in"), c.cksum...)
		if got != want || got.code != 0 {
			t.Errorf("hashkit %q: %d %q %q; cksum %q: %d %q", c.sum, got.code, got.stdout, got.stderr, c.cksum, want.code, want.stdout)
		}
	}
	if r := runLink(t, link, dir, nil, "--base64", "--raw", "a"); r.code != 1 || r.stderr != "cksum: --base64 and --raw are mutually exclusive\nTry 'cksum --help' for more information.\n" {
		t.Errorf("cksum --base64 --raw: %d %q", r.code, r.stderr)
	}
	if r := hk(t, dir, nil, "sum", "--base64", "--raw", "a"); r.code != exitUsage || r.stdout != "" {
		t.Errorf("sum --base64 --raw: %d %q %q", r.code, r.stdout, r.stderr)
	}
	if r := hk(t, dir, nil, "check", "-a", "crc", "x"); r.code != exitUsage {
		t.Errorf("check -a crc: %d %q", r.code, r.stderr)
	}
	if r := hk(t, dir, nil, "sum", "-a", "sha3", "a"); r.code != exitUsage || !strings.Contains(r.stderr, "28, 32, 48 or 64") {
		t.Errorf("sum -a sha3 without -l: %d %q", r.code, r.stderr)
	}
	// sum -c -a sha3 checks lines of every SHA-3 length; with -l, of that
	// one only.
	list := hk(t, dir, nil, "sum", "-a", "sha3", "-l", "64", "--tag", "a").stdout + hk(t, dir, nil, "sum", "-a", "sha3", "-l", "32", "--tag", "a").stdout
	writeList(t, dir, "sha3", list)
	for _, c := range []struct {
		args   []string
		stdout string
		code   int
	}{
		{[]string{"sum", "-c", "-a", "sha3", "sha3"}, "a: OK\na: OK\n", 0},
		{[]string{"sum", "-c", "-a", "sha3", "-l", "32", "--strict", "sha3"}, "a: OK\n", 1},
		{[]string{"sum", "-c", "-a", "sha3", "-l", "30", "sha3"}, "", exitUsage},
	} {
		if r := hk(t, dir, nil, c.args...); r.code != c.code || r.stdout != c.stdout {
			t.Errorf("%q: %d %q %q", c.args, r.code, r.stdout, r.stderr)
		}
	}
}

// TestMessagesQuoteAsTheLocale: coreutils quotes values in its messages in
// curved quotes only where the locale's character set is UTF-8 (and the
// locale exists), else in apostrophes; the personas follow, compared with
// the installed tools under each locale.
func TestMessagesQuoteAsTheLocale(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a"), []byte("a"), 0o644); err != nil {
		t.Fatal(err)
	}
	links := map[string]string{"cksum": linkAs(t, "cksum"), "b2sum": linkAs(t, "b2sum")}
	locales := []string{"C", "POSIX", "C.UTF-8", "C.utf8", ""}
	if _, err := os.Stat("/usr/lib/locale/locale-archive"); err != nil {
		// A locale that is not installed is C. (Where an archive holds
		// the installed ones, hashkit takes any UTF-8 name for one.)
		locales = append(locales, "xx_YY.UTF-8")
	}
	for _, locale := range locales {
		t.Setenv("LC_ALL", locale)
		t.Setenv("LANG", "")
		t.Setenv("LC_CTYPE", "")
		for _, run := range [][]string{
			{"cksum", "-a", "x", "a"}, {"cksum", "-a", "blake2b", "-l", "520", "a"}, {"cksum", "-a", "blake2b", "-l", "12", "a"},
			{"cksum", "-l", "x", "a"}, {"b2sum", "-l", "520", "a"}, {"b2sum", "-l", "x", "a"},
		} {
			want := tool(t, dir, nil, run[0], run[1:]...)
			if got := runLink(t, links[run[0]], dir, nil, run[1:]...); got != want {
				t.Errorf("LC_ALL=%q %q: hashkit %d %q, coreutils %d %q", locale, run, got.code, got.stderr, want.code, want.stderr)
			}
		}
	}
}

// TestCheckSM3LineFails: an SM3 line is a line cksum -c checks, but hashkit
// has no SM3, so the file it names cannot be verified: the check fails,
// saying why, rather than skipping it as improperly formatted and passing
// on the other lines (cksum -c failed such a list whose SM3 digest did not
// match; hashkit passed it with status 0). Where an -a chooses another
// algorithm, the line is malformed, as in coreutils.
func TestCheckSM3LineFails(t *testing.T) {
	dir := t.TempDir()
	data := []byte("hello\n")
	if err := os.WriteFile(filepath.Join(dir, "a"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	good := "SHA256 (a) = " + hex.EncodeToString(sum[:]) + "\n"
	list := writeList(t, t.TempDir(), "CHECKSUMS", good+"SM3 (a) = "+strings.Repeat("0", 64)+"\n")
	link := linkAs(t, "cksum")
	for _, c := range []struct {
		args []string
		run  func(args ...string) runResult
	}{
		{[]string{"-c", list}, func(args ...string) runResult { return runLink(t, link, dir, nil, args...) }},
		{[]string{"check", list}, func(args ...string) runResult { return hk(t, dir, nil, args...) }},
		{[]string{"sum", "-c", list}, func(args ...string) runResult { return hk(t, dir, nil, args...) }},
	} {
		if r := c.run(c.args...); r.code != 1 || !strings.Contains(r.stderr, "SM3") {
			t.Errorf("%q: status %d, stdout %q, stderr %q", c.args, r.code, r.stdout, r.stderr)
		}
	}
	if r := runLink(t, link, dir, nil, "-c", "-a", "sha256", list); r.code != 0 || r.stdout != "a: OK\n" {
		t.Errorf("cksum -c -a sha256: status %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// TestSumBase64LongOutput: --base64 streams an XOF output longer than
// longOutput as it is read, as hex does: the same bytes as the hex line,
// and an -l of 600 MB in little memory (it read the whole output and then
// its encoding into memory, and died out of memory).
func TestSumBase64LongOutput(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a"), []byte("a\n"), 0o644)
	l := strconv.Itoa(longOutput + 7)
	hx, _, _ := strings.Cut(hk(t, dir, nil, "sum", "-a", "blake3", "-l", l, "a").stdout, "  ")
	b64 := hk(t, dir, nil, "sum", "-a", "blake3", "-l", l, "--base64", "a")
	want, _ := hex.DecodeString(hx)
	if got, err := base64.StdEncoding.Strict().DecodeString(strings.TrimSuffix(b64.stdout, "  a\n")); err != nil || !bytes.Equal(got, want) || len(want) != longOutput+7 {
		t.Errorf("-l %s --base64: %d bytes (%v), want the %d of the hex line", l, len(got), err, len(want))
	}
	cmd := exec.Command(binary, "sum", "-a", "blake3", "-l", "600000000", "--base64", "a")
	cmd.Dir = dir
	if peak := peakMemory(t, cmd); peak > 64<<20 {
		t.Errorf("-l 600000000 --base64: %d MB of memory at most, want under 64 MB", peak>>20)
	}
}
