package main

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
)

// checkFixture is a file and a list whose checksum does not match it, so a
// command that hashes the list instead of checking it cannot pass.
func checkFixture(t *testing.T) (dir string) {
	dir = t.TempDir()
	os.WriteFile(filepath.Join(dir, "f"), []byte("hello\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "BAD"), []byte(strings.Repeat("0", 64)+"  f\n"), 0o644)
	good := hk(t, dir, nil, "sum", "f")
	os.WriteFile(filepath.Join(dir, "GOOD"), []byte(good.stdout), 0o644)
	return dir
}

// TestCheckModeAlwaysChecks: every way of asking for check mode checks.
func TestCheckModeAlwaysChecks(t *testing.T) {
	dir := checkFixture(t)
	for _, args := range [][]string{
		{"sum", "-c"}, {"sum", "--check"}, {"sum", "--check=true"}, {"sum", "-wc"}, {"sum", "-ca", "sha256"},
		{"sum", "-c", "--quiet"}, {"check"}, {"sum", "-cw"}, {"sum", "--status", "-w", "-c"},
	} {
		bad := hk(t, dir, nil, append(args, "BAD")...)
		if bad.code != 1 || !strings.Contains(bad.stdout, "f: FAILED") {
			t.Errorf("%v BAD: status %d, stdout %q, stderr %q", args, bad.code, bad.stdout, bad.stderr)
		}
		good := hk(t, dir, nil, append(args, "GOOD")...)
		if good.code != 0 || strings.Contains(good.stdout, "GOOD") {
			t.Errorf("%v GOOD: status %d, stdout %q, stderr %q", args, good.code, good.stdout, good.stderr)
		}
	}
	// --check=false is a plain sum.
	if r := hk(t, dir, nil, "sum", "--check=false", "BAD"); r.code != 0 || !strings.HasSuffix(r.stdout, "  BAD\n") {
		t.Errorf("--check=false: status %d, %q", r.code, r.stdout)
	}
}

// TestCheckModeRefusals: what sha256sum refuses, sum refuses with its
// message, second line and status; check refuses its share too.
func TestCheckModeRefusals(t *testing.T) {
	dir := checkFixture(t)
	for _, args := range [][]string{
		{"-bc"}, {"-tc"}, {"-zc"}, {"-c", "--tag"}, {"--tag", "-c"}, {"-cb"}, {"-c", "-z", "--tag", "-b"}, {"-c", "--tag", "-b"},
		{"--tag", "-t"}, {"--quiet"}, {"--status"}, {"--strict"}, {"-w"}, {"--ignore-missing"},
		{"--status", "--quiet"}, {"--strict", "--status"}, {"-w", "--status"}, {"--quiet", "--ignore-missing"}, {"--status", "-w"}, {"--strict", "--quiet"},
	} {
		want := tool(t, dir, nil, "sha256sum", append(args, "BAD")...)
		got := hk(t, dir, nil, append(append([]string{"sum"}, args...), "BAD")...)
		wantErr := strings.ReplaceAll(want.stderr, "sha256sum:", "hashkit:")
		wantErr = strings.ReplaceAll(wantErr, "'sha256sum --help'", "'hashkit sum --help'")
		if got.code != want.code || got.stdout != want.stdout || got.stderr != wantErr {
			t.Errorf("sum %v: status %d, stdout %q, stderr %q; sha256sum: %d %q %q", args, got.code, got.stdout, got.stderr, want.code, want.stdout, want.stderr)
		}
	}
	for _, args := range [][]string{{"-b"}, {"-t"}, {"--tag"}} {
		r := hk(t, dir, nil, append(append([]string{"check"}, args...), "BAD")...)
		if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, "meaningless when verifying checksums\nTry 'hashkit check --help'") {
			t.Errorf("check %v: status %d, stdout %q, stderr %q", args, r.code, r.stdout, r.stderr)
		}
	}
}

// TestStdinNamedTwice: "-" twice reads standard input once, as coreutils:
// the second hashes the empty rest.
func TestStdinNamedTwice(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "f"), []byte("file"), 0o644)
	in := make([]byte, 24<<20)
	rand.Read(in)
	for _, args := range [][]string{{"-", "-"}, {"-", "f", "-", "-"}} {
		want := tool(t, dir, in, "sha256sum", args...)
		for range 3 {
			got := hk(t, dir, in, append([]string{"sum"}, args...)...)
			if got.code != 0 || got.stdout != want.stdout {
				t.Fatalf("sum %v: status %d\n%s\nsha256sum:\n%s", args, got.code, got.stdout, want.stdout)
			}
		}
	}
}

