package cpu

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// never is a feature set no CPU has: x86 and arm64 features together.
const never = AVX | ASIMD

func TestRegistry(t *testing.T) {
	var batch, single KernelID
	const fast, medium, absent, off, one = 1, 2, 3, 4, 5
	t.Setenv("HASHKIT_DISABLE", "cputest/off")
	RegisterRole("cputest", RoleBatch, &batch,
		Kernel{Name: "fast", ID: fast},
		Kernel{Name: "medium", ID: medium},
		Kernel{Name: "absent", ID: absent, Needs: never},
		Kernel{Name: "off", ID: off})
	RegisterRole("cputest", RoleSingleBlock, &single, Kernel{Name: "single", ID: one})
	if batch != fast || single != one {
		t.Fatalf("shipped: batch %d, single-block %d; want %d (fast), %d", batch, single, fast, one)
	}
	if got := Impls("cputest"); !slices.Equal(got, []string{"fast", "medium", "single"}) {
		t.Fatalf("Impls = %v: HASHKIT_DISABLE or missing features did not take a kernel out", got)
	}
	if got := Roles("cputest"); !slices.Equal(got, []Role{RoleBatch, RoleSingleBlock}) {
		t.Fatalf("Roles = %v", got)
	}
	if !Select("cputest", "medium") || batch != medium || single != one {
		t.Fatalf("Select(medium) changed the other role or left its own: batch %d, single-block %d", batch, single)
	}
	if !Select("cputest", "single") || batch != fast || single != one {
		t.Fatalf("Select(single): batch %d, single-block %d", batch, single)
	}
	if Select("cputest", "absent") || batch != 0 || single != 0 {
		t.Fatalf("Select(absent): batch %d, single-block %d", batch, single)
	}
	if Select("cputest", "off") || batch != 0 || single != 0 {
		t.Fatalf("Select(off), disabled: batch %d, single-block %d", batch, single)
	}
	if !SelectRole("cputest", RoleSingleBlock, "") || batch != fast || single != 0 {
		t.Fatalf("SelectRole(single-block, none): batch %d, single-block %d", batch, single)
	}
	if !SelectRole("cputest", RoleBatch, "medium") || batch != medium || single != one {
		t.Fatalf("SelectRole(batch, medium): batch %d, single-block %d", batch, single)
	}
	if !Select("cputest", "") || batch != 0 || single != 0 {
		t.Fatal(`Select("") left a kernel on`)
	}
	Restore("cputest")
	if batch != fast || single != one {
		t.Fatalf("Restore: batch %d, single-block %d", batch, single)
	}
	if got := Shipped("cputest", RoleBatch); got != "fast" {
		t.Fatalf("Shipped(batch) = %q", got)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("registering twice did not panic")
		}
	}()
	var again KernelID
	RegisterRole("cputest", RoleFinal, &again, Kernel{Name: "fast", ID: fast})
}

// TestPreference checks how a table entry overrides registration order:
// the first available kernel it names is chosen, in a role with fallbacks
// together with the kernels registered after it.
func TestPreference(t *testing.T) {
	saved := thisCPU
	defer func() { thisCPU = saved }()
	thisCPU = profile{name: "test", order: map[string][]string{
		"preftest/block":    {"missing", "c", "b"},
		"preftest/final":    {Generic},
		"preftest/batch":    {"gone"},
		"preftest/one-call": {},
		"preftest/many":     {"m2"},
	}}
	const a, b, c, fin, gone, one1, one2, m1, m2, m3 = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
	var blk, final, batch, oneCall, many KernelID
	var manyRuns KernelSet
	RegisterRole("preftest", RoleBlock, &blk, Kernel{Name: "a", ID: a}, Kernel{Name: "b", ID: b}, Kernel{Name: "c", ID: c})
	RegisterRole("preftest", RoleFinal, &final, Kernel{Name: "fin", ID: fin})
	RegisterRole("preftest", RoleBatch, &batch, Kernel{Name: "gone", ID: gone, Needs: never})
	RegisterRole("preftest", RoleOneCall, &oneCall, Kernel{Name: "one1", ID: one1}, Kernel{Name: "one2", ID: one2})
	RegisterRoleFallbacks("preftest", RoleMany, &many, &manyRuns, Kernel{Name: "m1", ID: m1}, Kernel{Name: "m2", ID: m2}, Kernel{Name: "m3", ID: m3})
	if blk != c {
		t.Errorf("block: %d, want %d (c, the first available the table names)", blk, c)
	}
	if final != 0 {
		t.Errorf("final: the table says generic, but kernel %d runs", final)
	}
	if batch != 0 {
		t.Errorf("batch: kernel %d runs, which the CPU lacks", batch)
	}
	if oneCall != one1 {
		t.Errorf("one-call: %d, want %d (registration order)", oneCall, one1)
	}
	if many != m2 || manyRuns != 1<<m2|1<<m3 {
		t.Errorf("many: choice %d, runs %b; want m2 and the kernels registered after it", many, manyRuns)
	}
	for r, want := range map[Role]string{RoleBlock: "c", RoleFinal: Generic, RoleBatch: Generic, RoleOneCall: "one1", RoleMany: "m2"} {
		if got := Shipped("preftest", r); got != want {
			t.Errorf("Shipped(%s) = %q, want %q", r, got, want)
		}
	}
	Select("preftest", "a")
	if blk != a || final != 0 || oneCall != one1 || many != m2 {
		t.Errorf("Select(a): block %d, final %d, one-call %d, many %d", blk, final, oneCall, many)
	}
	Restore("preftest")
	if blk != c || final != 0 || many != m2 || manyRuns != 1<<m2|1<<m3 {
		t.Errorf("Restore: block %d, final %d, many %d (runs %b)", blk, final, many, manyRuns)
	}
}

