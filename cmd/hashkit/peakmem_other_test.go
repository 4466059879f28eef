//go:build !linux

package main

import (
	"os/exec"
	"testing"
)

// peakMemory is Linux's alone: elsewhere it runs cmd and returns 0.
func peakMemory(t *testing.T, cmd *exec.Cmd) int64 {
	t.Helper()
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return 0
}
