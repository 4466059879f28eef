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
// Every allowed name must be a method of v, so the list stays current.
func NoExtraMethods(t *testing.T, v any, allowed ...string) {
	t.Helper()
	typ := reflect.TypeOf(v)
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
