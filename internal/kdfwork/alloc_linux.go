package kdfwork

import (
	"math"
	"os"
	"strings"
	"sync"
	"syscall"
	"unsafe"
)

// A derivation's working memory is tens of MiB to GiB, written once in
// order and then read at random. From the Go heap, fresh memory takes a
// page fault every 4 KiB (on a virtual machine those can cost more than the
// hashing), and every random read risks a TLB miss. Mapped on its own with
// MADV_HUGEPAGE, it takes one fault and one TLB entry per 2 MiB, and goes
// back to the system as soon as the derivation ends. Where the kernel's
// transparent huge pages are off, the Go heap is used: there the heap's
// reuse of memory already faulted in is worth more.

// hugeEnabled reports whether the kernel gives huge pages to memory
// advised MADV_HUGEPAGE ("always" or "madvise" in sysfs).
var hugeEnabled = sync.OnceValue(func() bool {
	b, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil {
		return false
	}
	return strings.Contains(string(b), "[always]") || strings.Contains(string(b), "[madvise]")
})

func allocHuge[E any](n int) (s []E, release func(), bytes int, ok bool) {
	var zero E
	size := int(unsafe.Sizeof(zero))
	if size == 0 || n <= 0 || n > (math.MaxInt-hugePage)/size {
		return nil, nil, 0, false
	}
	bytes = n * size
	if bytes < hugeMin || !hugeEnabled() {
		return nil, nil, 0, false
	}
	// Map a huge page more than needed, so that the slice can start on a
	// huge page's boundary.
	m, err := syscall.Mmap(-1, 0, bytes+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, nil, 0, false
	}
	off := int(-uintptr(unsafe.Pointer(&m[0])) & (hugePage - 1))
	m2 := m[off : off+bytes]
	_ = syscall.Madvise(m2, syscall.MADV_HUGEPAGE) // only a request
	s = unsafe.Slice((*E)(unsafe.Pointer(&m2[0])), n)
	return s, func() { _ = syscall.Munmap(m) }, bytes, true
}
