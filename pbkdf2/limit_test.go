package pbkdf2

import (
	"errors"
	"math"
	"strings"
	"testing"

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
