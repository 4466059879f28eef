package kdfwork

import (
	"math"
	"os"
	"strings"
	"sync"
	"syscall"
	"time"
	"unsafe"
)

// A derivation's working memory is tens of MiB to GiB, written once in
// order and then read at random. From the Go heap, fresh memory takes a
// page fault every 4 KiB (on a virtual machine those can cost more than the
// hashing), and every random read risks a TLB miss. Mapped on its own with
// MADV_HUGEPAGE, it takes one fault and one TLB entry per 2 MiB. Where the
// kernel's transparent huge pages are off, the Go heap is used: there the
// heap's reuse of memory already faulted in is worth more.
//
// A mapping released by a derivation (wiped, so all zero again) is kept for
// the next one, which then takes no page faults and no zeroing by the
// kernel, and unmapped after keepIdle without one: a program that derives
// keys one after another keeps one working array, one that derives a key
// now and then gives the memory back within a second.

// hugeEnabled reports whether the kernel gives huge pages to memory
// advised MADV_HUGEPAGE ("always" or "madvise" in sysfs).
var hugeEnabled = sync.OnceValue(func() bool {
	b, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil {
		return false
	}
	return strings.Contains(string(b), "[always]") || strings.Contains(string(b), "[madvise]")
})

// keepIdle is how long a released mapping waits for the next derivation. A
// variable so that tests can shorten it.
var keepIdle = time.Second

// mapping is an anonymous mapping whose usable part, size bytes from off,
// starts on a huge page's boundary.
type mapping struct {
	m         []byte
	off, size int
}

func (mp mapping) unmap() { _ = syscall.Munmap(mp.m) }

// kept is the mapping released last, while it waits for a derivation; gen
// counts its changes, so that a timer armed for one mapping leaves a later
// one alone.
var kept struct {
	sync.Mutex
	mp  mapping
	gen uint64
}

// take returns the kept mapping if it holds bytes without wasting more than
// as much again; otherwise it unmaps it (it is unlikely to fit the next
// derivation either) and returns false.
func take(bytes int) (mapping, bool) {
	kept.Lock()
	mp := kept.mp
	kept.mp = mapping{}
	kept.gen++
	kept.Unlock()
	if mp.m == nil {
		return mapping{}, false
	}
	if mp.size < bytes || mp.size-bytes > bytes {
		mp.unmap()
		return mapping{}, false
	}
	return mp, true
}

// keep makes mp, whose first size bytes are zero, the kept mapping (the one
// kept before is unmapped) and unmaps it after keepIdle unless a
// derivation takes it.
func keep(mp mapping) {
	kept.Lock()
	old := kept.mp
	kept.mp = mp
	kept.gen++
	gen := kept.gen
	kept.Unlock()
	if old.m != nil {
		old.unmap()
	}
	time.AfterFunc(keepIdle, func() {
		kept.Lock()
		var idle mapping
		if kept.gen == gen {
			idle, kept.mp = kept.mp, mapping{}
		}
		kept.Unlock()
		if idle.m != nil {
			idle.unmap()
		}
	})
}

func allocHuge[E any](n int) (s []E, release func(), bytes int, resident, ok bool) {
	var zero E
	size := int(unsafe.Sizeof(zero))
	if size == 0 || n <= 0 || n > (math.MaxInt-hugePage)/size {
		return nil, nil, 0, false, false
	}
	bytes = n * size
	if bytes < hugeMin || !hugeEnabled() {
		return nil, nil, 0, false, false
	}
	mp, resident := take(bytes)
	if !resident {
		// Map a huge page more than needed, so that the memory can start on
		// a huge page's boundary.
		m, err := syscall.Mmap(-1, 0, bytes+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
		if err != nil {
			return nil, nil, 0, false, false
		}
		off := int(-uintptr(unsafe.Pointer(&m[0])) & (hugePage - 1))
		mp = mapping{m: m, off: off, size: bytes}
		_ = syscall.Madvise(m[off:off+bytes], syscall.MADV_HUGEPAGE) // only a request
	}
	s = unsafe.Slice((*E)(unsafe.Pointer(&mp.m[mp.off])), n)
	return s, func() { keep(mp) }, bytes, resident, true
}
