package argon2

import (
	"context"
	"errors"
	"testing"
)

func TestErrMemoryLimit(t *testing.T) {
	p := Params{Variant: Argon2id, Time: 1, Memory: 64, Lanes: 1, KeyLen: 32, MaxMemory: 1 << 10}
	if _, err := DeriveKey(context.Background(), []byte("pw"), []byte("somesalt"), p); !errors.Is(err, ErrMemoryLimit) {
		t.Fatalf("over the limit: %v, want ErrMemoryLimit", err)
	}
	// A bad parameter is reported first, whatever the limit.
	p.Time, p.MaxMemory = 0, 1
	if _, err := DeriveKey(context.Background(), []byte("pw"), []byte("somesalt"), p); err == nil || errors.Is(err, ErrMemoryLimit) {
		t.Fatalf("t=0 with a 1-byte limit: %v", err)
	}
}