// TestStreamNamedTwice: standard input under two names ("-" and
// /dev/stdin) is one pipe; hashing both at once split its bytes between
// them, and both digests were wrong. As coreutils, the first reads it all.
func TestStreamNamedTwice(t *testing.T) {
	if _, err := os.Stat("/dev/stdin"); err != nil {
		t.Skip("no /dev/stdin")
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "f"), []byte("file"), 0o644)
	in := make([]byte, 24<<20)
	rand.Read(in)
	for _, args := range [][]string{{"-", "/dev/stdin"}, {"/dev/stdin", "-"}, {"/dev/stdin", "f", "/dev/fd/0", "-"}} {
		want := tool(t, dir, in, "sha256sum", args...)
		for range 3 {
			got := hk(t, dir, in, append([]string{"sum"}, args...)...)
			if got.code != 0 || got.stdout != want.stdout {
				t.Fatalf("sum %v: status %d\n%s\nsha256sum:\n%s", args, got.code, got.stdout, want.stdout)
			}
		}
	}
	// And in a check: the list's lines for both names, from sha256sum.
	list := writeList(t, dir, "SUMS", tool(t, dir, in, "sha256sum", "/dev/stdin", "-").stdout)
	for range 3 {
		if r := hk(t, dir, in, "check", list); r.code != 0 {
			t.Fatalf("check: status %d\n%s%s", r.code, r.stdout, r.stderr)
		}
	}
}

// TestWriteErrors: a full disk is an error, as coreutils.
func TestWriteErrors(t *testing.T) {
	dir := checkFixture(t)
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	for _, args := range [][]string{{"sum", "f"}, {"check", "GOOD"}, {"sum", "-c", "GOOD"}, {"list"}, {"kdf", "pbkdf2", "-i", "1"}} {
		cmd := exec.Command(binary, args...)
		cmd.Dir, cmd.Stdout, cmd.Stdin = dir, full, strings.NewReader("pw")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || stderr.String() != "hashkit: write error: No space left on device\n" {
			t.Errorf("%v > /dev/full: %v, stderr %q", args, err, stderr.String())
		}
	}
	// The personas of coreutils say what it says.
	link := linkAs(t, "sha256sum")
	for _, args := range [][]string{{"f"}, {"-c", "GOOD"}} {
		cmd := exec.Command(link, args...)
		cmd.Dir, cmd.Stdout = dir, full
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || stderr.String() != "sha256sum: write error\n" {
			t.Errorf("sha256sum %v > /dev/full: %v, stderr %q", args, err, stderr.String())
		}
	}
	// A read-write /dev/null of its own on descriptor 1 (Python's
	// subprocess.DEVNULL, Node's "ignore"; also what the Go runtime puts
	// there for >&-) is a fine place to write: the status is the verdict.
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	for _, args := range [][]string{{"sum", "f"}, {"check", "GOOD"}, {"sum", "-c", "GOOD"}} {
		cmd := exec.Command(binary, args...)
		cmd.Dir, cmd.Stdout = dir, null
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil || stderr.Len() != 0 {
			t.Errorf("%v > read-write /dev/null: %v, stderr %q", args, err, stderr.String())
		}
	}
	// /dev/null, opened by a redirection, is a fine place to write.
	if r := hk(t, dir, nil, "sum", "f"); r.code != 0 {
		t.Fatalf("sum: status %d", r.code)
	}
}

