//go:build !linux

package main

import (
	"bytes"
	"io"
	"os/exec"
	"testing"
)

// peakMemory is Linux's alone: elsewhere it runs cmd, discarding its
// standard output, and returns 0.
func peakMemory(t *testing.T, cmd *exec.Cmd) int64 {
	t.Helper()
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = io.Discard, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	return 0
}
