package cpu

import (
	"slices"
	"strings"
	"testing"
)

func TestParseOrder(t *testing.T) {
	entries, errs := parseOrder(" blake2b/block = AVX2 , bmi2 ;sha512/block=avx2;; x ; a/b= ; c=d ; sha512/block=generic;/r=k")
	var got []string
	for _, e := range entries {
		got = append(got, e.key+"="+strings.Join(e.names, ","))
	}
	if want := []string{"blake2b/block=avx2,bmi2", "sha512/block=avx2"}; !slices.Equal(got, want) {
		t.Errorf("entries %q, want %q", got, want)
	}
	var msgs []string
	for _, err := range errs {
		msgs = append(msgs, err.Error())
	}
	for _, bad := range []string{`"x"`, `"a/b="`, `"c=d"`, `"sha512/block=generic": "sha512/block" is named twice`, `"/r=k"`} {
		if !slices.ContainsFunc(msgs, func(m string) bool { return strings.Contains(m, bad) }) {
			t.Errorf("no error for %s among %q", bad, msgs)
		}
	}
	if len(errs) != 5 {
		t.Errorf("%d errors, want 5: %q", len(errs), msgs)
	}
}

// reorder sets HASHKIT_ORDER's parsed value to s for the rest of the test
// and ships the kernels of the ordertest package's block role again.
func reorder(t *testing.T, s string) {
	saved := userOrder
	t.Cleanup(func() { userOrder = saved })
	userOrder, _ = parseOrder(s)
	mu.Lock()
	ship("ordertest", RoleBlock)
	mu.Unlock()
}

// TestOrderOnlyReorders registers kernels the CPU can run, one it cannot
// and one HASHKIT_DISABLE lists, and checks, for every order of every
// subset of their names (and generic) as HASHKIT_ORDER, that the first
// name the CPU can run is chosen, that neither of the others is ever
// switched on, and that the role's fallbacks are the choice and the
// kernels registered after it.
func TestOrderOnlyReorders(t *testing.T) {
	saved := thisCPU
	defer func() { thisCPU = saved }()
	thisCPU = profile{name: "test", order: map[string][]string{"ordertest/block": {"b"}}}
	t.Setenv("HASHKIT_DISABLE", "ordertest/off")
	var choice KernelID
	var fallbacks KernelSet
	order := []string{"a", "absent", "b", "off", "c"} // registration order
	id := func(name string) KernelID { return KernelID(slices.Index(order, name) + 1) }
	RegisterRoleFallbacks("ordertest", RoleBlock, &choice, &fallbacks,
		Kernel{Name: "a", ID: id("a")}, Kernel{Name: "absent", ID: id("absent"), Needs: never},
		Kernel{Name: "b", ID: id("b")}, Kernel{Name: "off", ID: id("off")}, Kernel{Name: "c", ID: id("c")})
	runs := map[string]bool{"a": true, "b": true, "c": true, Generic: true}
	all := []string{"a", "absent", "b", "off", "c", Generic}
	tried := 0
	var walk func(list []string)
	walk = func(list []string) {
		if len(list) > 0 {
			tried++
			reorder(t, "ordertest/block="+strings.Join(list, ","))
			want := "b" // the table's choice where the list names nothing that runs
			if i := slices.IndexFunc(list, func(n string) bool { return runs[n] }); i >= 0 {
				want = list[i]
			}
			if got := Shipped("ordertest", RoleBlock); got != want {
				t.Fatalf("HASHKIT_ORDER=ordertest/block=%s: chose %s, want %s", strings.Join(list, ","), got, want)
			}
			if choice != id(want) { // id(Generic) is 0, the portable code's
				t.Fatalf("HASHKIT_ORDER=ordertest/block=%s: the dispatch variable is %d with %s chosen", strings.Join(list, ","), choice, want)
			}
			if fallbacks.Has(id("absent")) || fallbacks.Has(id("off")) {
				t.Fatalf("HASHKIT_ORDER=ordertest/block=%s switched on absent=%v off=%v", strings.Join(list, ","), fallbacks.Has(id("absent")), fallbacks.Has(id("off")))
			}
			for i, n := range order {
				if runs[n] && fallbacks.Has(id(n)) != (want != Generic && i >= slices.Index(order, want)) {
					t.Fatalf("HASHKIT_ORDER=ordertest/block=%s: %s is %v with %s chosen", strings.Join(list, ","), n, fallbacks.Has(id(n)), want)
				}
			}
		}
		if len(list) == 3 {
			return
		}
		for _, n := range all {
			if !slices.Contains(list, n) {
				walk(append(slices.Clone(list), n))
			}
		}
	}
	walk(nil)
	t.Logf("%d orders", tried)

	// An entry naming a kernel the role does not have is ignored whole.
	reorder(t, "ordertest/block=c,nosuch")
	if got := Shipped("ordertest", RoleBlock); got != "b" {
		t.Errorf("an entry with an unknown kernel changed the choice to %s", got)
	}
	// Case does not matter; the other entries of a variable with a bad
	// one still apply.
	reorder(t, "ordertest/nosuch=a;ORDERTEST/Block=C;bad")
	if got := Shipped("ordertest", RoleBlock); got != "c" {
		t.Errorf("HASHKIT_ORDER=ORDERTEST/Block=C: chose %s, want c", got)
	}
	for _, c := range Choices() {
		if c.Pkg == "ordertest" && (c.Kernel != "c" || !strings.HasPrefix(c.Evidence, "measured by the user") || !slices.Equal(c.Available, []string{"a", "b", "c"})) {
			t.Errorf("Choices: %+v", c)
		}
	}
	reorder(t, "")
}

