package eskdf

import (
	"encoding/hex"
	"math/big"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// vectors mirrors eskdf.json.gz (noble-hashes test/vectors/eskdf.json).
type vectors struct {
	Data struct {
		DeriveMainSeed struct {
			Valid []struct {
				Output, Fingerprint, Username, Password string
			} `json:"valid"`
			Invalid []struct{ Username, Password string } `json:"invalid"`
		} `json:"derive_main_seed"`
		DeriveChildKey struct {
			Seed  struct{ Username, Password, Fingerprint string } `json:"seed"`
			Valid []struct {
				Output    string  `json:"output"`
				Protocol  string  `json:"protocol"`
				AccountID *uint32 `json:"account_id"`
				KeyLength int     `json:"key_length"`
				Modulus   string  `json:"modulus"`
			} `json:"valid"`
			Invalid []struct {
				Protocol  string  `json:"protocol"`
				AccountID *uint32 `json:"account_id"`
			} `json:"invalid"`
		} `json:"derive_child_key"`
	} `json:"data"`
}

func load(t *testing.T) *vectors {
	var v vectors
	hashtest.LoadJSON(t, "eskdf.json.gz", &v)
	if len(v.Data.DeriveMainSeed.Valid) == 0 || len(v.Data.DeriveChildKey.Valid) == 0 {
		t.Fatal("eskdf.json.gz: no vectors")
	}
	return &v
}

func TestMainSeedVectors(t *testing.T) {
	v := load(t)
	for _, c := range v.Data.DeriveMainSeed.Invalid {
		if _, err := DeriveMainSeed(c.Username, c.Password); err == nil {
			t.Errorf("DeriveMainSeed(%q, %q) succeeded", c.Username, c.Password)
		}
	}
	if testing.Short() {
		t.Skip("each main seed takes scrypt N=2^19 (512 MiB); skipped under -short")
	}
	for _, c := range v.Data.DeriveMainSeed.Valid {
		e, err := New(c.Username, c.Password)
		if err != nil {
			t.Fatal(err)
		}
		if e.Fingerprint() != c.Fingerprint {
			t.Errorf("%q: fingerprint %s, want %s", c.Username, e.Fingerprint(), c.Fingerprint)
		}
		if got := hex.EncodeToString(e.seed[:]); got != c.Output {
			t.Errorf("%q: seed %s; want %s", c.Username, got, c.Output)
		}
	}
}

// childVectorSeed is the main seed of the child-key vectors' account
// (example@example.org / beginning-new-example), the first valid main seed
// vector, so that the child keys are tested under -short.
func childVectorSeed(t *testing.T, v *vectors) *ESKDF {
	s := v.Data.DeriveChildKey.Seed
	for _, c := range v.Data.DeriveMainSeed.Valid {
		if c.Username == s.Username && c.Password == s.Password {
			seed, _ := hex.DecodeString(c.Output)
			e, err := newFromSeed(seed)
			if err != nil {
				t.Fatal(err)
			}
			if e.Fingerprint() != s.Fingerprint {
				t.Fatalf("fingerprint %s, want %s", e.Fingerprint(), s.Fingerprint)
			}
			return e
		}
	}
	t.Fatal("no main seed vector for the child-key account")
	return nil
}

func TestChildKeyVectors(t *testing.T) {
	v := load(t)
	e := childVectorSeed(t, v)
	for _, c := range v.Data.DeriveChildKey.Valid {
		var opts *Options
		if c.KeyLength != 0 {
			opts = &Options{KeyLength: c.KeyLength}
		}
		if c.Modulus != "" {
			m, ok := new(big.Int).SetString(c.Modulus, 16)
			if !ok {
				t.Fatalf("bad modulus %q", c.Modulus)
			}
			opts = &Options{Modulus: m}
		}
		var id uint32
		if c.AccountID != nil {
			id = *c.AccountID
		}
		got, err := e.DeriveChildKey(c.Protocol, id, opts)
		if err != nil || hex.EncodeToString(got) != c.Output {
			t.Errorf("%s/%d: %x, %v; want %s", c.Protocol, id, got, err, c.Output)
		}
	}
	for _, c := range v.Data.DeriveChildKey.Invalid {
		var id uint32
		if c.AccountID != nil {
			id = *c.AccountID
		}
		if got, err := e.DeriveChildKey(c.Protocol, id, nil); err == nil {
			t.Errorf("%q/%d: accepted, %x", c.Protocol, id, got)
		}
	}
}

// TestZeroValue checks that the zero ESKDF, which holds no main seed,
// derives nothing: its keys would be those of an all-zero seed, which
// anyone can compute.
func TestZeroValue(t *testing.T) {
	var e ESKDF
	if k, err := e.DeriveChildKey("ssh", 1, nil); err == nil {
		t.Errorf("zero ESKDF derived %x", k)
	}
	if k, err := e.DeriveChildKeyString("password", "id", nil); err == nil {
		t.Errorf("zero ESKDF derived %x", k)
	}
}

func TestValidation(t *testing.T) {
	seed := make([]byte, 32)
	e, err := newFromSeed(seed)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		protocol, id string
		numeric      bool
		opts         *Options
		want         string
	}{
		{"aes", "", true, nil, ""},
		{"AES", "", true, nil, "invalid protocol"},
		{"ab", "", true, nil, "invalid protocol"},
		{"abcdefghijklmnop", "", true, nil, "invalid protocol"},
		{"abcdefghijklmno", "", true, nil, ""},
		{"aes", "x", false, nil, "accountId must be a number"},
		{"assh", "x", false, nil, "accountId must be a number"},
		{"password1234", "x", false, nil, "accountId must be a number"},
		{"password123", "x", false, nil, ""},
		{"password", "x", false, nil, ""},
		{"ssh", "", false, nil, "accountId must be string of length 1..255"},
		{"tor", strings.Repeat("a", 256), false, nil, "accountId must be string of length 1..255"},
		{"file", strings.Repeat("é", 255), false, nil, ""},
		{"file", strings.Repeat("😀", 128), false, nil, "accountId must be string of length 1..255"},
		{"aes", "", true, &Options{}, "must have either keyLength or modulus option"},
		{"aes", "", true, &Options{KeyLength: 32, Modulus: big.NewInt(1000)}, "cannot combine"},
		{"aes", "", true, &Options{KeyLength: 15}, "invalid keyLength"},
		{"aes", "", true, &Options{KeyLength: 16}, ""},
		{"aes", "", true, &Options{KeyLength: 8160}, ""},
		{"aes", "", true, &Options{KeyLength: 8161}, "Length must be <= 255*HashLen"},
		{"aes", "", true, &Options{KeyLength: 8193}, "invalid keyLength"},
		{"aes", "", true, &Options{Modulus: big.NewInt(128)}, "invalid number"},
		{"aes", "", true, &Options{Modulus: big.NewInt(129)}, "invalid keyLength"},    // 1+8 bytes < 16
		{"aes", "", true, &Options{Modulus: new(big.Int).Lsh(big.NewInt(1), 56)}, ""}, // 8+8 bytes
	} {
		var err error
		if c.numeric {
			_, err = e.DeriveChildKey(c.protocol, 7, c.opts)
		} else {
			_, err = e.DeriveChildKeyString(c.protocol, c.id, c.opts)
		}
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%q %q %+v: error %v, want %q", c.protocol, c.id, c.opts, err, c.want)
		}
	}
	for _, c := range []struct{ u, p, want string }{
		{"1234567", "12345678", "invalid username"},
		{"12345678", "1234567", "invalid password"},
		{strings.Repeat("a", 256), "12345678", "invalid username"},
		{"12345678", "\xff\xfe345678", "invalid password"},
		{"😀😀😀😀", "12345678", "must fail later"}, // 8 UTF-16 units: valid length
	} {
		if c.want == "must fail later" {
			if !hasLength(c.u, 8, 255) {
				t.Errorf("%q: UTF-16 length check rejected 8 code units", c.u)
			}
			continue
		}
		if _, err := DeriveMainSeed(c.u, c.p); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("DeriveMainSeed(%q, %q): %v, want %q", c.u, c.p, err, c.want)
		}
	}
	// Modulus results are in [1, modulus-1] and have the modulus' length.
	m := new(big.Int).SetUint64(1<<56 + 3)
	for id := range uint32(200) {
		k, err := e.DeriveChildKey("ecc", id, &Options{Modulus: m})
		n := new(big.Int).SetBytes(k)
		if err != nil || len(k) != 8 || n.Sign() <= 0 || n.Cmp(m) >= 0 {
			t.Fatalf("modulus 2^56+3, id %d: %x %v", id, k, err)
		}
	}
	fp := e.Fingerprint()
	e.Expire()
	if _, err := e.DeriveChildKey("aes", 0, nil); err == nil || !strings.Contains(err.Error(), "expired") {
		t.Errorf("after Expire: %v", err)
	}
	if e.seed != [32]byte{} || e.Fingerprint() != fp {
		t.Error("Expire did not zero the seed, or changed the fingerprint")
	}
}
