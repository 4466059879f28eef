//go:build !linux

package kernelbench

import "time"

// ThreadClock says what the measurements time: the wall clock, since only
// the Linux build reads the thread's CPU time.
const ThreadClock = "wall-clock time"

var start = time.Now()

func now() time.Duration { return time.Since(start) }
