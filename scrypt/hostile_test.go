package scrypt

import (
	"context"
	"math/bits"
	"strconv"
	"strings"
	"testing"
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

// TestNilContext checks that a nil context means context.Background().
func TestNilContext(t *testing.T) {
	p := Params{N: 16, R: 1, P: 1, KeyLen: 32}
	got, err := DeriveKey(nil, []byte("pw"), []byte("salt"), p) //nolint:staticcheck // the case under test
	want, _ := DeriveKey(context.Background(), []byte("pw"), []byte("salt"), p)
	if err != nil || string(got) != string(want) {
		t.Errorf("nil context: %x, %v", got, err)
	}
}
