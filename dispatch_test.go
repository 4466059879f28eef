//go:build !purego

package hashkit

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"io"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/kernelbench"
)

// TestDispatchTableNamesKernels checks that this GOARCH's entries of the
// dispatch table name only registered kernels.
func TestDispatchTableNamesKernels(t *testing.T) {
	if errs := cpu.TableErrors(); len(errs) > 0 {
		t.Errorf("the dispatch table names kernels that do not exist:\n%s", strings.Join(errs, "\n"))
	}
}

// TestDispatchCallsChosenKernel checks, for every role in which this CPU
// can run more than one kernel, that the kernel the dispatch table chooses
// is the one that runs as shipped: a CPU profile of the role's work must
// find the chosen kernel's entry points more often than any other kernel's,
// and none of the kernels registered before it (which the table ranks
// lower, so their flags are off). Without -short it checks the same for
// every kernel the table could choose on some CPU with this one's features
// (cpu.ShipAs), since a package whose dispatch code tries its flags in
// another order than it registered them runs the wrong kernel only on the
// CPUs whose choice is a later one. With -short only the roles where the
// table departs from registration order are checked, as shipped.
func TestDispatchCallsChosenKernel(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("kernelbench.Work has the amd64 roles only, and profiles under emulation say little")
	}
	_, _, _, entry, why := cpu.Microarchitecture()
	t.Logf("dispatch table entry for this CPU: %s (%s)", entry, why)
	type roleKey struct {
		pkg  string
		role cpu.Role
	}
	byRole := map[roleKey][]cpu.Info{}
	var keys []roleKey
	for _, k := range cpu.Kernels() {
		rk := roleKey{k.Pkg, k.Role}
		if !slices.Contains(keys, rk) {
			keys = append(keys, rk)
		}
		byRole[rk] = append(byRole[rk], k)
	}
	for _, rk := range keys {
		ks := byRole[rk]
		var avail []cpu.Info
		for _, k := range ks {
			if k.Available {
				avail = append(avail, k)
			}
		}
		if len(avail) < 2 {
			continue // nothing to choose between
		}
		shipped := cpu.Shipped(rk.pkg, rk.role)
		if testing.Short() && shipped == avail[0].Name {
			continue
		}
		choices := []string{shipped}
		if !testing.Short() {
			for _, k := range avail {
				if k.Name != shipped {
					choices = append(choices, k.Name)
				}
			}
		}
		key := rk.pkg + "/" + string(rk.role)
		work, ok := kernelbench.Work[key]
		if !ok {
			t.Errorf("no work for %s in kernelbench.Work: add a call that spends its time in that role's kernels", key)
			continue
		}
		owner := map[string]string{} // full function name -> kernel
		for _, k := range ks {
			for _, fn := range k.Funcs {
				owner[k.GoPkg+"."+fn] = k.Name
			}
		}
		for _, chosen := range choices {
			name := key
			if chosen != shipped {
				name += "/as-" + chosen
			}
			t.Run(name, func(t *testing.T) {
				if chosen != shipped {
					defer cpu.Restore(rk.pkg)
					cpu.ShipAs(rk.pkg, rk.role, chosen)
				}
				checkChosenRuns(t, ks, chosen, work, owner)
			})
		}
	}
}

// checkChosenRuns profiles work and fails unless chosen, of the role's
// kernels ks in registration order, is the kernel that ran most, and none
// registered before it ran.
func checkChosenRuns(t *testing.T, ks []cpu.Info, chosen string, work func(), owner map[string]string) {
	t.Helper()
	counts := profileKernels(t, work, owner, chosen != cpu.Generic)
	t.Logf("chosen %s; samples per kernel %v", chosen, counts)
	if chosen == cpu.Generic {
		for name, n := range counts {
			t.Errorf("the table chooses the portable code, but %s ran (%d samples)", name, n)
		}
		return
	}
	before := true // k is registered before the chosen kernel
	for _, k := range ks {
		if k.Name == chosen {
			before = false
			continue
		}
		if before && counts[k.Name] > 0 {
			t.Errorf("the table chooses %s, but %s, which it ranks lower, ran (%d samples)", chosen, k.Name, counts[k.Name])
		}
		if counts[k.Name] >= counts[chosen] {
			t.Errorf("the table chooses %s, but %s ran as much (%d samples against %d)", chosen, k.Name, counts[k.Name], counts[chosen])
		}
	}
}