func TestLookupProfile(t *testing.T) {
	for _, c := range []struct {
		vendor        string
		family, model uint32
		want          string
	}{
		{"AuthenticAMD", 0x1a, 0x44, "AMD Zen 5"},
		{"AuthenticAMD", 0x19, 0x21, "AMD Zen 3"},
		{"AuthenticAMD", 0x19, 0x01, "AMD Zen 3"},
		{"AuthenticAMD", 0x19, 0x11, "AMD Zen 4"},
		{"AuthenticAMD", 0x19, 0x61, "AMD Zen 4"},
		{"AuthenticAMD", 0x19, 0xaf, "AMD Zen 4"},
		{"AuthenticAMD", 0x17, 0x31, "AMD Zen 2"},
		{"AuthenticAMD", 0x17, 0x71, "AMD Zen 2"},
		{"AuthenticAMD", 0x17, 0x90, "AMD Zen 2"},
		{"AuthenticAMD", 0x17, 0xa0, "AMD Zen 2"},
		{"AuthenticAMD", 0x17, 0x01, "AMD Zen, Zen+"},
		{"AuthenticAMD", 0x17, 0x08, "AMD Zen, Zen+"},
		{"AuthenticAMD", 0x17, 0x5f, "AMD Zen, Zen+"},
		{"GenuineIntel", 6, 0xcf, "Intel Emerald Rapids"},
		{"GenuineIntel", 6, 0xa7, "Intel family 6 model 167"},
		{"GenuineIntel", 6, 0x55, "Intel Skylake-SP, Cascade Lake"},
		{"GenuineIntel", 6, 0x6a, "Intel Ice Lake server"},
		{"GenuineIntel", 6, 0x7e, "Intel Ice Lake client"},
		{"GenuineIntel", 6, 0x8c, "Intel Tiger Lake"},
		{"GenuineIntel", 6, 0x8f, "Intel Sapphire Rapids"},
		{"GenuineIntel", 6, 0x97, "Intel Alder Lake, Raptor Lake"},
		{"GenuineIntel", 6, 0xbf, "Intel Alder Lake, Raptor Lake"},
		{"GenuineIntel", 6, 0xbe, defaultProfile.name}, // Alder Lake-N: E-cores only
		{"GenuineIntel", 6, 0x5e, defaultProfile.name}, // Skylake client
		{"GenuineIntel", 6, 0xad, defaultProfile.name}, // Granite Rapids
		{ARM64Vendor, 0x41, 0xd0c, "Arm Neoverse N1"},
		{ARM64Vendor, 0x41, 0xd40, "Arm Neoverse V1"},
		{ARM64Vendor, 0x41, 0xd49, defaultProfile.name}, // Neoverse N2
		{ARM64Vendor, 0x41, 0xd03, defaultProfile.name}, // Cortex-A53
		{"GenuineIntel", 0x41, 0xd0c, defaultProfile.name},
		{ARM64Vendor, 0x1a, 0x44, defaultProfile.name},
		{"HygonGenuine", 0x18, 0, defaultProfile.name},
		{"", 0, 0, defaultProfile.name},
	} {
		if got := lookupProfile(c.vendor, c.family, c.model).name; got != c.want {
			t.Errorf("%s family %#x model %#x: %q, want %q", c.vendor, c.family, c.model, got, c.want)
		}
	}
	for _, p := range append(profiles, defaultProfile) {
		if p.why == "" {
			t.Errorf("%s: the entry does not say which measurement set it", p.name)
		}
	}
	v, f, m, entry, _ := Microarchitecture()
	t.Logf("this CPU: %q family %#x model %#x: %s", v, f, m, entry)
}

