package hkdf

import (
	"bytes"
	stdhkdf "crypto/hkdf"
	stdsha256 "crypto/sha256"
	"hash"
	"math"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/hashtest/byname"
)

// hashes and stdHashes are hashkit's and the standard library's
// constructors by the names the vector files use (params.hash).
var (
	hashes    = byname.Hashkit()
	stdHashes = byname.Stdlib()
)

// RFC 5869 appendix A, as the pyca/cryptography vector files carry it.
var knownAnswers = []struct {
	source, hash, ikm, salt, info string
	length                        int
	prk, okm                      string
}{
	{"RFC 5869 appendix A test case 1", "SHA2-256", "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "000102030405060708090a0b0c", "f0f1f2f3f4f5f6f7f8f9", 42, "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5", "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"},
	{"RFC 5869 appendix A test case 2", "SHA2-256", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f", "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9fa0a1a2a3a4a5a6a7a8a9aaabacadaeaf", "b0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", 82, "06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244", "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87"},
	{"RFC 5869 appendix A test case 3", "SHA2-256", "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "", "", 42, "19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04", "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"},
	{"RFC 5869 appendix A test case 4", "SHA-1", "0b0b0b0b0b0b0b0b0b0b0b", "000102030405060708090a0b0c", "f0f1f2f3f4f5f6f7f8f9", 42, "9b6c18c432a7bf8f0e71c8eb88f4b30baa2ba243", "085a01ea1b10f36933068b56efa5ad81a4f14b822f5b091568a9cdd4f155fda2c22e422478d305f3f896"},
	{"RFC 5869 appendix A test case 5", "SHA-1", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f", "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9fa0a1a2a3a4a5a6a7a8a9aaabacadaeaf", "b0b1b2b3b4b5b6b7b8b9babbbcbdbebfc0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeeff0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", 82, "8adae09a2a307059478d309b26c4115a224cfaf6", "0bd770a74d1160f7c9f12cd5912a06ebff6adcae899d92191fe4305673ba2ffe8fa3f1a4e5ad79f3f334b3b202b2173c486ea37ce3d397ed034c7f9dfeb15c5e927336d0441f4c4300e2cff0d0900b52d3b4"},
	{"RFC 5869 appendix A test case 6", "SHA-1", "0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "", "", 42, "da8c8a73c7fa77288ec6f5e7c297786aa0d32d01", "0ac1af7002b3d761d1e55298da9d0506b9ae52057220a306e07b6b87e8df21d0ea00033de03984d34918"},
	{"RFC 5869 appendix A test case 7", "SHA-1", "0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c", "", "", 42, "2adccada18779e7c2077ad2eb19d3f3e731385dd", "2c91117204d745f3500d636a62f64f0ab3bae548aa53d423b0d1f27ebba6f5e5673a081d70cce7acfc48"},
}

func TestKnownAnswers(t *testing.T) {
	hashtest.AllSHA2(t, func(t *testing.T) {
		for _, c := range knownAnswers {
			h := hashes[c.hash]
			ikm, salt, info := hashtest.Unhex(c.ikm), hashtest.Unhex(c.salt), string(hashtest.Unhex(c.info))
			prk, err := Extract(h, ikm, salt)
			if err != nil || !bytes.Equal(prk, hashtest.Unhex(c.prk)) {
				t.Errorf("%s: Extract = %x, %v; want %s", c.source, prk, err, c.prk)
			}
			okm, err := Expand(h, prk, info, c.length)
			if err != nil || !bytes.Equal(okm, hashtest.Unhex(c.okm)) {
				t.Errorf("%s: Expand = %x, %v; want %s", c.source, okm, err, c.okm)
			}
			okm, err = Key(h, ikm, salt, info, c.length)
			if err != nil || !bytes.Equal(okm, hashtest.Unhex(c.okm)) {
				t.Errorf("%s: Key = %x, %v; want %s", c.source, okm, err, c.okm)
			}
			if len(salt) == 0 {
				// RFC 5869 section 2.2: no salt means hash-length zeros.
				prk0, _ := Extract(h, ikm, make([]byte, h().Size()))
				prkNil, _ := Extract(h, ikm, nil)
				if !bytes.Equal(prk0, prk) || !bytes.Equal(prkNil, prk) {
					t.Errorf("%s: empty, nil and zero salts differ", c.source)
				}
			}
		}
	})
}

// TestVectors runs every vector of ../shared/vectors/hkdf.json.gz.
func TestVectors(t *testing.T) {
	cases := hashtest.Vectors(t, "hkdf")
	for _, c := range cases {
		h := hashes[c.String("hash")]
		if h == nil {
			t.Errorf("%s: unknown hash %q", c.ID, c.String("hash"))
			continue
		}
		ikm, salt, info := c.Input.Materialize(), c.Bytes("salt"), string(c.Bytes("info"))
		if c.PRK != nil {
			if prk, _ := Extract(h, ikm, salt); !bytes.Equal(prk, c.PRK) {
				t.Errorf("%s: Extract = %x, want %x", c.ID, prk, c.PRK)
			}
		}
		if okm, err := Key(h, ikm, salt, info, c.Int("length")); err != nil || !bytes.Equal(okm, c.Expected) {
			t.Errorf("%s (%s): Key = %x, %v; want %x", c.ID, c.Source, okm, err, c.Expected)
		}
	}
}

// wycheproofHKDF is a test of the C2SP/Wycheproof HKDF files.
type wycheproofHKDF struct {
	hashtest.WycheproofCase
	IKM  hashtest.Hex
	Salt hashtest.Hex
	Info hashtest.Hex
	Size int `json:"size"`
	OKM  hashtest.Hex
}

// TestWycheproof runs the C2SP/Wycheproof HKDF tests: valid ones must give
// okm; invalid ones (flag SizeTooLarge) must return an error.
func TestWycheproof(t *testing.T) {
	hashtest.WycheproofTests(t, "hkdf_", []string{"SHA-1", "SHA2-256", "SHA2-384", "SHA2-512"}, func(t *testing.T, name string, tc *wycheproofHKDF) {
		okm, err := Key(hashes[name], tc.IKM, tc.Salt, string(tc.Info), tc.Size)
		switch tc.Result {
		case "valid":
			if err != nil || !bytes.Equal(okm, tc.OKM) {
				t.Errorf("%v: %x, %v; want %x", tc.WycheproofCase, okm, err, tc.OKM)
			}
		case "invalid":
			if err == nil {
				t.Errorf("%v: no error", tc.WycheproofCase)
			}
		default:
			t.Fatalf("tcId %d: result %q", tc.TcID, tc.Result)
		}
	})
}

// TestDifferential compares Extract, Expand and Key with crypto/hkdf over
// secret, salt and info lengths around the block size and output lengths
// around multiples of the hash size.
func TestDifferential(t *testing.T) {
	lens := []int{0, 1, 31, 32, 33, 63, 64, 65, 127, 128, 129, 300}
	hashtest.AllSHA2(t, func(t *testing.T) {
		for name, std := range stdHashes {
			ours := hashes[name]
			size := std().Size()
			for i, sl := range lens {
				secret := hashtest.RandBytes(uint64(i), lens[(i+3)%len(lens)])
				salt := hashtest.RandBytes(uint64(i)+100, sl)
				info := string(hashtest.RandBytes(uint64(i)+200, lens[(i+7)%len(lens)]))
				want, err := stdhkdf.Extract(std, secret, salt)
				if err != nil {
					t.Fatal(err)
				}
				if got, _ := Extract(ours, secret, salt); !bytes.Equal(got, want) {
					t.Fatalf("%s Extract, salt %d: %x, want %x", name, sl, got, want)
				}
				for _, kl := range []int{1, size - 1, size, size + 1, 3*size + 5, 255 * size} {
					if kl < 1 {
						continue
					}
					w, err := stdhkdf.Expand(std, want, info, kl)
					if err != nil {
						t.Fatal(err)
					}
					if got, err := Expand(ours, want, info, kl); err != nil || !bytes.Equal(got, w) {
						t.Fatalf("%s Expand, %d bytes, info %d: %v", name, kl, len(info), err)
					}
					w, _ = stdhkdf.Key(std, secret, salt, info, kl)
					if got, err := Key(ours, secret, salt, info, kl); err != nil || !bytes.Equal(got, w) {
						t.Fatalf("%s Key, %d bytes: %v", name, kl, err)
					}
				}
			}
		}
	})
}

func TestErrors(t *testing.T) {
	for name, h := range hashes {
		size := h().Size()
		for _, kl := range []int{-1, 0, 255*size + 1, math.MaxInt} {
			if out, err := Expand(h, make([]byte, size), "", kl); err == nil || out != nil {
				t.Errorf("%s Expand with length %d: %d bytes, %v; want an error", name, kl, len(out), err)
			}
			if out, err := Key(h, nil, nil, "", kl); err == nil || out != nil {
				t.Errorf("%s Key with length %d: %d bytes, %v; want an error", name, kl, len(out), err)
			}
		}
		if out, err := Key(h, nil, nil, "", 255*size); err != nil || len(out) != 255*size {
			t.Errorf("%s Key with the largest length: %d bytes, %v", name, len(out), err)
		}
	}
}

func TestPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"nil constructor": func() { Key[hash.Hash](nil, nil, nil, "", 32) },
		"nil hash":        func() { Extract(func() hash.Hash { return nil }, nil, nil) },
	} {
		if !hashtest.Panics(f) {
			t.Errorf("%s: no panic", name)
		}
	}
}

// TestConcreteConstructor uses a constructor that returns a concrete type,
// as crypto/hkdf's generic signature allows.
func TestConcreteConstructor(t *testing.T) {
	got, err := Key(stdsha256.New, []byte("secret"), []byte("salt"), "info", 40)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := stdhkdf.Key(stdsha256.New, []byte("secret"), []byte("salt"), "info", 40)
	if !bytes.Equal(got, want) {
		t.Fatalf("%x, want %x", got, want)
	}
}
