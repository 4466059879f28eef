package sha3

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestMethodSets pins each type's exported methods to its interfaces plus
// the documented extras, so that nothing is exported by accident.
func TestMethodSets(t *testing.T) {
	marshal := []string{"AppendBinary", "MarshalBinary", "UnmarshalBinary"}
	hash := []string{"BlockSize", "Reset", "Size", "Sum", "Write"}
	xof := []string{"BlockSize", "Read", "Reset", "Write"}
	join := func(sets ...[]string) []string {
		var all []string
		for _, s := range sets {
			all = append(all, s...)
		}
		slices.Sort(all)
		return slices.Compact(all)
	}
	for _, c := range []struct {
		v    any
		want []string
	}{
		{&SHA3{}, join(hash, marshal, []string{"Clone"})},
		{&SHAKE{}, join(xof, marshal, []string{"Clone"})},
		{&legacyKeccak{}, join(hash, marshal, []string{"Clone", "Read"})},
		{&shakeHash{}, join(hash, xof, marshal, []string{"Clone"})},
		{&KMAC{}, join(hash, []string{"Clone", "Verify"})},
		{&KMACXOF{}, join(xof, []string{"Clone"})},
		{&TupleHash{}, join([]string{"BlockSize", "Reset", "Size", "Sum", "WriteElement", "Clone"}, marshal)},
		{&TupleHashXOF{}, join([]string{"BlockSize", "Reset", "Read", "WriteElement", "Clone"}, marshal)},
		{&ParallelHash{}, join(hash, marshal, []string{"Clone"})},
		{&ParallelHashXOF{}, join(xof, marshal, []string{"Clone"})},
		{&KeccakPRG{}, []string{"AddEntropy", "AddRandomEntropy", "Clone", "Forget", "Read"}},
	} {
		typ := reflect.TypeOf(c.v)
		var got []string
		for i := range typ.NumMethod() {
			got = append(got, typ.Method(i).Name)
		}
		want := slices.Clone(c.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%v has methods %s, want %s", typ, strings.Join(got, ", "), strings.Join(want, ", "))
		}
	}
}