// TestWhyWording checks that every entry of the table starts its why with
// "measured: " or "not measured: " (the default order with "default: "),
// and that an amd64 entry resting on an estimate names a model whose
// estimates scripts/mca -amd64 wrote to testdata/mca-amd64.txt (regenerate
// that file when adding a model); TestEvidence checks how tools classify
// the same words.
func TestWhyWording(t *testing.T) {
	out, err := os.ReadFile("testdata/mca-amd64.txt")
	if err != nil {
		t.Fatal(err)
	}
	// The models are the column heads of each role's table.
	var amd64Models []string
	for _, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[0] == "kernel" {
			amd64Models = f[1:]
			break
		}
	}
	if len(amd64Models) == 0 {
		t.Fatal("testdata/mca-amd64.txt has no table of models")
	}
	const estimate = "not measured: estimate, llvm-mca "
	for _, p := range profiles {
		switch {
		case strings.HasPrefix(p.why, estimate):
			model, _, _ := strings.Cut(strings.TrimPrefix(p.why, estimate), " ")
			if p.goarch() == "amd64" && !slices.Contains(amd64Models, model) {
				t.Errorf("%s: llvm-mca model %q has no estimates in testdata/mca-amd64.txt (models %v)", p.name, model, amd64Models)
			}
		case strings.HasPrefix(p.why, "measured: "), strings.HasPrefix(p.why, "not measured: "):
		default:
			t.Errorf("%s: why %q starts with neither \"measured: \" nor \"not measured: \"", p.name, p.why)
		}
	}
	if !strings.HasPrefix(defaultProfile.why, "default: ") {
		t.Errorf("the default order's why %q does not start with \"default: \"", defaultProfile.why)
	}
}

// TestIdentifyARM64 checks the key for a readable MIDR_EL1 (the values of
// cores' technical reference manuals, which qemu's models report too), for
// darwin's Apple cores without one, and for other systems without one.
func TestIdentifyARM64(t *testing.T) {
	for _, c := range []struct {
		goos          string
		midr          uint64
		vendor        string
		family, model uint32
	}{
		{"linux", 0x414fd0c1, ARM64Vendor, 0x41, 0xd0c}, // Neoverse N1 r4p1
		{"linux", 0x410fd034, ARM64Vendor, 0x41, 0xd03}, // Cortex-A53 r0p4
		{"linux", 0x000f0510, ARM64Vendor, 0, 0x051},    // qemu's "max"
		{"darwin", 0, ARM64Vendor, appleImplementer, 0},
		{"ios", 0, ARM64Vendor, appleImplementer, 0},
		{"linux", 0, "", 0, 0},
		{"freebsd", 0, "", 0, 0},
	} {
		if v, f, m := identifyARM64(c.goos, c.midr); v != c.vendor || f != c.family || m != c.model {
			t.Errorf("identifyARM64(%s, %#x) = %q %#x %#x, want %q %#x %#x", c.goos, c.midr, v, f, m, c.vendor, c.family, c.model)
		}
	}
	if p := lookupProfile(identifyARM64("darwin", 0)); p.name != "Apple" {
		t.Errorf("darwin's key finds entry %q", p.name)
	}
}

func TestFeatures(t *testing.T) {
	f, err := ParseFeatures(" AVX, AVX512BW, SSE2, CMOV, MMX+, SSE4.1, BMI")
	if err != nil || f != AVX|AVX512BW|SSE41|BMI1 {
		t.Fatalf("ParseFeatures = %v, %v", f, err)
	}
	if s := f.String(); s != "AVX, AVX512BW, BMI, SSE4.1" {
		t.Fatalf("String = %q", s)
	}
	if _, err := ParseFeatures("AVX, NOSUCH"); err == nil {
		t.Fatal("an unknown feature parsed")
	}
	if Features(0).Present() != true || never.Present() {
		t.Fatal("Present of the empty set or of an impossible set is wrong")
	}
	if (AVX2 | AVX).Present() != (X86.HasAVX && X86.HasAVX2) {
		t.Fatal("Present disagrees with X86")
	}
	// A set is present only if every feature in it is: each pair of
	// features, one of them absent, in either order of their bits.
	for i := range Features(numFeatures) {
		for j := range Features(numFeatures) {
			p, q := Features(1)<<i, Features(1)<<j
			if want := present[i] && present[j]; (p | q).Present() != want {
				t.Errorf("(%v).Present() = %v, want %v", p|q, !want, want)
			}
		}
	}
}

func TestSHANIConsistent(t *testing.T) {
	// SHA-NI without SSE4.1 does not exist on real parts; the kernels rely on both.
	if X86.HasSHA && !X86.HasSSE41 {
		t.Fatal("SHA-NI reported without SSE4.1")
	}
	t.Logf("x86 features: %+v", X86)
}