// TestLongOutputs hashes several files with an output longer than
// longOutput, which goes one file at a time: each line must equal the file
// hashed alone.
func TestLongOutputs(t *testing.T) {
	dir := t.TempDir()
	names := []string{"a", "b", "c"}
	for i, n := range names {
		if err := os.WriteFile(filepath.Join(dir, n), bytes.Repeat([]byte{byte(i)}, 1000*i), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const l = "3000000"
	all := hk(t, dir, nil, append([]string{"sum", "-a", "shake128", "-l", l}, names...)...)
	if all.code != 0 {
		t.Fatalf("status %d: %s", all.code, all.stderr)
	}
	var want string
	for _, n := range names {
		one := hk(t, dir, nil, "sum", "-a", "shake128", "-l", l, n)
		want += one.stdout
	}
	if all.stdout != want {
		t.Error("the files hashed together differ from each hashed alone, in argument order")
	}
}

// TestSizeZeroFilesReadToEOF: procfs reports a size of 0 for regular files
// of any length, so a size of 0 must not end the read after its first
// chunk (/proc/kallsyms was hashed from its first 4 KiB alone).
func TestSizeZeroFilesReadToEOF(t *testing.T) {
	data := bytes.Repeat([]byte("0123456789abcdef"), 10000)
	want := sha256.Sum256(data)
	a, _ := lookup("sha256")
	for _, size := range []int64{0, -1, int64(len(data))} {
		d, _ := a.new(options{length: 32})
		if err := readInto(d, iotest.HalfReader(bytes.NewReader(data)), size, &progress{}); err != nil {
			t.Fatal(err)
		}
		if got := d.Finish(); !bytes.Equal(got, want[:]) {
			t.Errorf("size %d: the digest of a %d-byte file read in short pieces is not its SHA-256", size, len(data))
		}
	}
	// The same through the command, where /proc has such a file.
	const proc = "/proc/kallsyms"
	if st, err := os.Stat(proc); err != nil || st.Size() != 0 {
		return
	}
	dir := t.TempDir()
	want2 := tool(t, dir, nil, "sha256sum", proc)
	if got := hk(t, dir, nil, "sum", proc); got.code != want2.code || got.stdout != want2.stdout {
		t.Errorf("sum %s: %d %q; sha256sum: %d %q", proc, got.code, got.stdout, want2.code, want2.stdout)
	}
}

// TestCutXOFChecksums: an XOF's output cut short still matches at fewer
// bits, so an untagged line shorter than the default length (a list cut
// off mid-line) is not checked unless -l asks for that length.
func TestCutXOFChecksums(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "f"), []byte("hello\n"), 0o644)
	for _, alg := range []string{"blake3", "shake128", "kt128"} {
		full := hk(t, dir, nil, "sum", "-a", alg, "f")
		if full.code != 0 {
			t.Fatalf("sum -a %s: %d %q", alg, full.code, full.stderr)
		}
		cut := full.stdout[:2] + "  f\n"
		os.WriteFile(filepath.Join(dir, "CUT"), []byte(cut), 0o644)
		if r := hk(t, dir, nil, "check", "-a", alg, "CUT"); r.code != 1 || strings.Contains(r.stdout, "OK") {
			t.Errorf("check -a %s of a 1-byte line: status %d, stdout %q, stderr %q", alg, r.code, r.stdout, r.stderr)
		}
		if r := hk(t, dir, nil, "sum", "-c", "-a", alg, "-l", "1", "CUT"); r.code != 0 || r.stdout != "f: OK\n" {
			t.Errorf("sum -c -a %s -l 1: status %d, stdout %q, stderr %q", alg, r.code, r.stdout, r.stderr)
		}
		os.WriteFile(filepath.Join(dir, "FULL"), []byte(full.stdout), 0o644)
		if r := hk(t, dir, nil, "check", "-a", alg, "FULL"); r.code != 0 || r.stdout != "f: OK\n" {
			t.Errorf("check -a %s of the whole line: status %d, stdout %q, stderr %q", alg, r.code, r.stdout, r.stderr)
		}
	}
	// Named after BLAKE3 (no -a): the same.
	full := hk(t, dir, nil, "sum", "-a", "blake3", "f")
	os.WriteFile(filepath.Join(dir, "B3SUMS"), []byte(full.stdout[:8]+"  f\n"), 0o644)
	if r := hk(t, dir, nil, "check", "B3SUMS"); r.code != 1 || strings.Contains(r.stdout, "OK") {
		t.Errorf("check B3SUMS with a 4-byte line: status %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// TestReadAhead: files of two large buffers or more are read by a goroutine
// ahead of the hashing; every byte must still be hashed once, in order,
// however the reads fall, and a read error must reach the caller.
func TestReadAhead(t *testing.T) {
	data := make([]byte, 3*largeBuffer+12345)
	rand.Read(data)
	a, _ := lookup("sha256")
	for _, n := range []int{2 * largeBuffer, 2*largeBuffer + 1, len(data)} {
		want := sha256.Sum256(data[:n])
		for _, half := range []bool{false, true} {
			var r io.Reader = bytes.NewReader(data[:n])
			if half {
				r = iotest.HalfReader(r)
			}
			d, _ := a.new(options{length: 32})
			if err := readInto(d, r, int64(n), &progress{}); err != nil {
				t.Fatal(err)
			}
			if got := d.Finish(); !bytes.Equal(got, want[:]) {
				t.Errorf("%d bytes (short reads %v): wrong digest", n, half)
			}
		}
	}
	fail := errors.New("disk on fire")
	r := io.MultiReader(bytes.NewReader(data[:largeBuffer+7]), iotest.ErrReader(fail))
	d, _ := a.new(options{length: 32})
	if err := readInto(d, r, int64(len(data)), &progress{}); err != fail {
		t.Errorf("a read error after %d bytes: %v, want %v", largeBuffer+7, err, fail)
	}
}

// TestLongOutputStreamed: an output of 100 MB (b3sum -l 100000000) is
// written as it is computed, in little memory (b3sum: 3 MB; held whole, it
// took 693 MB), and equals b3sum's.
func TestLongOutputStreamed(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "f"), []byte("hello\n"), 0o644)
	link := linkAs(t, "b3sum")
	cmd := exec.Command(link, "-l", "100000000", "f")
	cmd.Dir = dir
	if peak := peakMemory(t, cmd); peak > 20<<20 {
		t.Errorf("b3sum -l 100000000: %d MB of memory at most, want under 20 MB", peak>>20)
	}
	for _, args := range [][]string{{"-l", "3000000", "f", "f"}, {"--no-names", "-l", "2100000", "f"}, {"--raw", "-l", "1100000", "f"}} {
		want := tool(t, dir, nil, "b3sum", args...)
		if got := runLink(t, link, dir, nil, args...); got != want {
			t.Errorf("b3sum %q: hashkit %d, %d bytes, %q; b3sum %d, %d bytes", args, got.code, len(got.stdout), got.stderr, want.code, len(want.stdout))
		}
	}
	// And through sum, with --tag and the other XOFs.
	for _, alg := range []string{"shake256", "kt128"} {
		one := hk(t, dir, nil, "sum", "--tag", "-a", alg, "-l", "1500000", "f")
		short := hk(t, dir, nil, "sum", "--tag", "-a", alg, "-l", "1000", "f")
		// An XOF's shorter output is the start of its longer one.
		if one.code != 0 || !strings.HasPrefix(one.stdout, strings.Replace(strings.TrimSuffix(short.stdout, "\n"), "-8000", "-12000000", 1)) ||
			len(one.stdout) != len(short.stdout)+2*1499000+len("12000000")-len("8000") {
			t.Errorf("sum --tag -a %s -l 1500000: status %d, %d bytes, %q", alg, one.code, len(one.stdout), one.stderr)
		}
	}
}

// TestXOFLengthUnbounded: with outputs streamed, an XOF's -l has no limit
// of hashkit's own (b3sum -l 2000000000 was refused, over 1 GiB).
func TestXOFLengthUnbounded(t *testing.T) {
	for _, name := range []string{"blake3", "shake128", "kt128", "m14"} {
		a, _ := lookup(name)
		if err := a.checkLength(math.MaxInt); err != nil {
			t.Errorf("%s -l %d: %v", name, math.MaxInt, err)
		}
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "f"), []byte("hello\n"), 0o644)
	cmd := exec.Command(binary, "sum", "-a", "blake3", "-l", "2000000000", "f")
	cmd.Dir = dir
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	head := make([]byte, 128)
	_, err = io.ReadFull(out, head)
	cmd.Process.Kill()
	cmd.Wait()
	want := hk(t, dir, nil, "sum", "-a", "blake3", "-l", "64", "f").stdout[:128]
	if err != nil || string(head) != want {
		t.Errorf("sum -a blake3 -l 2000000000 starts %q (%v), want %q", head, err, want)
	}
}

