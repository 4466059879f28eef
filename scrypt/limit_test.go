package scrypt

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/kdftest"
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

// TestDefaultMaxWork checks that the default budget admits the parameter
// sets in common use (their Work, without running them) and refuses the
// hostile ones before any allocation.
func TestDefaultMaxWork(t *testing.T) {
	for _, p := range []Params{
		{N: 1 << 20, R: 8, P: 1, KeyLen: 64}, // file encryption (RFC 7914, Colin Percival's)
		{N: 1 << 17, R: 8, P: 1, KeyLen: 64}, // OWASP
		{N: 1 << 16, R: 8, P: 1, KeyLen: 32}, // passlib's default
		{N: 1 << 14, R: 8, P: 1, KeyLen: 64}, // RFC 7914 interactive
	} {
		if w := p.Work(); w > DefaultMaxWork {
			t.Errorf("N=%d r=%d p=%d: Work %d over DefaultMaxWork", p.N, p.R, p.P, w)
		}
	}
	for _, p := range []Params{
		{N: 1 << 20, R: 8, P: 2, KeyLen: 32},
		{N: 1 << 22, R: 1, P: 4194300, KeyLen: 32, MaxMemory: -1},
		{N: 2, R: 1, P: 1, KeyLen: 1 << 30, MaxMemory: -1},
	} {
		what := fmt.Sprintf("N=%d r=%d p=%d keyLen=%d", p.N, p.R, p.P, p.KeyLen)
		kdftest.OverDefaultBudget(t, what, p.KeyLen > MaxKeyLen, ErrCostExceeded, "MaxWork = 2148532224", func(ctx context.Context, maxWork int64) error {
			p.MaxWork = maxWork
			_, err := DeriveKey(ctx, []byte("pw"), []byte("salt"), p)
			return err
		})
	}
	s := "$scrypt$ln=22,r=1,p=4194300$c2FsdA$YWJjZA"
	if err := VerifyContext(context.Background(), s, []byte("pw"), Params{MaxMemory: -1}); !errors.Is(err, ErrCostExceeded) {
		t.Errorf("Verify(%s): %v, want ErrCostExceeded", s, err)
	}
}

// TestCostOverflow: Work and MinMemory return math.MaxInt64 where a
// product overflows, which 4*KeyLen (KeyLen >= 2^62) and 128*R (R >= 2^57)
// did, wrapping to a few bytes; DeriveKey then refuses such a key over
// MaxWork with ErrCostExceeded.
func TestCostOverflow(t *testing.T) {
	if bits.UintSize < 64 {
		t.Skip("an int holds neither 2^62 nor 2^57")
	}
	k62, r57 := math.MaxInt/2+1, math.MaxInt>>6+1
	for _, p := range []Params{
		{N: 2, R: 1, P: 1, KeyLen: k62},
		{N: 2, R: 1, P: 1, KeyLen: k62 + 1},
		{N: 2, R: 1, P: 1, KeyLen: math.MaxInt},
	} {
		if w := p.Work(); w != math.MaxInt64 {
			t.Errorf("%+v: Work() = %d, want math.MaxInt64", p, w)
		}
	}
	for _, p := range []Params{
		{N: 2, R: r57, P: 1, KeyLen: 32},
		{N: 1 << 20, R: r57 + 1, P: 1, KeyLen: 32},
	} {
		if m := p.MinMemory(); m != math.MaxInt64 {
			t.Errorf("%+v: MinMemory() = %d, want math.MaxInt64", p, m)
		}
	}
	p := Params{N: 2, R: 1, P: 1, KeyLen: k62, MaxMemory: -1, MaxWork: 1 << 20}
	if _, err := DeriveKey(context.Background(), []byte("pw"), []byte("salt"), p); !errors.Is(err, ErrCostExceeded) {
		t.Errorf("KeyLen 2^62 with MaxWork 1 MiB: %v, want ErrCostExceeded", err)
	}
}

func TestNeedsRehash(t *testing.T) {
	p := Params{N: 16, R: 1, P: 1}
	s, err := Hash([]byte("pw"), p)
	if err != nil {
		t.Fatal(err)
	}
	if NeedsRehash(s, p) {
		t.Errorf("NeedsRehash(%s) with its own parameters", s)
	}
	for _, q := range []Params{{N: 32, R: 1, P: 1}, {N: 16, R: 2, P: 1}, {N: 16, R: 1, P: 2}, {N: 16, R: 1, P: 1, KeyLen: 16}} {
		if !NeedsRehash(s, q) {
			t.Errorf("NeedsRehash(%s, %+v) = false", s, q)
		}
	}
	if !NeedsRehash("$scrypt$ln=4", p) {
		t.Error("NeedsRehash of a malformed string = false")
	}
}