// TestRegisterRole checks a role declared with one dispatch variable: it
// holds the ID of the one kernel that runs, as shipped and under Select,
// SelectRole, ShipAs, SelectNone and HASHKIT_DISABLE.
func TestRegisterRole(t *testing.T) {
	var blk, fin KernelID
	t.Setenv("HASHKIT_DISABLE", "roletest/off")
	RegisterRole("roletest", RoleBlock, &blk,
		Kernel{Name: "absent", ID: 4, Needs: never},
		Kernel{Name: "off", ID: 3},
		Kernel{Name: "fast", ID: 1},
		Kernel{Name: "slow", ID: 2})
	RegisterRole("roletest", RoleFinal, &fin, Kernel{Name: "last", ID: 7})
	if blk != 1 || fin != 7 {
		t.Fatalf("shipped: block %d, final %d; want 1 (fast), 7", blk, fin)
	}
	if got := Impls("roletest"); !slices.Equal(got, []string{"fast", "slow", "last"}) {
		t.Fatalf("Impls = %v", got)
	}
	for _, k := range Kernels() {
		if k.Pkg == "roletest" && k.Shipped != (k.Name == "fast" || k.Name == "last") {
			t.Errorf("%s: Shipped = %v: only the chosen kernel of a role with one choice ships", k.Name, k.Shipped)
		}
	}
	if !Select("roletest", "slow") || blk != 2 || fin != 7 {
		t.Fatalf("Select(slow): block %d, final %d", blk, fin)
	}
	if Select("roletest", "off") || blk != 0 || fin != 0 {
		t.Fatalf("Select(off), disabled: block %d, final %d", blk, fin)
	}
	if !SelectRole("roletest", RoleFinal, "") || blk != 1 || fin != 0 {
		t.Fatalf("SelectRole(final, none): block %d, final %d", blk, fin)
	}
	if !ShipAs("roletest", RoleBlock, "slow") || blk != 2 {
		t.Fatalf("ShipAs(slow): block %d", blk)
	}
	SelectNone("roletest", RoleBlock)
	if blk != 0 || fin != 7 {
		t.Fatalf("SelectNone(block): block %d, final %d", blk, fin)
	}
	Restore("roletest")
	if blk != 1 || fin != 7 {
		t.Fatalf("Restore: block %d, final %d", blk, fin)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("two kernels with one ID did not panic")
		}
	}()
	var x KernelID
	RegisterRole("roletest2", RoleBlock, &x, Kernel{Name: "a", ID: 1}, Kernel{Name: "b", ID: 1})
}

// TestRegisterRoleFallbacks checks a role whose chosen kernel hands its
// rest to the kernels declared after it: the choice leads, runs holds it
// and the later kernels the CPU can run, as shipped and under Select,
// ShipAs and HASHKIT_DISABLE.
func TestRegisterRoleFallbacks(t *testing.T) {
	var c KernelID
	var runs KernelSet
	t.Setenv("HASHKIT_DISABLE", "fbtest/off")
	RegisterRoleFallbacks("fbtest", RoleMany, &c, &runs,
		Kernel{Name: "wide", ID: 5},
		Kernel{Name: "absent", ID: 4, Needs: never},
		Kernel{Name: "off", ID: 3},
		Kernel{Name: "pairs", ID: 2},
		Kernel{Name: "narrow", ID: 1})
	set := func(ids ...KernelID) KernelSet {
		var s KernelSet
		for _, id := range ids {
			s |= 1 << id
		}
		return s
	}
	if c != 5 || runs != set(5, 2, 1) || !runs.Has(2) || runs.Has(3) || runs.Has(4) {
		t.Fatalf("shipped: choice %d, runs %b", c, runs)
	}
	for _, k := range Kernels() {
		if k.Pkg == "fbtest" && (k.Shipped != (k.Name == "wide" || k.Name == "pairs" || k.Name == "narrow") || !k.Fallback()) {
			t.Errorf("%s: Shipped = %v, Fallback = %v", k.Name, k.Shipped, k.Fallback())
		}
	}
	if !Select("fbtest", "pairs") || c != 2 || runs != set(2) {
		t.Fatalf("Select(pairs): choice %d, runs %b", c, runs)
	}
	if !ShipAs("fbtest", RoleMany, "pairs") || c != 2 || runs != set(2, 1) {
		t.Fatalf("ShipAs(pairs): choice %d, runs %b", c, runs)
	}
	SelectNone("fbtest", RoleMany)
	if c != 0 || runs != 0 {
		t.Fatalf("SelectNone: choice %d, runs %b", c, runs)
	}
	Restore("fbtest")
	if c != 5 || runs != set(5, 2, 1) {
		t.Fatalf("Restore: choice %d, runs %b", c, runs)
	}
}
