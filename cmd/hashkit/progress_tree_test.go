package main

import (
	"strings"
	"testing"
	"time"
)

// TestProgressFilesAndInterrupt: sum's bar counts files beside the bytes,
// and Ctrl-C wipes it before the command dies by SIGINT.
func TestProgressFilesAndInterrupt(t *testing.T) {
	dir := bigSparse(t, 1<<30)
	screen, _, code := runPTYInterrupt(t, dir, []string{"HASHKIT_PROGRESS_DELAY=0s"}, "", 700*time.Millisecond, "sum", "-a", "ripemd160", "big")
	if code != -1 || !strings.Contains(screen, "interrupted") { // -1: killed by a signal
		t.Fatalf("status %d, terminal %q", code, screen)
	}
	i := strings.LastIndex(screen, "hashing 0/1 files")
	if i < 0 {
		t.Fatalf("no bar counting files: %q", screen)
	}
	// After the last bar drawn: a wipe (a CR, blanks, a CR), then the
	// message.
	rest := screen[i:]
	wipe := strings.Index(rest, "\r"+strings.Repeat(" ", 20))
	if wipe < 0 || wipe > strings.Index(rest, "interrupted") {
		t.Fatalf("the bar was not wiped before the message: %q", rest)
	}
}
