package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// availableMemory returns the bytes this process could allocate without
// swapping or being killed: MemAvailable from /proc/meminfo, less if a
// cgroup (v2) limit leaves less. ok is false where neither can be read.
func availableMemory() (n int64, ok bool) {
	if f, err := os.Open("/proc/meminfo"); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if v, found := strings.CutPrefix(sc.Text(), "MemAvailable:"); found {
				if kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64); err == nil {
					n, ok = kb*1024, true
				}
			}
		}
		f.Close()
	}
	limit, err1 := os.ReadFile("/sys/fs/cgroup/memory.max")
	used, err2 := os.ReadFile("/sys/fs/cgroup/memory.current")
	if err1 == nil && err2 == nil {
		l, e1 := strconv.ParseInt(strings.TrimSpace(string(limit)), 10, 64) // "max" fails: no limit
		u, e2 := strconv.ParseInt(strings.TrimSpace(string(used)), 10, 64)
		if e1 == nil && e2 == nil && (!ok || l-u < n) {
			n, ok = max(l-u, 0), true
		}
	}
	return n, ok
}

// checkMachineMemory refuses work that needs more memory than the machine
// has free: Go cannot recover from a failed allocation, and the kernel kills
// a process that touches more than it has.
func checkMachineMemory(what string, need int64) error {
	if avail, ok := availableMemory(); ok && need > avail {
		return fmt.Errorf("%s needs %s of memory; this machine has %s available", what, formatBytes(need), formatBytes(avail))
	}
	return nil
}

func formatBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d bytes", n)
	}
	f, i := float64(n), -1
	for f >= unit && i < 5 {
		f /= unit
		i++
	}
	return fmt.Sprintf("%.1f %ciB (%d bytes)", f, "KMGTPE"[i], n)
}