// profileKernels runs work under the CPU profiler until the profile holds
// at least 20 samples in the functions of owner (or a few seconds pass)
// and returns the samples per kernel. Where none of them should run (want
// false: the table chooses the portable code), it runs until the profile
// holds 60 samples of any function, proof that the work ran.
func profileKernels(t *testing.T, work func(), owner map[string]string, want bool) map[string]int {
	t.Helper()
	counts := map[string]int{}
	total, all := 0, 0
	for try := 0; try < 6 && (want && total < 20 || !want && all < 60); try++ {
		var buf bytes.Buffer
		if err := pprof.StartCPUProfile(&buf); err != nil {
			t.Skipf("cannot profile: %v", err)
		}
		for start := time.Now(); time.Since(start) < 300*time.Millisecond; {
			work()
		}
		pprof.StopCPUProfile()
		leaves, err := profileLeaves(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		all += len(leaves)
		for _, fn := range leaves {
			if k, ok := owner[fn]; ok {
				counts[k]++
				total++
			}
		}
	}
	switch {
	case want && total == 0:
		t.Fatal("no profile sample fell in any kernel of the role")
	case all == 0:
		t.Fatal("the profile holds no sample at all")
	}
	return counts
}

// profileLeaves decodes a gzipped pprof profile (profile.proto) and returns
// the innermost function of each sample.
func profileLeaves(gz []byte) ([]string, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	var (
		strs      []string
		funcName  = map[uint64]uint64{} // function id -> string index
		locFunc   = map[uint64]uint64{} // location id -> innermost function id
		sampleLoc []uint64              // the leaf location of each sample
	)
	err = protoFields(data, func(field int, v uint64, b []byte) error {
		switch field {
		case 2: // Sample
			first := true
			return protoFields(b, func(f int, v uint64, b []byte) error {
				if f != 1 || !first {
					return nil
				}
				first = false
				if b != nil { // packed location ids
					v, _ = binary.Uvarint(b)
				}
				sampleLoc = append(sampleLoc, v)
				return nil
			})
		case 4: // Location
			var id, fn uint64
			haveLine := false
			err := protoFields(b, func(f int, v uint64, b []byte) error {
				switch {
				case f == 1:
					id = v
				case f == 4 && !haveLine: // the first Line is the innermost
					haveLine = true
					return protoFields(b, func(f int, v uint64, _ []byte) error {
						if f == 1 {
							fn = v
						}
						return nil
					})
				}
				return nil
			})
			locFunc[id] = fn
			return err
		case 5: // Function
			var id, name uint64
			err := protoFields(b, func(f int, v uint64, _ []byte) error {
				switch f {
				case 1:
					id = v
				case 2:
					name = v
				}
				return nil
			})
			funcName[id] = name
			return err
		case 6: // string_table
			strs = append(strs, string(b))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	leaves := make([]string, 0, len(sampleLoc))
	for _, loc := range sampleLoc {
		if i := funcName[locFunc[loc]]; i < uint64(len(strs)) {
			leaves = append(leaves, strs[i])
		}
	}
	return leaves, nil
}

// protoFields calls f for each field of the protobuf message b: with the
// value of a varint field, or with the bytes of a length-delimited one.
func protoFields(b []byte, f func(field int, v uint64, b []byte) error) error {
	for len(b) > 0 {
		key, n := binary.Uvarint(b)
		if n <= 0 {
			return errors.New("bad protobuf key")
		}
		b = b[n:]
		field, wire := int(key>>3), key&7
		switch wire {
		case 0:
			v, n := binary.Uvarint(b)
			if n <= 0 {
				return errors.New("bad protobuf varint")
			}
			b = b[n:]
			if err := f(field, v, nil); err != nil {
				return err
			}
		case 2:
			l, n := binary.Uvarint(b)
			if n <= 0 || uint64(len(b)-n) < l {
				return errors.New("bad protobuf length")
			}
			if err := f(field, 0, b[n:n+int(l)]); err != nil {
				return err
			}
			b = b[n+int(l):]
		case 1:
			b = b[min(8, len(b)):]
		case 5:
			b = b[min(4, len(b)):]
		default:
			return errors.New("unsupported protobuf wire type")
		}
	}
	return nil
}

// TestEveryKernelChosenSomewhere checks that each kernel registered on this
// GOARCH runs on some CPU: it is its role's choice, or, in a role with
// fallbacks (cpu.RegisterRoleFallbacks), registered after the choice, which
// leaves it on as a fallback; on a CPU of some entry of the dispatch table
// or on a CPU the table does not know, in either case one with some set of
// features. A kernel no CPU runs only costs code and test time: delete
// it, or add the entry of the CPU that needs it. The sets tried are the
// kernel's own Needs (a CPU with more features can only run more of its
// rivals) and, for the fallbacks, that with the Needs of each other kernel
// of its role.
func TestEveryKernelChosenSomewhere(t *testing.T) {
	type cpuKey struct {
		name, vendor  string
		family, model uint32
	}
	// One model of each entry that the table looks up to that entry (an
	// entry without models takes a model no earlier entry of its family
	// lists), and a CPU of no vendor the table knows.
	entries := cpu.Entries(runtime.GOARCH)
	keys := []cpuKey{{"unknown CPU", "", 0, 0}}
	for i, e := range entries {
		m := uint32(0)
		if len(e.Models) > 0 {
			m = e.Models[0]
		}
		for ; len(e.Models) == 0 && slices.ContainsFunc(entries[:i], func(o cpu.Entry) bool {
			return o.Vendor == e.Vendor && o.Family == e.Family && slices.Contains(o.Models, m)
		}); m++ {
		}
		keys = append(keys, cpuKey{e.Name, e.Vendor, e.Family, m})
	}
	all := cpu.Kernels() // in registration order
	for _, k := range all {
		var role []cpu.Info
		for _, o := range all {
			if o.Pkg == k.Pkg && o.Role == k.Role {
				role = append(role, o)
			}
		}
		runs := func(c cpuKey, has cpu.Features) bool {
			choice := cpu.ChoiceFor(k.Pkg, k.Role, c.vendor, c.family, c.model, has)
			i := slices.IndexFunc(role, func(o cpu.Info) bool { return o.Name == choice })
			return choice == k.Name || k.Fallback() && i >= 0 && i < slices.IndexFunc(role, func(o cpu.Info) bool { return o.Name == k.Name })
		}
		if !slices.ContainsFunc(keys, func(c cpuKey) bool {
			return slices.ContainsFunc(role, func(o cpu.Info) bool { return runs(c, k.Needs|o.Needs) })
		}) {
			t.Errorf("%s/%s (role %s) runs on no CPU of the dispatch table and on no unknown CPU: delete it, or add the entry of the CPU that runs it best", k.Pkg, k.Name, k.Role)
		}
	}
}
