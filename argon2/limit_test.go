package argon2

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/kdftest"
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

// TestDefaultMaxWork checks that the default budget admits the parameter
// sets in common use (their Work, without running them) and refuses the
// next step up, and that the refusal comes before any allocation.
func TestDefaultMaxWork(t *testing.T) {
	for _, c := range []struct {
		name    string
		t, m, p uint32
	}{
		{"RFC 9106 first", 1, 2 << 20, 4},
		{"RFC 9106 second", 3, 64 << 10, 4},
		{"libsodium SENSITIVE", 4, 1 << 20, 1},
		{"libsodium MODERATE", 3, 256 << 10, 1},
		{"OWASP m=47104 t=1", 1, 47104, 1},
		{"OWASP m=7168 t=5", 5, 7168, 1},
		{"passlib default", 2, 102400, 8},
	} {
		p := Params{Variant: Argon2id, Time: c.t, Memory: c.m, Lanes: c.p, KeyLen: 64}
		if w := p.Work(); w > DefaultMaxWork {
			t.Errorf("%s: Work %d over DefaultMaxWork", c.name, w)
		}
	}
	for _, p := range []Params{
		{Time: 5, Memory: 1 << 20, Lanes: 1, KeyLen: 32},
		{Time: math.MaxUint32, Memory: 8, Lanes: 1, KeyLen: 32},
		{Time: 1, Memory: 8, Lanes: 1, KeyLen: 1<<30 + 1<<20, MaxMemory: -1},
	} {
		p.Variant = Argon2id
		what := fmt.Sprintf("t=%d m=%d keyLen=%d", p.Time, p.Memory, p.KeyLen)
		kdftest.OverDefaultBudget(t, what, p.KeyLen > MaxKeyLen, ErrCostExceeded, "MaxWork = 4296015872", func(ctx context.Context, maxWork int64) error {
			p.MaxWork = maxWork
			_, err := DeriveKey(ctx, []byte("pw"), []byte("somesalt"), p)
			return err
		})
	}
	s := "$argon2id$v=19$m=8,t=4294967295,p=1$c29tZXNhbHQ$YWJjZA"
	if err := Verify(s, []byte("pw")); !errors.Is(err, ErrCostExceeded) {
		t.Errorf("Verify(%s): %v, want ErrCostExceeded", s, err)
	}
	if err := VerifyContext(context.Background(), s, []byte("pw"), Params{MaxWork: 1 << 20}); !errors.Is(err, ErrCostExceeded) {
		t.Errorf("VerifyContext(%s) with MaxWork 1 MiB: %v, want ErrCostExceeded", s, err)
	}
}

func TestNeedsRehash(t *testing.T) {
	p := Params{Variant: Argon2id, Time: 1, Memory: 64, Lanes: 1}
	s, err := Hash([]byte("pw"), p)
	if err != nil {
		t.Fatal(err)
	}
	if NeedsRehash(s, p) {
		t.Errorf("NeedsRehash(%s) with its own parameters", s)
	}
	for _, q := range []Params{
		{Variant: Argon2i, Time: 1, Memory: 64, Lanes: 1},
		{Variant: Argon2id, Version: Version10, Time: 1, Memory: 64, Lanes: 1},
		{Variant: Argon2id, Time: 2, Memory: 64, Lanes: 1},
		{Variant: Argon2id, Time: 1, Memory: 128, Lanes: 1},
		{Variant: Argon2id, Time: 1, Memory: 64, Lanes: 2},
		{Variant: Argon2id, Time: 1, Memory: 64, Lanes: 1, KeyLen: 16},
	} {
		if !NeedsRehash(s, q) {
			t.Errorf("NeedsRehash(%s, %+v) = false", s, q)
		}
	}
	if !NeedsRehash("$argon2id$v=19$m=64", p) {
		t.Error("NeedsRehash of a malformed string = false")
	}
}
