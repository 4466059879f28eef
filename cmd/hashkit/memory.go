package main

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	flag "github.com/spf13/pflag"
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

// sizeFlag defines a flag for a size in bytes, written as a number with an
// optional unit (KiB, MiB, GiB, TiB or K, M, G, T: powers of 1024); def is
// its default (0: the library's, which usage names). parse reads it after
// the flags are parsed.
func sizeFlag(fs *flag.FlagSet, name string, def int64, usage string) (parse func() (int64, error)) {
	v := fs.String(name, "", usage)
	if def > 0 {
		fs.Lookup(name).DefValue = sizeString(def)
	}
	return func() (int64, error) {
		if *v == "" {
			return def, nil
		}
		n, ok := parseByteSize(*v)
		if !ok {
			return 0, usagef("--%s %s: want a size of at least 1 byte: a number of bytes, or with a unit KiB, MiB, GiB, TiB (or K, M, G, T), as 1GiB", name, quoteName(*v))
		}
		return n, nil
	}
}

// parseByteSize reads a size written as sizeFlag says (a space may stand
// between the number and the unit), or a sum of such sizes (2GiB+1MiB, as
// sizeString writes the libraries' limits).
func parseByteSize(s string) (int64, bool) {
	var total int64
	for _, part := range strings.Split(s, "+") {
		num := strings.TrimRight(part, "KMGTiB")
		shift, ok := map[string]uint{"": 0, "B": 0, "K": 10, "KiB": 10, "M": 20, "MiB": 20, "G": 30, "GiB": 30, "T": 40, "TiB": 40}[part[len(num):]]
		n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
		if !ok || err != nil || n < 1 || n > (math.MaxInt64-total)>>shift {
			return 0, false
		}
		total += n << shift
	}
	return total, true
}

// sizeString writes n as parseByteSize reads it, in the largest unit that
// divides it, or with a sum of two (2GiB+1MiB) for the libraries' limits.
func sizeString(n int64) string {
	for _, u := range []struct {
		shift uint
		name  string
	}{{40, "TiB"}, {30, "GiB"}, {20, "MiB"}, {10, "KiB"}} {
		if q := n >> u.shift; q > 0 {
			if rest := n - q<<u.shift; rest == 0 {
				return strconv.FormatInt(q, 10) + u.name
			} else if formatted := sizeString(rest); !strings.Contains(formatted, "+") {
				return strconv.FormatInt(q, 10) + u.name + "+" + formatted
			}
			break
		}
	}
	return strconv.FormatInt(n, 10)
}
