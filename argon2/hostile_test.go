package argon2

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/hashkit/hashkit/internal/hashtest/kdftest"
	"github.com/hashkit/hashkit/internal/kdfwork"
)

// TestNilContext checks that a nil context means context.Background() in
// DeriveKey, HashContext and VerifyContext.
func TestNilContext(t *testing.T) {
	p := Params{Variant: Argon2id, Time: 1, Memory: 64, Lanes: 1, KeyLen: 32}
	got, err := DeriveKey(nil, []byte("pw"), []byte("somesalt"), p) //nolint:staticcheck // the case under test
	want, _ := DeriveKey(context.Background(), []byte("pw"), []byte("somesalt"), p)
	if err != nil || string(got) != string(want) {
		t.Errorf("nil context: %x, %v", got, err)
	}
	s, err := HashContext(nil, []byte("pw"), p) //nolint:staticcheck // the case under test
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifyContext(nil, s, []byte("pw"), Params{}); err != nil { //nolint:staticcheck // the case under test
		t.Errorf("VerifyContext with a nil context: %v", err)
	}
}

// TestHostileStrings verifies PHC strings an attacker could store, each
// parameter at 0, 1, its maximum and beyond, and huge combinations: every
// one is refused at once, before allocating, with an error naming the
// field and the limit.
func TestHostileStrings(t *testing.T) {
	const salt, hash = "$c29tZXNhbHQ", "YWJjZA" // 8-byte salt, 4-byte tag
	kdftest.RefusedStrings(t, "$argon2id$v=19$", salt+"$"+hash, []kdftest.Hostile{
		{"m=8,t=4294967295,p=1", ErrCostExceeded, "t=4294967295"},
		{"m=4294967295,t=1,p=1", ErrMemoryLimit, "MaxMemory"},
		{"m=4294967295,t=4294967295,p=16777215", ErrMemoryLimit, "MaxMemory"},
		{"m=134217720,t=1,p=16777215", ErrMemoryLimit, "MaxMemory"},
		{"m=2097152,t=3,p=1", ErrCostExceeded, "MaxWork"},
		{"m=1048576,t=5,p=1", ErrCostExceeded, "MaxWork"},
		{"m=2097152,t=2,p=262143", ErrCostExceeded, "p=262143"},
		{"m=2098176,t=1,p=1", ErrMemoryLimit, "MaxMemory"},
		{"m=8,t=1,p=16777216", nil, "p must be between 1 and 2^24-1"},
		{"m=8,t=1,p=4294967295", nil, "p must be between 1 and 2^24-1"},
		{"m=8,t=1,p=0", nil, "p must be between"},
		{"m=8,t=0,p=1", nil, "t must be at least 1"},
		{"m=0,t=1,p=1", nil, "m must be at least 8*p"},
		{"m=7,t=1,p=1", nil, "m must be at least 8*p"},
		{"m=15,t=1,p=2", nil, "m must be at least 8*p"},
		{"m=8,t=4294967296,p=1", nil, "out of range"},
		{"m=99999999999,t=1,p=1", nil, "bad decimal"},
		{"m=-1,t=1,p=1", nil, "bad decimal"},
		{"m=08,t=1,p=1", nil, "bad decimal"},
		{"t=1,m=8,p=1", nil, "m, t, p in this order"},
	}, []string{
		"$argon2id$v=20$m=8,t=1,p=1" + salt + "$" + hash,
		"$argon2id$v=4294967295$m=8,t=1,p=1" + salt + "$" + hash,
		"$argon2x$v=19$m=8,t=1,p=1" + salt + "$" + hash,
		"$argon2id$v=19$m=8,t=1,p=1$c29tZXNhbA$" + hash, // 7-byte salt
		"$argon2id$v=19$m=8,t=1,p=1" + salt + "$YWJj",   // 3-byte tag
		"$argon2id$v=19$m=8,t=1,p=1" + salt,             // no tag
		"$argon2id$v=19$m=8,t=1,p=1" + salt + "$" + strings.Repeat("A", 5000),
		"$argon2id$v=19$m=8,t=1,p=1,x=1" + salt + "$" + hash,
	}, func(s string) error { return Verify(s, []byte("pw")) }, ErrMismatch)
}