func TestCheckOrder(t *testing.T) {
	var blk, fin KernelID
	RegisterRole("checkorder", RoleBlock, &blk, Kernel{Name: "one", ID: 1})
	RegisterRole("checkorder", RoleFinal, &fin, Kernel{Name: "two", ID: 1})
	if err := CheckOrder("checkorder/block=ONE,generic; checkorder/final=two;"); err != nil {
		t.Errorf("a good value: %v", err)
	}
	if err := CheckOrder(""); err != nil {
		t.Errorf("the empty value: %v", err)
	}
	for value, want := range map[string]string{
		"checkorder/block=one,three":            `entry "checkorder/block=one,three": checkorder/block has no kernel "three" (it has one, generic)`,
		"checkorder/batch=one":                  `entry "checkorder/batch=one": checkorder has no role "batch" (its roles: block, final)`,
		"nosuchpkg/block=one":                   `entry "nosuchpkg/block=one": no package "nosuchpkg" has kernels here`,
		"checkorder/block=one;checkorder:block": `entry "checkorder:block": want PKG/ROLE=KERNEL[,KERNEL...]`,
	} {
		err := CheckOrder(value)
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("CheckOrder(%q) = %v, want one line with %s", value, err, want)
		}
	}
}

func TestEvidence(t *testing.T) {
	for _, c := range []struct{ why, want string }{
		{"not measured: llvm-mca estimates of the kernels (scripts/mca, LLVM's neoverse-n1 model), no arm64 hardware", "estimate (llvm-mca neoverse-n1)"},
		{"estimate: llvm-mca znver3, checked against Zen 5 and Emerald Rapids", "estimate (llvm-mca znver3)"},
		{"Estimate: llvm-mca (scripts/mca)", "estimate (llvm-mca)"},
		{"not measured: the order every CPU had before the table", "default"},
		{"registration order", "default"},
		{"default: the estimates' choice for AVX2 CPUs", "default"},
		{"TestPairedRoles (thread CPU time) on a 2-core EPYC; llvm-mca agrees", "measured on X"},
		{"measured on a Zen 4 EPYC (family 0x19 model 0x11)", "measured on X"},
	} {
		if got := Evidence("X", c.why); got != c.want {
			t.Errorf("Evidence(%q) = %q, want %q", c.why, got, c.want)
		}
	}
	// Every entry of the table classifies, and an estimate names its model.
	for _, p := range append(profiles, defaultProfile) {
		ev := Evidence(p.name, p.why)
		if !strings.HasPrefix(ev, "measured on ") && !strings.HasPrefix(ev, "estimate (llvm-mca ") && ev != "default" {
			t.Errorf("%s: evidence %q: word its why as Evidence's comment says", p.name, ev)
		}
	}
}

// TestKnownCPUs checks that every entry of the dispatch table has a known
// microarchitecture (so `hashkit kernels --cpus` can show it), that no key
// belongs to two, and that this CPU, if known, has no feature its record
// lacks (it may have fewer: GODEBUG, HASHKIT_DISABLE-free masking by a
// hypervisor).
func TestKnownCPUs(t *testing.T) {
	for _, p := range profiles {
		found := slices.ContainsFunc(knownCPUs, func(k KnownCPU) bool {
			if k.Vendor != p.vendor || k.Family != p.family {
				return false
			}
			if p.models == nil {
				return true
			}
			return slices.ContainsFunc(p.models, func(m uint32) bool { return k.Contains(p.vendor, p.family, m) })
		})
		if !found {
			t.Errorf("dispatch table entry %s: no known microarchitecture has its key; add it to knownCPUs with its features", p.name)
		}
	}
	for i, k := range knownCPUs {
		for _, r := range k.Models {
			for _, m := range []uint32{r[0], r[1]} {
				for _, o := range knownCPUs[i+1:] {
					if o.Contains(k.Vendor, k.Family, m) {
						t.Errorf("%s and %s both hold model %#x", k.Name, o.Name, m)
					}
				}
			}
		}
		if k.Models == nil && slices.ContainsFunc(knownCPUs[i+1:], func(o KnownCPU) bool { return o.Vendor == k.Vendor && o.Family == k.Family }) {
			t.Errorf("%s holds every model of its family, which another entry shares", k.Name)
		}
	}
	if k, ok := LookupKnown(cpuVendor, cpuFamily, cpuModel); ok {
		if extra := Detected() &^ k.Features; extra != 0 {
			t.Errorf("this CPU is %s, whose record lacks %s, which this CPU has", k.Name, extra)
		}
		t.Logf("this CPU: %s (%s), detected %s", k.Name, k.Features, Detected())
	}
}
