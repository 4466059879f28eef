//go:build !race

package scrypt

import (
	"context"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/kdftest"
)

// TestMemory checks that DeriveKey allocates its working memory once: with
// one mix at a time, within 5% of MinMemory, 128*r*(N+p+1) bytes; with two
// in parallel, one more table.
func TestMemory(t *testing.T) {
	p := Params{N: 1 << 12, R: 8, P: 2, KeyLen: 32, Threads: 1}
	n := kdftest.BytesAllocated(func() { DeriveKey(context.Background(), []byte("pw"), []byte("salt"), p) })
	if want := uint64(p.MinMemory()); n < want || n > want+want/20 {
		t.Errorf("Threads=1: allocated %d bytes, MinMemory %d; want within 5%%", n, want)
	}
	p.Threads = 2
	n = kdftest.BytesAllocated(func() { DeriveKey(context.Background(), []byte("pw"), []byte("salt"), p) })
	if want := uint64(memoryFor(p.N, p.R, p.P, 2, p.KeyLen)); n < want || n > want+want/20 {
		t.Errorf("Threads=2: allocated %d bytes, want about %d", n, want)
	}
}
