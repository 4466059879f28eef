package hashtest

import (
	"encoding"
	"hash"
	"reflect"
	"slices"
	"testing"
)

// standardInterfaces are the interfaces whose methods a hasher may export
// without listing them: hash.Hash, hash.XOF, hash.Cloner and the binary
// marshalling ones, each only if the hasher implements it whole.
var standardInterfaces = []reflect.Type{
	reflect.TypeFor[hash.Hash](),
	reflect.TypeFor[hash.XOF](),
	reflect.TypeFor[hash.Cloner](),
	reflect.TypeFor[encoding.BinaryMarshaler](),
	reflect.TypeFor[encoding.BinaryAppender](),
	reflect.TypeFor[encoding.BinaryUnmarshaler](),
}

// NoExtraMethods checks that v (a value as a constructor returns it) exports
// no method beyond those of the standard interfaces it implements and the
// documented extras named in allowed, the idea of the Go source's
// crypto/internal/cryptotest.NoExtraMethods: any exported method can be
// reached by an interface assertion, so it is API whether documented or not.
// Every allowed name must be a method of v, so the list stays current. It
// also checks the Clone convention (README, "Clone"): a hash.Hash with a
// Clone method is a hash.Cloner, any other type's Clone returns its own
// type, and either may instead return a peer's interface that v implements
// (x/crypto's blake2b.XOF and sha3.ShakeHash).
func NoExtraMethods(t *testing.T, v any, allowed ...string) {
	t.Helper()
	typ := reflect.TypeOf(v)
	checkClone(t, typ)
	ok := map[string]bool{}
	for _, it := range standardInterfaces {
		if typ.Implements(it) {
			for i := range it.NumMethod() {
				ok[it.Method(i).Name] = true
			}
		}
	}
	for i := range typ.NumMethod() {
		if name := typ.Method(i).Name; !ok[name] && !slices.Contains(allowed, name) {
			t.Errorf("%v exports %s, which is in none of its interfaces", typ, name)
		}
	}
	for _, name := range allowed {
		if _, found := typ.MethodByName(name); !found {
			t.Errorf("%v has no method %s", typ, name)
		}
	}
}

func checkClone(t *testing.T, typ reflect.Type) {
	t.Helper()
	m, ok := typ.MethodByName("Clone")
	if !ok || typ.Implements(reflect.TypeFor[hash.Cloner]()) {
		return
	}
	f := m.Type // the receiver is the first argument
	if f.NumIn() != 1 || f.NumOut() != 1 {
		t.Errorf("%v.Clone has type %v, want a single result", typ, f)
		return
	}
	out := f.Out(0)
	switch {
	case out.Kind() == reflect.Interface && typ.Implements(out):
		// A peer's interface (x/crypto's blake2b.XOF, sha3.ShakeHash).
	case out == typ && !typ.Implements(reflect.TypeFor[hash.Hash]()):
	default:
		t.Errorf("%v.Clone returns %v: a hash.Hash must be a hash.Cloner, any other type return itself", typ, out)
	}
}
