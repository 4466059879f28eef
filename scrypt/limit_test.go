package scrypt

import (
	"context"
	"errors"
	"testing"
)

func TestErrMemoryLimit(t *testing.T) {
	_, err := DeriveKey(context.Background(), []byte("pw"), []byte("salt"), Params{N: 1 << 10, R: 8, P: 1, KeyLen: 32, MaxMemory: 1 << 10})
	if !errors.Is(err, ErrMemoryLimit) {
		t.Fatalf("over the limit: %v, want ErrMemoryLimit", err)
	}
	// A bad parameter is reported first, whatever the limit.
	_, err = DeriveKey(context.Background(), []byte("pw"), []byte("salt"), Params{N: 1000, R: 8, P: 1, KeyLen: 32, MaxMemory: 1})
	if err == nil || errors.Is(err, ErrMemoryLimit) {
		t.Fatalf("N not a power of two with a 1-byte limit: %v", err)
	}
}
