package kdfwork

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// TestAlloc checks that Alloc's memory, mapped or from the heap, is n zero
// elements that can be written through, that mapped memory starts on a
// huge page's boundary and is counted by MappedBytes, and that Release
// leaves nothing behind to use.
func TestAlloc(t *testing.T) {
	for _, n := range []int{1, 1000, hugeMin/1024 - 1, hugeMin / 1024, hugeMin/1024 + 1, 3 * hugeMin / 1024} {
		before := MappedBytes()
		m := Alloc[[128]uint64](n)
		if len(m.S) != n {
			t.Fatalf("n=%d: got %d elements", n, len(m.S))
		}
		for i := range m.S {
			if m.S[i] != ([128]uint64{}) {
				t.Fatalf("n=%d: element %d not zero", n, i)
			}
			m.S[i][0], m.S[i][127] = uint64(i), uint64(i)
		}
		for i := range m.S {
			if m.S[i][0] != uint64(i) || m.S[i][127] != uint64(i) {
				t.Fatalf("n=%d: element %d does not keep what was written", n, i)
			}
		}
		mapped := MappedBytes() - before
		switch {
		case mapped != 0 && mapped != uint64(n)*1024:
			t.Errorf("n=%d: MappedBytes grew by %d", n, mapped)
		case mapped != 0 && uintptr(unsafe.Pointer(&m.S[0]))%hugePage != 0:
			t.Errorf("n=%d: mapped memory at %p, not on a huge page's boundary", n, &m.S[0])
		case mapped == 0 && runtime.GOOS == "linux" && hugeEnabled() && n*1024 >= hugeMin:
			t.Errorf("n=%d: %d bytes with huge pages enabled, not mapped", n, n*1024)
		case mapped != 0 && n*1024 < hugeMin:
			t.Errorf("n=%d: %d bytes mapped, under hugeMin", n, n*1024)
		}
		if mapped != 0 {
			t.Logf("n=%d: %d KiB of huge pages in the process", n, anonHugeKiB())
		}
		clear(m.S) // as a derivation wipes its memory before Release
		m.Release()
		m.Release() // a second call does nothing
		if m.S != nil {
			t.Errorf("n=%d: S is not nil after Release", n)
		}
	}
}

// anonHugeKiB returns the process's anonymous memory in transparent huge
// pages, for the log: whether the kernel granted them depends on its free
// memory, not on hashkit.
func anonHugeKiB() int {
	f, err := os.Open("/proc/self/smaps_rollup")
	if err != nil {
		return -1
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "AnonHugePages:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return kb
		}
	}
	return -1
}
