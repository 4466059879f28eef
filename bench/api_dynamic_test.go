package bench

import (
	stdhmac "crypto/hmac"
	stdsha1 "crypto/sha1"
	stdsha256 "crypto/sha256"
	stdsha512 "crypto/sha512"
	"fmt"
	"hash"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	xblake2b "golang.org/x/crypto/blake2b"
	xblake2s "golang.org/x/crypto/blake2s"
	xripemd160 "golang.org/x/crypto/ripemd160"
	xsha3 "golang.org/x/crypto/sha3"

	"github.com/hashkit/hashkit/blake2b"
	"github.com/hashkit/hashkit/blake2s"
	"github.com/hashkit/hashkit/hmac"
	"github.com/hashkit/hashkit/internal/hashtest/byname"
	"github.com/hashkit/hashkit/internal/stdhash"
	"github.com/hashkit/hashkit/ripemd160"
	"github.com/hashkit/hashkit/sha1"
	"github.com/hashkit/hashkit/sha256"
	"github.com/hashkit/hashkit/sha3"
	"github.com/hashkit/hashkit/sha512"
)

// TestAPIDynamicMethods completes TestAPISurface for the constructors that
// return an interface (constructors of concrete types, such as blake3's and
// k12's, are covered there) (hash.Hash, sha3.ShakeHash, blake2b.XOF): callers reach
// the concrete value's other methods by type assertion (encoding.BinaryMarshaler,
// hash.Cloner, io.Reader), so the value hashkit returns must have the
// exported methods of the peer's, with the same signatures, and no others
// except those listed with their reason.
func TestAPIDynamicMethods(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	must := func(h any, err error) any {
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	cloner := map[string]string{"Clone": whyCloner}
	clonerMarshal := map[string]string{"Clone": whyCloner, "AppendBinary": whyMarshal}
	ripemd := map[string]string{"Clone": whyCloner, "AppendBinary": whyMarshal, "MarshalBinary": whyMarshal, "UnmarshalBinary": whyMarshal}
	keyedBLAKE2 := map[string]string{
		"Clone":           whyCloner,
		"MarshalBinary":   "keyed BLAKE2 does not marshal (docs/migrating.md; x/crypto's returns an error)",
		"UnmarshalBinary": "keyed BLAKE2 does not marshal (docs/migrating.md; x/crypto's returns an error)",
	}
	xofBLAKE2s := map[string]string{"BlockSize": "hashkit's blake2s.XOF adds BlockSize to be a hash.XOF (docs/migrating.md)"}
	type apiCase struct {
		name     string
		hk, peer any
		except   map[string]string // method name: reason
	}
	cases := []apiCase{
		// What New returns outside amd64, where the standard library has
		// assembly (docs/design.md, Kernels by algorithm: internal/stdhash).
		{"stdhash.Wrap(crypto/sha256.New())", stdhash.Wrap(stdsha256.New()), stdsha256.New(), nil},
		{"hmac.New(sha256.New)", hmac.New(sha256.New, key), stdhmac.New(stdsha256.New, key), nil},
		{"hmac.New(sha512.New)", hmac.New(sha512.New, key), stdhmac.New(stdsha512.New, key), nil},
		{"hmac.New(sha1.New)", hmac.New(sha1.New, key), stdhmac.New(stdsha1.New, key), nil},
		{"hmac.New(sha3.New256)", hmac.New(func() hash.Hash { return sha3.New256() }, key), stdhmac.New(func() hash.Hash { return xsha3.New256() }, key), nil},
		{"sha3.NewShake128", sha3.NewShake128(), xsha3.NewShake128(), nil},
		{"sha3.NewShake256", sha3.NewShake256(), xsha3.NewShake256(), nil},
		{"sha3.NewCShake128", sha3.NewCShake128([]byte("N"), nil), xsha3.NewCShake128([]byte("N"), nil), nil},
		{"sha3.NewCShake256", sha3.NewCShake256(nil, []byte("S")), xsha3.NewCShake256(nil, []byte("S")), nil},
		{"sha3.NewLegacyKeccak256", sha3.NewLegacyKeccak256(), xsha3.NewLegacyKeccak256(), cloner},
		{"sha3.NewLegacyKeccak512", sha3.NewLegacyKeccak512(), xsha3.NewLegacyKeccak512(), cloner},
		{"blake2b.New256(nil)", must(blake2b.New256(nil)), must(xblake2b.New256(nil)), clonerMarshal},
		{"blake2b.New(20, nil)", must(blake2b.New(20, nil)), must(xblake2b.New(20, nil)), clonerMarshal},
		{"blake2b.New512(key)", must(blake2b.New512(key)), must(xblake2b.New512(key)), keyedBLAKE2},
		{"blake2b.NewXOF(100, nil)", must(blake2b.NewXOF(100, nil)), must(xblake2b.NewXOF(100, nil)), nil},
		{"blake2b.NewXOF(OutputLengthUnknown, key)", must(blake2b.NewXOF(blake2b.OutputLengthUnknown, key)), must(xblake2b.NewXOF(xblake2b.OutputLengthUnknown, key)), nil},
		{"blake2s.New256(nil)", must(blake2s.New256(nil)), must(xblake2s.New256(nil)), clonerMarshal},
		{"blake2s.New128(key)", must(blake2s.New128(key[:16])), must(xblake2s.New128(key[:16])), keyedBLAKE2},
		{"blake2s.New256(key)", must(blake2s.New256(key)), must(xblake2s.New256(key)), keyedBLAKE2},
		{"blake2s.NewXOF(100, nil)", must(blake2s.NewXOF(100, nil)), must(xblake2s.NewXOF(100, nil)), xofBLAKE2s},
		{"blake2s.NewXOF(OutputLengthUnknown, key)", must(blake2s.NewXOF(blake2s.OutputLengthUnknown, key)), must(xblake2s.NewXOF(xblake2s.OutputLengthUnknown, key)), xofBLAKE2s},
		{"ripemd160.New", ripemd160.New(), xripemd160.New(), ripemd},
	}
	// Every hash that the standard library has too (MD5, SHA-1, SHA-2,
	// SHA-3), by the names of byname's table.
	hkNew, stdNew := byname.Hashkit(), byname.Stdlib()
	for _, name := range slices.Sorted(maps.Keys(stdNew)) {
		cases = append(cases, apiCase{name, hkNew[name](), stdNew[name](), nil})
	}
	for _, c := range cases {
		hk, peer := exportedMethods(c.hk), exportedMethods(c.peer)
		used := map[string]bool{}
		check := func(name, format string, args ...any) {
			if _, ok := c.except[name]; ok {
				used[name] = true
				return
			}
			t.Errorf("%s: %s", c.name, fmt.Sprintf(format, args...))
		}
		for _, name := range sortedKeys(peer) {
			switch sig, ok := hk[name]; {
			case !ok:
				check(name, "%T lacks method %s%s of the peer's %T", c.hk, name, peer[name], c.peer)
			case sig != peer[name]:
				check(name, "method %s: hashkit's %T has %s, the peer's %T %s", name, c.hk, sig, c.peer, peer[name])
			}
		}
		for _, name := range sortedKeys(hk) {
			if _, ok := peer[name]; !ok {
				check(name, "%T has method %s%s, which the peer's %T lacks", c.hk, name, hk[name], c.peer)
			}
		}
		for name := range c.except {
			if !used[name] {
				t.Errorf("%s: except[%q] matches nothing: remove it", c.name, name)
			}
		}
	}
}

// exportedMethods maps each exported method of v's dynamic type to its
// signature without the receiver, with types named by package name and type
// name (so crypto/sha3.SHA3 and hashkit's sha3.SHA3 read the same).
func exportedMethods(v any) map[string]string {
	typ := reflect.TypeOf(v)
	m := map[string]string{}
	for i := range typ.NumMethod() {
		meth := typ.Method(i)
		f := meth.Type
		var in, out []string
		for j := 1; j < f.NumIn(); j++ { // In(0) is the receiver
			in = append(in, f.In(j).String())
		}
		if f.IsVariadic() {
			in[len(in)-1] = "..." + strings.TrimPrefix(in[len(in)-1], "[]")
		}
		for j := range f.NumOut() {
			out = append(out, f.Out(j).String())
		}
		m[meth.Name] = "(" + strings.Join(in, ", ") + ") (" + strings.Join(out, ", ") + ")"
	}
	return m
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