// TestCheckLongLineBounded: a list line is read into memory only up to
// maxLine; a longer one is improperly formatted and dropped as it is read.
// A list with no newline (check /dev/zero) took all memory, then the
// runtime crashed.
func TestCheckLongLineBounded(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "f"), []byte("hello\n"), 0o644)
	sum := sha256.Sum256([]byte("hello\n"))
	good := hex.EncodeToString(sum[:]) + "  f\n"
	long := bytes.Repeat([]byte("0"), maxLine+1)
	for _, args := range [][]string{{"check", "--warn", "-"}, {"check", "--strict", "-"}} {
		r := hk(t, dir, append(append(bytes.Clone(long), '\n'), good...), args...)
		want := 0
		if args[1] == "--strict" {
			want = 1
		}
		if r.code != want || r.stdout != "f: OK\n" || !strings.Contains(r.stderr, "1 line is improperly formatted") {
			t.Errorf("%q with a %d-byte line: status %d, stdout %q, stderr %q", args, len(long), r.code, r.stdout, r.stderr)
		}
	}
	// 512 MiB without a newline, then the good line, through a pipe; the
	// good line many times, so that the results stream out while the
	// command runs, as peakMemory needs to sample its memory.
	cmd := exec.Command(binary, "check", "-")
	cmd.Dir = dir
	pw, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		block := bytes.Repeat([]byte("0"), 1<<20)
		for range 512 {
			if _, err := pw.Write(block); err != nil {
				break
			}
		}
		pw.Write([]byte("\n" + strings.Repeat(good, 20000)))
		pw.Close()
	}()
	if peak := peakMemory(t, cmd); peak > 5*maxLine {
		t.Errorf("check of a 512 MiB line: %d MiB of memory at most, want under %d MiB", peak>>20, 5*maxLine>>20)
	}
}

