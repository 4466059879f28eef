package argon2

import (
	"context"
	"testing"
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
