//go:build !race

package scrypt

import (
	"context"
	"runtime"
	"testing"

	"github.com/hashkit/hashkit/internal/kdfwork"
)

func bytesAllocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	mapped := kdfwork.MappedBytes()
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc + kdfwork.MappedBytes() - mapped
}

// TestMemory checks that DeriveKey allocates its working memory once: with
// one mix at a time, within 5% of MinMemory, 128*r*(N+p+1) bytes; with two
// in parallel, one more table.
func TestMemory(t *testing.T) {
	p := Params{N: 1 << 12, R: 8, P: 2, KeyLen: 32, Threads: 1}
	n := bytesAllocated(func() { DeriveKey(context.Background(), []byte("pw"), []byte("salt"), p) })
	if want := uint64(p.MinMemory()); n < want || n > want+want/20 {
		t.Errorf("Threads=1: allocated %d bytes, MinMemory %d; want within 5%%", n, want)
	}
	p.Threads = 2
	n = bytesAllocated(func() { DeriveKey(context.Background(), []byte("pw"), []byte("salt"), p) })
	if want := uint64(memoryFor(p.N, p.R, p.P, 2)); n < want || n > want+want/20 {
		t.Errorf("Threads=2: allocated %d bytes, want about %d", n, want)
	}
}