// TestHostileParams is TestHostileStrings for DeriveKey's own parameters:
// the tag length, which no string can make large, and the inputs' lengths.
func TestHostileParams(t *testing.T) {
	for _, p := range []Params{
		{Time: 1, Memory: 8, Lanes: 1, KeyLen: math.MaxUint32},
		{Time: 1, Memory: 8, Lanes: 1, KeyLen: 1 << 30, MaxMemory: 1 << 20},
		{Time: 1, Memory: 8, Lanes: 1, KeyLen: 1<<20 + 1, MaxMemory: 1 << 20},
		{Time: 1, Memory: 8, Lanes: 1, KeyLen: 3},
		{Time: 1, Memory: 8, Lanes: 1, KeyLen: 0},
		{Time: math.MaxUint32, Memory: math.MaxUint32, Lanes: 1<<24 - 1, KeyLen: math.MaxUint32, MaxMemory: -1},
		{Time: 1, Memory: 1024, Lanes: 1, KeyLen: 32, MaxWork: 1<<20 - 1},
		{Time: 1, Memory: 8, Lanes: 1, KeyLen: 32, Version: 1},
		{Time: 1, Memory: 8, Lanes: 1, KeyLen: 32, Variant: 3},
	} {
		name := fmt.Sprintf("%+v", p)
		kdftest.Refused(t, name, func() error {
			_, err := DeriveKey(context.Background(), []byte("pw"), []byte("somesalt"), p)
			return err
		})
	}
	at := Params{Time: 1, Memory: 1024, Lanes: 1, KeyLen: 32}
	kdftest.AtLimits(t, at.Work(), 1024<<10+32+4, ErrCostExceeded, ErrMemoryLimit, func(ctx context.Context, work, mem int64) error {
		at.MaxWork, at.MaxMemory = work, mem
		_, err := DeriveKey(ctx, []byte("pw"), []byte("somesalt"), at)
		return err
	})
}

// FuzzVerify verifies arbitrary strings with a small budget (1 MiB of work,
// 1 MiB of memory): whatever runs must be within it. The time of the
// longest run at the budget is measured first; a run may take twice that,
// plus a second for a loaded machine's scheduler.
func FuzzVerify(f *testing.F) {
	opts := Params{MaxWork: 1 << 20, MaxMemory: 1 << 20}
	kdftest.FuzzVerify(f, opts.MaxWork, opts.MaxMemory, func() {
		DeriveKey(context.Background(), []byte("pw"), []byte("somesalt"), Params{Variant: Argon2id, Time: 1, Memory: 1016, Lanes: 1, KeyLen: 32})
	}, func(s string) (bool, int64, int64) {
		err := VerifyContext(context.Background(), s, []byte("pw"), opts)
		p, _, _, _ := Decode(s)
		mem := blocksFor(p.Memory, max(p.Lanes, 1))*blockSize + uint64(p.KeyLen) + 4*uint64(p.Lanes)
		return err == nil || errors.Is(err, ErrMismatch), p.Work(), int64(mem)
	},
		"$argon2id$v=19$m=1024,t=1,p=1$c29tZXNhbHQ$YWJjZA",
		"$argon2id$v=19$m=8,t=128,p=1$c29tZXNhbHQ$YWJjZA",
		"$argon2i$v=16$m=64,t=2,p=8$c29tZXNhbHQ$YWJjZA",
		"$argon2d$m=256,t=4294967295,p=1$c29tZXNhbHQ$YWJjZA")
}

// TestBufferAfterCancel: a call cancelled while it uses a Buffer returns
// before the Buffer is zeroed, which happens right after; a call that
// shares the Buffer meanwhile waits for that, and gets the right tag.
func TestBufferAfterCancel(t *testing.T) {
	buf, err := NewBuffer(4096)
	if err != nil {
		t.Fatal(err)
	}
	p := Params{Variant: Argon2id, Time: 2, Memory: 4096, Lanes: 2, KeyLen: 32}
	want, err := DeriveKey(context.Background(), []byte("pw"), []byte("somesalt"), p)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	p.Buffer = buf
	p.Progress = func(f float64) {
		if f > 0.6 {
			cancel()
		}
	}
	if _, err := DeriveKey(ctx, []byte("pw"), []byte("somesalt"), p); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	p.Progress = nil
	got, err := DeriveKey(context.Background(), []byte("pw"), []byte("somesalt"), p)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("after a cancelled call: %x %v, want %x", got, err, want)
	}
	kdfwork.WaitCleanups()
	for i := range buf.blocks {
		if buf.blocks[i] != (block{}) {
			t.Fatalf("block %d not zeroed", i)
		}
	}
	// A call that cannot get the Buffer before its context is done.
	buf.busy <- struct{}{}
	ctx, cancel = context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if _, err := DeriveKey(ctx, []byte("pw"), []byte("somesalt"), p); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Buffer in use: %v, want context.DeadlineExceeded", err)
	}
	<-buf.busy
}

// TestMaxKeyLen: DeriveKey computes a key of MaxKeyLen bytes and refuses
// one byte more, whatever the limits.
func TestMaxKeyLen(t *testing.T) {
	p := Params{Variant: Argon2id, Time: 1, Memory: 8, Lanes: 1, KeyLen: MaxKeyLen, MaxMemory: -1, MaxWork: -1}
	key, err := DeriveKey(context.Background(), []byte("pw"), []byte("somesalt"), p)
	if err != nil || len(key) != MaxKeyLen {
		t.Fatalf("KeyLen MaxKeyLen: %d bytes, %v", len(key), err)
	}
	if !bytes.Equal(key, IDKey([]byte("pw"), []byte("somesalt"), 1, 8, 1, MaxKeyLen)) {
		t.Fatal("KeyLen MaxKeyLen: DeriveKey and IDKey differ")
	}
	p.KeyLen++
	kdftest.Refused(t, "MaxKeyLen+1", func() error {
		_, err := DeriveKey(context.Background(), []byte("pw"), []byte("somesalt"), p)
		return err
	})
}
