package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestManySmallFiles hashes and checks more files than the look-ahead
// window, with sizes around the read buffers' and errors among them, and
// compares with sha256sum. The Go runtime's GC trace counts collections: a
// read buffer allocated per file (4 MiB each) made one or more per file;
// pooled buffers make a handful in all. Speed itself is measured by
// bench-small-files, not here.
func TestManySmallFiles(t *testing.T) {
	dir := t.TempDir()
	n := 2500
	if testing.Short() {
		n = 1200
	}
	var names []string
	for i := range n {
		name := fmt.Sprintf("f%04d", i)
		data := []byte(fmt.Sprintf("line %d\n", i))
		switch i {
		case 7:
			data = bytes.Repeat([]byte{'a'}, smallBuffer-1)
		case 8:
			data = bytes.Repeat([]byte{'b'}, smallBuffer)
		case 9:
			data = bytes.Repeat([]byte{'c'}, smallBuffer+1)
		case 10:
			data = bytes.Repeat([]byte{'d'}, largeBuffer+3)
		case 11:
			data = nil
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	names = append(names, "missing", ".", names[0])
	want := tool(t, dir, nil, "sha256sum", names...)

	gcs := func(stderr string) (n int) {
		for line := range strings.Lines(stderr) {
			if strings.HasPrefix(line, "gc ") {
				n++
			}
		}
		return n
	}
	cmd := exec.Command(binary, append([]string{"sum"}, names...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GODEBUG=gctrace=1", "GOGC=100")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != want.code {
		t.Fatalf("sum: %v, want status %d", err, want.code)
	}
	if stdout.String() != want.stdout {
		t.Fatalf("sum of %d files differs from sha256sum", n)
	}
	if !strings.Contains(stderr.String(), "hashkit: missing: No such file or directory") || !strings.Contains(stderr.String(), "hashkit: .: Is a directory") {
		t.Fatalf("errors not reported: %.300s", stderr.String())
	}
	t.Logf("sum: %d collections", gcs(stderr.String()))
	if c := gcs(stderr.String()); c > 20 {
		t.Errorf("sum of %d small files ran %d garbage collections", n, c)
	}

	list := filepath.Join(t.TempDir(), "SHA256SUMS")
	os.WriteFile(list, []byte(want.stdout), 0o644)
	wantCheck := tool(t, dir, nil, "sha256sum", "-c", list)
	cmd = exec.Command(binary, "check", list)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GODEBUG=gctrace=1", "GOGC=100")
	stdout.Reset()
	stderr.Reset()
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil || stdout.String() != wantCheck.stdout {
		t.Fatalf("check: %v; output differs from sha256sum -c: %.300s", err, stdout.String())
	}
	if c := gcs(stderr.String()); c > 20 {
		t.Errorf("check of %d small files ran %d garbage collections", n, c)
	}
}
