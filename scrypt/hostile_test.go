package scrypt

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/kdftest"
)

// TestDecodeLargeLn checks the message for an ln that N, an int, cannot
// hold on this platform (ln >= 31 on 32-bit), against the misleading "N
// must be a power of two" it was.
func TestDecodeLargeLn(t *testing.T) {
	for ln := 29; ln <= 63; ln++ {
		s := "$scrypt$ln=" + strconv.Itoa(ln) + ",r=1,p=1$c2FsdA$YWJjZA"
		_, _, _, err := Decode(s)
		switch {
		case ln > 62:
			if err == nil || !strings.Contains(err.Error(), "ln must be between 1 and 62") {
				t.Errorf("ln=%d: %v", ln, err)
			}
		case ln > bits.UintSize-2:
			if err == nil || !strings.Contains(err.Error(), "too large for this platform") {
				t.Errorf("ln=%d: %v", ln, err)
			}
		default:
			if err != nil && !strings.Contains(err.Error(), "N too large for r") {
				t.Errorf("ln=%d: %v", ln, err)
			}
		}
	}
}

// TestVerifyLargeLnSameError: a string whose ln an int cannot hold on
// 32-bit platforms (31 and up) is over the default memory limit (or, that
// raised, the work limit) and gets that error on every platform, as
// 64-bit ones give it, not the platform's.
func TestVerifyLargeLnSameError(t *testing.T) {
	for ln := 29; ln <= 62; ln++ {
		s := "$scrypt$ln=" + strconv.Itoa(ln) + ",r=1,p=1$c2FsdA$YWJjZA"
		err := kdftest.Refused(t, s, func() error { return Verify(s, []byte("pw")) })
		if ln < 56 && !errors.Is(err, ErrMemoryLimit) || ln >= 56 && (err == nil || !strings.Contains(err.Error(), "more memory than this platform can address")) {
			t.Errorf("Verify(%s): %v, want the memory limit's error", s, err)
		}
		err = kdftest.Refused(t, s, func() error {
			return VerifyContext(context.Background(), s, []byte("pw"), Params{MaxMemory: -1})
		})
		if !errors.Is(err, ErrCostExceeded) {
			t.Errorf("VerifyContext(%s) with MaxMemory -1: %v, want ErrCostExceeded", s, err)
		}
	}
}

// TestNilContext checks that a nil context means context.Background().
func TestNilContext(t *testing.T) {
	p := Params{N: 16, R: 1, P: 1, KeyLen: 32}
	got, err := DeriveKey(nil, []byte("pw"), []byte("salt"), p) //nolint:staticcheck // the case under test
	want, _ := DeriveKey(context.Background(), []byte("pw"), []byte("salt"), p)
	if err != nil || string(got) != string(want) {
		t.Errorf("nil context: %x, %v", got, err)
	}
}

// TestHostileStrings verifies passlib strings an attacker could store, each
// parameter at 0, 1, its maximum and beyond, and huge combinations: every
// one is refused at once, before allocating, with an error naming the
// field and the limit. (Messages that differ on 32-bit platforms, where
// some sizes overflow an int first, are only required to be errors.)
func TestHostileStrings(t *testing.T) {
	const tail = "$c2FsdA$YWJjZA"
	kdftest.RefusedStrings(t, "$scrypt$", tail, []kdftest.Hostile{
		{"ln=1,r=1,p=8388600", ErrCostExceeded, "p=8388600"},
		{"ln=22,r=1,p=4194300", ErrCostExceeded, "MaxWork"},
		{"ln=20,r=8,p=2", ErrCostExceeded, "MaxWork"},
		{"ln=21,r=8,p=1", ErrMemoryLimit, "MaxMemory"},
		{"ln=1,r=8388607,p=1", ErrMemoryLimit, "MaxMemory"},
		{"ln=1,r=1,p=1073741823", nil, ""},
		{"ln=62,r=1,p=1", nil, ""},
		{"ln=63,r=1,p=1", nil, "ln must be between 1 and 62"},
		{"ln=4294967295,r=1,p=1", nil, "ln must be between 1 and 62"},
		{"ln=0,r=1,p=1", nil, "ln must be between 1 and 62"},
		{"ln=1,r=0,p=1", nil, "r must be at least 1"},
		{"ln=1,r=1,p=0", nil, "p must be at least 1"},
		{"ln=1,r=1073741824,p=1", nil, "r*p must be less than 2^30"},
		{"ln=1,r=4294967295,p=4294967295", nil, "r*p must be less than 2^30"},
		{"ln=1,r=1,p=4294967296", nil, "out of range"},
		{"ln=01,r=1,p=1", nil, "bad decimal"},
		{"r=1,ln=1,p=1", nil, "ln, r, p in this order"},
	}, []string{
		"$scrypt$ln=4,r=8,p=1$c2FsdA",
		"$scrypt$ln=4,r=8,p=1$c2FsdA$" + strings.Repeat("A", 5000),
		"$scrypt$v=1$ln=4,r=8,p=1" + tail,
		"$scrypt$ln=4,r=8,p=1,x=1" + tail,
	}, func(s string) error { return Verify(s, []byte("pw")) }, ErrMismatch)
}

