//go:build unix

package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCheckFIFOMismatchEnds: a FIFO whose checksum does not match is a
// failure, and check ends: the hint that looks for another algorithm must
// not open the FIFO again (that open waits for a writer that never comes).
func TestCheckFIFOMismatchEnds(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "p")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	writeList(t, dir, "SUMS", strings.Repeat("0", 64)+"  p\n")
	go func() {
		if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			f.WriteString("once\n")
			f.Close()
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, "check", "SUMS")
	r := runIn(t, cmd, dir, nil)
	if ctx.Err() != nil {
		// Let the blocked open of the FIFO end.
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
		t.Fatal("check of a FIFO that does not match did not end")
	}
	if r.code != 1 || r.stdout != "p: FAILED\n" {
		t.Errorf("status %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}