// TestCheckLongListBounded: a list is checked a batch of lines at a time,
// so memory does not grow with its length; the results, the notes on bad
// lines and the summary are those of one pass. 150000 lines took 70 MB
// when the whole list was held.
func TestCheckLongListBounded(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "f"), []byte("hello\n"), 0o644)
	sum := sha256.Sum256([]byte("hello\n"))
	good := hex.EncodeToString(sum[:]) + "  f\n"
	var list bytes.Buffer
	n := 2*checkBatch + 10
	for i := range n {
		switch i {
		case 5, checkBatch + 7:
			list.WriteString("not a line\n")
		case checkBatch - 1, 2*checkBatch + 3:
			list.WriteString(strings.Repeat("0", 64) + "  f\n")
		default:
			list.WriteString(good)
		}
	}
	name := filepath.Join(dir, "SHA256SUMS")
	os.WriteFile(name, list.Bytes(), 0o644)
	r := hk(t, dir, nil, "check", "-w", name)
	wantErr := fmt.Sprintf("hashkit: %s: 6: improperly formatted checksum line (malformed line)\n", name) +
		fmt.Sprintf("hashkit: %s: %d: improperly formatted checksum line (malformed line)\n", name, checkBatch+8) +
		"hashkit: WARNING: 2 lines are improperly formatted\nhashkit: WARNING: 2 computed checksums did NOT match\n"
	results := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if r.code != 1 || len(results) != n-2 || results[checkBatch-2] != "f: FAILED" || results[2*checkBatch+1] != "f: FAILED" ||
		strings.Count(r.stdout, "f: OK\n") != n-4 || r.stderr != wantErr {
		t.Errorf("check -w of %d lines: status %d, %d results, stderr %q, want %q", n, r.code, len(results), r.stderr, wantErr)
	}
	const long = 150000
	os.WriteFile(name, bytes.Repeat([]byte(good), long), 0o644)
	// Not --status: peakMemory samples the memory as the output comes.
	cmd := exec.Command(binary, "check", name)
	cmd.Dir = dir
	if peak := peakMemory(t, cmd); peak > 40<<20 {
		t.Errorf("check of %d lines: %d MB of memory at most, want under 40 MB", long, peak>>20)
	}
}

// TestCheckLongDigestsBounded: a batch of list lines is bounded by their
// bytes as well as their number, so that a list of long XOF checksums does
// not grow memory with its length. 96 lines of 1 MiB BLAKE3 outputs took
// 460 MB when a batch of 16384 lines held them all.
func TestCheckLongDigestsBounded(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f"), []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	long := hk(t, dir, nil, "sum", "-a", "blake3", "-l", "1048576", "f").stdout
	short := hk(t, dir, nil, "sum", "-a", "blake3", "f").stdout
	cmd := exec.Command(binary, "check", "-a", "blake3", "-")
	cmd.Dir = dir
	// The short lines after them keep results coming for peakMemory.
	cmd.Stdin = strings.NewReader(strings.Repeat(long, 96) + strings.Repeat(short, 20000))
	peak := peakMemory(t, cmd)
	t.Logf("check of 96 lines of 1 MiB checksums: %d MB of memory at most", peak>>20)
	if peak > 256<<20 {
		t.Errorf("check of 96 lines of 1 MiB checksums: %d MB of memory at most, want under 256 MB", peak>>20)
	}
}