// TestHostileParams is TestHostileStrings for DeriveKey's own parameters,
// among them the key length, which no string can make large.
func TestHostileParams(t *testing.T) {
	for _, p := range []Params{
		{N: 2, R: 1, P: 1, KeyLen: 1 << 30},
		{N: 2, R: 1, P: 1, KeyLen: math.MaxInt},
		{N: 2, R: 1, P: 1, KeyLen: 1<<20 + 1, MaxMemory: 1 << 20},
		{N: 2, R: 1, P: 1, KeyLen: 0},
		{N: 2, R: 1, P: 1, KeyLen: -1},
		{N: 3, R: 1, P: 1, KeyLen: 32},
		{N: math.MinInt, R: 1, P: 1, KeyLen: 32},
		{N: 2, R: math.MaxInt, P: math.MaxInt, KeyLen: math.MaxInt, MaxMemory: -1, MaxWork: -1},
		{N: 1 << 12, R: 1, P: 1, KeyLen: 32, MaxWork: 1 << 20},
	} {
		kdftest.Refused(t, fmt.Sprintf("%+v", p), func() error {
			_, err := DeriveKey(context.Background(), []byte("pw"), []byte("salt"), p)
			return err
		})
	}
	at := Params{N: 1 << 10, R: 8, P: 1, KeyLen: 32}
	kdftest.AtLimits(t, at.Work(), at.MinMemory(), ErrCostExceeded, ErrMemoryLimit, func(ctx context.Context, work, mem int64) error {
		at.MaxWork, at.MaxMemory = work, mem
		_, err := DeriveKey(ctx, []byte("pw"), []byte("salt"), at)
		return err
	})
}

// FuzzVerify verifies arbitrary strings with a small budget (1 MiB of work,
// 1 MiB of memory): whatever runs must be within it. The time of a run at
// the budget is measured first; a run may take twice that, plus a second
// for a loaded machine's scheduler.
func FuzzVerify(f *testing.F) {
	opts := Params{MaxWork: 1 << 20, MaxMemory: 1 << 20}
	kdftest.FuzzVerify(f, opts.MaxWork, opts.MaxMemory, func() {
		DeriveKey(context.Background(), []byte("pw"), []byte("salt"), Params{N: 1 << 12, R: 1, P: 1, KeyLen: 32})
	}, func(s string) (bool, int64, int64) {
		err := VerifyContext(context.Background(), s, []byte("pw"), opts)
		p, _, _, _ := Decode(s)
		return err == nil || errors.Is(err, ErrMismatch), p.Work(), p.MinMemory()
	},
		"$scrypt$ln=12,r=1,p=1$c2FsdA$YWJjZA",
		"$scrypt$ln=1,r=1,p=8388600$c2FsdA$YWJjZA",
		"$scrypt$ln=4,r=8,p=16$c2FsdA$YWJjZA",
		"$scrypt$ln=1,r=1000,p=1$c2FsdA$YWJjZA")
}

// TestAtBudget times Verify of the costliest string the defaults admit,
// N=2^20, r=8, p=1 (2 GiB of work); every string over the budget is refused
// in microseconds (TestHostileStrings).
func TestAtBudget(t *testing.T) {
	kdftest.AtBudget(t, "scrypt ln=20,r=8,p=1", func() error {
		return Verify("$scrypt$ln=20,r=8,p=1$c2FsdA$YWJjZA", []byte("pw"))
	})
}
