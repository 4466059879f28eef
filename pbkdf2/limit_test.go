package pbkdf2

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest/kdftest"
	"github.com/hashkit/hashkit/sha1"
	"github.com/hashkit/hashkit/sha256"
	"github.com/hashkit/hashkit/sha512"
)

// TestCheckWork checks that the default budget admits the iteration counts
// in common use and refuses those a hostile string can hold.
func TestCheckWork(t *testing.T) {
	for _, c := range []struct {
		name    string
		iter    int
		keyLen  int
		sha     int // 1, 256 or 512
		wantErr bool
	}{
		{"OWASP SHA-256", 600000, 32, 256, false},
		{"OWASP SHA-512", 210000, 64, 512, false},
		{"OWASP SHA-1", 1300000, 20, 1, false},
		{"passlib pbkdf2_sha256", 29000, 32, 256, false},
		{"8 million SHA-256", 8000000, 32, 256, false},
		{"4 million SHA-512", 4000000, 64, 512, false},
		{"9 million SHA-256", 9000000, 32, 256, true},
		{"2^31-1 SHA-256", math.MaxInt32, 32, 256, true},
		{"2^31-1 SHA-512", math.MaxInt32, 64, 512, true},
		{"1 iteration, longest key", 1, math.MaxInt, 256, true},
	} {
		var err error
		switch c.sha {
		case 1:
			err = CheckWork(sha1.New, c.iter, c.keyLen, 0)
		case 256:
			err = CheckWork(sha256.New, c.iter, c.keyLen, 0)
		case 512:
			err = CheckWork(sha512.New, c.iter, c.keyLen, 0)
		}
		if c.wantErr != (err != nil) || err != nil && (!errors.Is(err, ErrCostExceeded) || !strings.Contains(err.Error(), "1073741824")) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	if err := CheckWork(sha256.New, math.MaxInt32, 32, -1); err != nil {
		t.Errorf("no limit: %v", err)
	}
	if err := CheckWork(sha256.New, 1000, 32, 1000); !errors.Is(err, ErrCostExceeded) {
		t.Errorf("limit 1000: %v", err)
	}
	if w := Work(sha256.New, 0, 32); w != math.MaxInt64 {
		t.Errorf("Work with 0 iterations = %d", w)
	}
}

// TestHostileParams checks the parameters a stored string could hold, at 0,
// 1 and their maxima: DeriveKey refuses the invalid ones and CheckWork the
// costly ones, at once and before allocating.
func TestHostileParams(t *testing.T) {
	for _, c := range []struct{ iter, keyLen int }{
		{0, 32}, {-1, 32}, {math.MinInt, 32}, {1, 0}, {1, -1}, {1, math.MinInt}, {1, MaxKeyLen + 1}, {1, math.MaxInt},
	} {
		kdftest.Refused(t, fmt.Sprintf("DeriveKey iter=%d keyLen=%d", c.iter, c.keyLen), func() error {
			_, err := DeriveKey(context.Background(), sha256.New, "pw", []byte("salt"), c.iter, c.keyLen, nil)
			return err
		})
	}
	for _, c := range []struct{ iter, keyLen int }{
		{math.MaxInt, 32}, {math.MaxInt32, 32}, {1, math.MaxInt}, {math.MaxInt, math.MaxInt}, {0, 32}, {1, 0},
	} {
		kdftest.Refused(t, fmt.Sprintf("CheckWork iter=%d keyLen=%d", c.iter, c.keyLen), func() error {
			return CheckWork(sha256.New, c.iter, c.keyLen, 0)
		})
	}
	// Invalid parameters get the error Key gives them, not a cost error
	// (whose message named 2^63-1 bytes of work), even with no limit.
	for _, c := range []struct{ iter, keyLen int }{{0, 32}, {-1, 32}, {1, 0}} {
		for _, limit := range []int64{0, -1} {
			_, want := Key(sha256.New, "pw", nil, c.iter, c.keyLen)
			if err := CheckWork(sha256.New, c.iter, c.keyLen, limit); err == nil || errors.Is(err, ErrCostExceeded) || err.Error() != want.Error() {
				t.Errorf("CheckWork iter=%d keyLen=%d limit %d: %v, want %v", c.iter, c.keyLen, limit, err, want)
			}
		}
	}
	// Exactly at the budget passes; a byte over, not.
	w := Work(sha256.New, 1000, 64)
	if err := CheckWork(sha256.New, 1000, 64, w); err != nil {
		t.Errorf("at the budget: %v", err)
	}
	if err := CheckWork(sha256.New, 1000, 64, w-1); !errors.Is(err, ErrCostExceeded) {
		t.Errorf("a byte over: %v", err)
	}
}

// TestMaxKeyLen: DeriveKey derives a key of MaxKeyLen bytes, as Key does,
// and refuses one byte more, which Key derives.
func TestMaxKeyLen(t *testing.T) {
	want, err := Key(sha256.New, "pw", []byte("salt"), 1, MaxKeyLen+1)
	if err != nil {
		t.Fatal(err)
	}
	got, err := DeriveKey(context.Background(), sha256.New, "pw", []byte("salt"), 1, MaxKeyLen, nil)
	if err != nil || !bytes.Equal(got, want[:MaxKeyLen]) {
		t.Fatalf("DeriveKey of MaxKeyLen bytes: %v", err)
	}
	if _, err := DeriveKey(context.Background(), sha256.New, "pw", []byte("salt"), 1, MaxKeyLen+1, nil); err == nil || !strings.Contains(err.Error(), "MaxKeyLen") {
		t.Fatalf("DeriveKey of MaxKeyLen+1 bytes: %v, want an error naming MaxKeyLen", err)
	}
}

// TestNilContext checks that a nil context means context.Background().
func TestNilContext(t *testing.T) {
	got, err := DeriveKey(nil, sha256.New, "pw", []byte("salt"), 10, 32, nil) //nolint:staticcheck // the case under test
	want, _ := Key(sha256.New, "pw", []byte("salt"), 10, 32)
	if err != nil || string(got) != string(want) {
		t.Errorf("nil context: %x, %v", got, err)
	}
}

// TestAtBudget times the costliest derivations DefaultMaxWork admits.
func TestAtBudget(t *testing.T) {
	kdftest.AtBudget(t, "HMAC-SHA-256 8,388,608 iterations", func() error {
		_, err := Key(sha256.New, "pw", []byte("salt"), 1<<23, 32)
		return err
	})
	kdftest.AtBudget(t, "HMAC-SHA-512 4,194,304 iterations", func() error {
		_, err := Key(sha512.New, "pw", []byte("salt"), 1<<22, 64)
		return err
	})
}
