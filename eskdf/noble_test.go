package eskdf

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestNoble cross-checks ESKDF with @noble/hashes' eskdf: the fingerprint
// and child keys for random protocols, account ids and options, valid or not
// (both must reject the same ones). One main seed costs noble several
// seconds, so the test runs outside -short only.
func TestNoble(t *testing.T) {
	if testing.Short() {
		t.Skip("the ESKDF main seed (scrypt N=2^19) is slow in JavaScript; skipped under -short")
	}
	user, pass := "noble-cross@example.org", "correct horse battery staple"
	base := map[string]any{"username": user, "password": pass}
	with := func(kv ...any) map[string]any {
		m := map[string]any{"username": user, "password": pass}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	cases := []hashtest.NobleCase{{Alg: "ESKDF-start", Params: base}, {Alg: "ESKDF-fingerprint", Params: base}}
	rng := rand.New(rand.NewPCG(11, 12))
	protocols := []string{"aes", "ssh", "tor", "file", "password", "password7", "password123", "password1234", "ecc", "ab", "AES", "a-b", "fingerprint", "zzzzzzzzzzzzzzz", "zzzzzzzzzzzzzzzz"}
	for range 80 {
		pr := protocols[rng.IntN(len(protocols))]
		var acct any = rng.Uint32()
		if rng.IntN(3) == 0 {
			acct = "user" + strconv.Itoa(rng.IntN(1000))
		}
		m := with("protocol", pr, "account", acct)
		switch rng.IntN(4) {
		case 1:
			m["keyLength"] = []int{15, 16, 33, 64, 100, 8160}[rng.IntN(6)]
		case 2:
			mod := new(big.Int).SetBytes(hashtest.RandBytes(rng.Uint64(), 1+rng.IntN(80)))
			m["modulus"] = mod.Text(16)
		}
		cases = append(cases, hashtest.NobleCase{Alg: "ESKDF-child", Params: m})
	}
	outs, errs := hashtest.NobleResults(t, cases)
	e, err := New(user, pass)
	if err != nil {
		t.Fatal(err)
	}
	if errs[1] != "" || string(outs[1]) != e.Fingerprint() {
		t.Fatalf("fingerprint: hashkit %s, noble %s %s", e.Fingerprint(), outs[1], errs[1])
	}
	for i, c := range cases[2:] {
		i += 2
		p := c.Params
		var opts *Options
		if l, ok := p["keyLength"]; ok {
			opts = &Options{KeyLength: l.(int)}
		}
		if m, ok := p["modulus"]; ok {
			mod, _ := new(big.Int).SetString(m.(string), 16)
			opts = &Options{Modulus: mod}
		}
		var got []byte
		var err error
		switch a := p["account"].(type) {
		case uint32:
			got, err = e.DeriveChildKey(p["protocol"].(string), a, opts)
		case string:
			got, err = e.DeriveChildKeyString(p["protocol"].(string), a, opts)
		}
		if (err != nil) != (errs[i] != "") {
			t.Fatalf("%v: hashkit error %v, noble error %q", p, err, errs[i])
		}
		if err == nil && !bytes.Equal(got, outs[i]) {
			t.Fatalf("%v: hashkit %x, noble %x", p, got, outs[i])
		}
	}
}
