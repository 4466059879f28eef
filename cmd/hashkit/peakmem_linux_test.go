package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// peakMemory runs cmd, discarding its standard output, and returns the
// largest resident size (VmHWM) seen while it ran. The rusage of a child
// cannot tell it: Go starts children with vfork, so their maxrss counts the
// test process's own memory.
func peakMemory(t *testing.T, cmd *exec.Cmd) int64 {
	t.Helper()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	status := "/proc/" + strconv.Itoa(cmd.Process.Pid) + "/status"
	var peak int64
	sample := func() {
		f, err := os.Open(status)
		if err != nil {
			return
		}
		defer f.Close()
		s := bufio.NewScanner(f)
		for s.Scan() {
			if v, ok := strings.CutPrefix(s.Text(), "VmHWM:"); ok {
				kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(v, "kB")), 10, 64)
				peak = max(peak, kb<<10)
			}
		}
	}
	buf := make([]byte, 64<<10)
	last := time.Now()
	for {
		_, err := out.Read(buf)
		if time.Since(last) > time.Millisecond {
			sample()
			last = time.Now()
		}
		if err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	return peak
}
