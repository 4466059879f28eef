//go:build !race

package argon2

import (
	"context"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/kdftest"
)

// TestMemory checks that DeriveKey allocates its blocks once (within 5% of
// m' KiB, so peak memory stays within 5% of the parameters'), and nothing
// large with a caller's Buffer.
func TestMemory(t *testing.T) {
	p := Params{Variant: Argon2id, Time: 2, Memory: 4096, Lanes: 2, KeyLen: 32}
	salt := []byte("saltsalt")
	n := kdftest.BytesAllocated(func() { DeriveKey(context.Background(), []byte("pw"), salt, p) })
	if want := uint64(p.Memory) * 1024; n < want || n > want+want/20 {
		t.Errorf("DeriveKey allocated %d bytes for %d KiB of blocks; want within 5%%", n, p.Memory)
	}
	buf, err := NewBuffer(p.Memory)
	if err != nil {
		t.Fatal(err)
	}
	p.Buffer = buf
	if n := kdftest.BytesAllocated(func() { DeriveKey(context.Background(), []byte("pw"), salt, p) }); n > 16<<10 {
		t.Errorf("DeriveKey with a Buffer allocated %d bytes; want a few KiB", n)
	}
	if a := testing.AllocsPerRun(5, func() { DeriveKey(context.Background(), []byte("pw"), salt, p) }); a > 40 {
		t.Errorf("DeriveKey with a Buffer: %v allocations", a)
	}
}
