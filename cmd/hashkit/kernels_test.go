package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

// hkEnv runs the binary in dir with extra environment variables.
func hkEnv(t *testing.T, dir string, env []string, args ...string) runResult {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Env = append(os.Environ(), env...)
	return runIn(t, cmd, dir, nil)
}

// kernelsJSON runs `hashkit kernels ARGS --json` and decodes its output.
func kernelsJSON(t *testing.T, env []string, args ...string) []roleJSON {
	t.Helper()
	r := hkEnv(t, t.TempDir(), env, append([]string{"kernels", "--json"}, args...)...)
	if r.code != 0 {
		t.Fatalf("kernels %v (env %v): status %d: %s", args, env, r.code, r.stderr)
	}
	var out []roleJSON
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("kernels %v --json: %v\n%s", args, err, r.stdout)
	}
	return out
}

// needs returns the features each registered kernel needs, by
// "pkg/role/name".
func needs() map[string]cpu.Features {
	m := map[string]cpu.Features{}
	for _, k := range cpu.Kernels() {
		m[k.Pkg+"/"+string(k.Role)+"/"+k.Name] = k.Needs
	}
	return m
}

// checkRoles fails unless each role's kernel is one of its available
// kernels (or generic), the available kernels are those whose features has
// holds (HASHKIT_DISABLE, where set, may take some away), and the evidence
// is of the three kinds.
func checkRoles(t *testing.T, what string, roles []roleJSON, has cpu.Features) {
	t.Helper()
	need := needs()
	for _, r := range roles {
		if r.Kernel != cpu.Generic && !slices.Contains(r.Available, r.Kernel) {
			t.Errorf("%s: %s runs %s, which is not among its available kernels %v", what, r.Role, r.Kernel, r.Available)
		}
		for key, n := range need {
			name, ok := strings.CutPrefix(key, r.Role+"/")
			if !ok {
				continue
			}
			runs, listed := n&^has == 0, slices.Contains(r.Available, name)
			if listed && !runs || runs && !listed && os.Getenv("HASHKIT_DISABLE") == "" {
				t.Errorf("%s: %s lists %s as available=%v, but it needs %s", what, r.Role, name, listed, n)
			}
		}
		if !strings.HasPrefix(r.Evidence, "measured") && !strings.HasPrefix(r.Evidence, "estimate") && !strings.HasPrefix(r.Evidence, "default") {
			t.Errorf("%s: %s: evidence %q", what, r.Role, r.Evidence)
		}
	}
}

func TestKernels(t *testing.T) {
	r := hk(t, t.TempDir(), nil, "kernels")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("status %d: %s", r.code, r.stderr)
	}
	_, _, _, entry, _ := cpu.Microarchitecture()
	if !strings.HasPrefix(r.stdout, "cpu: ") || !strings.Contains(r.stdout, "\ntable entry: "+entry+": ") || !strings.Contains(r.stdout, "\nfeatures as detected: ") {
		t.Errorf("no description of this CPU:\n%s", r.stdout)
	}
	roles := kernelsJSON(t, nil)
	want := cpu.Choices()
	if len(roles) != len(want) {
		t.Fatalf("%d roles, the registry has %d", len(roles), len(want))
	}
	for i, c := range want {
		got := roles[i]
		if got.Role != c.Key() || got.Kernel != c.Kernel || got.Evidence != c.Evidence || !slices.Equal(got.Available, c.Available) || got.NS != nil {
			t.Errorf("role %d: %+v, want %+v", i, got, c)
		}
		if !strings.Contains(r.stdout, "\n"+c.Key()+" ") {
			t.Errorf("the listing has no line for %s", c.Key())
		}
	}
	checkRoles(t, "this CPU", roles, cpu.Detected())
}

// TestKernelsCPU runs --cpu on every known CPU of this architecture, and
// --cpus.
func TestKernelsCPU(t *testing.T) {
	var known []cpu.KnownCPU
	for _, k := range cpu.KnownCPUs() {
		if k.GOARCH() == runtime.GOARCH {
			known = append(known, k)
		}
	}
	if len(known) == 0 {
		t.Skip("no known CPU runs", runtime.GOARCH)
	}
	for _, k := range known {
		id := formatCPUID(k.Vendor, k.Family, firstModel(k))
		roles := kernelsJSON(t, nil, "--cpu", id)
		checkRoles(t, k.Name, roles, k.Features)
		entry, why := cpu.EntryFor(k.Vendor, k.Family, firstModel(k))
		for _, r := range roles {
			if r.Evidence != cpu.Evidence(entry, why) {
				t.Errorf("%s: %s: evidence %q, but the entry %s says %q", k.Name, r.Role, r.Evidence, entry, why)
			}
		}
	}
	// Numbers in hexadecimal and the vendor in any case read the same.
	k := known[0]
	dec := hk(t, t.TempDir(), nil, "kernels", "--cpu", formatCPUID(k.Vendor, k.Family, firstModel(k)))
	hex := hk(t, t.TempDir(), nil, "kernels", "--cpu", strings.ToUpper(k.Vendor)+":0x"+strings.ToUpper(formatHex(k.Family))+":"+"0x"+formatHex(firstModel(k)))
	if dec.code != 0 || dec.stdout != hex.stdout {
		t.Errorf("decimal and hexadecimal --cpu differ:\n%s\n%s%s", dec.stdout, hex.stdout, hex.stderr)
	}
	// A leading zero is decimal, as /proc/cpuinfo writes numbers, not octal.
	padded := hk(t, t.TempDir(), nil, "kernels", "--cpu", k.Vendor+":0"+strconv.FormatUint(uint64(k.Family), 10)+":00"+strconv.FormatUint(uint64(firstModel(k)), 10))
	if padded.stdout != dec.stdout {
		t.Errorf("--cpu with leading zeros reads another CPU:\n%s\n%s%s", dec.stdout, padded.stdout, padded.stderr)
	}
	// --features replaces the known CPU's features, in any case.
	none := kernelsJSON(t, nil, "--cpu", formatCPUID(k.Vendor, k.Family, firstModel(k)), "--features", "")
	checkRoles(t, k.Name+" without features", none, 0)
	some := k.Features & (cpu.AVX | cpu.AVX2 | cpu.BMI1 | cpu.BMI2 | cpu.ASIMD)
	checkRoles(t, k.Name+" with "+some.String(), kernelsJSON(t, nil, "--features", strings.ToLower(strings.ReplaceAll(some.String(), " ", ""))), some)

	r := hk(t, t.TempDir(), nil, "kernels", "--cpus")
	for _, k := range known {
		if r.code != 0 || !strings.Contains(r.stdout, "\n"+k.Name+"  ") {
			t.Errorf("--cpus does not list %s (status %d):\n%s", k.Name, r.code, r.stdout)
		}
	}
	var cpus []cpuJSON
	r = hk(t, t.TempDir(), nil, "kernels", "--cpus", "--json")
	if err := json.Unmarshal([]byte(r.stdout), &cpus); err != nil || len(cpus) != len(known) {
		t.Errorf("--cpus --json: %d CPUs, want %d (%v)", len(cpus), len(known), err)
	}
}

func formatHex(n uint32) string { return strconv.FormatUint(uint64(n), 16) }

// TestKernelsBadInput: a malformed or unknown --cpu, an unknown feature, a
// bad HASHKIT_ORDER and conflicting flags each give one line naming the
// bad part, status 2.
func TestKernelsBadInput(t *testing.T) {
	dir := t.TempDir()
	other := "arm64:0x41:0xd0c"     // a CPU of another architecture than this build's
	unknown := "GenuineIntel:6:999" // a model of this architecture's vendor that the table lacks
	switch runtime.GOARCH {
	case "amd64":
	case "arm64":
		other, unknown = "AuthenticAMD:25:1", "arm64:0x41:0xfff"
	default: // no CPU is of this build's architecture
		unknown = "NoSuchVendor:2:2"
	}
	// Where blake2b has no kernels (purego, a GOARCH without its assembly)
	// an entry's package is the part it names first.
	avx3, blok := `"avx3"`, `"blok"`
	if len(cpu.Roles("blake2b")) == 0 {
		avx3, blok = `"blake2b"`, `"blake2b"`
	}
	for _, c := range []struct {
		env  []string
		args []string
		bad  string
	}{
		{nil, []string{"--cpu", "AuthenticAMD:25"}, "AuthenticAMD:25"},
		{nil, []string{"--cpu", "AuthenticAMD:25:1:2"}, "AuthenticAMD:25:1:2"},
		{nil, []string{"--cpu", ":25:1"}, ":25:1"},
		{nil, []string{"--cpu", "AuthenticAMD:zen:1"}, "family zen"},
		{nil, []string{"--cpu", "AuthenticAMD:25:-1"}, "model -1"},
		{nil, []string{"--cpu", "AuthenticAMD:25:99999999999"}, "model 99999999999"},
		{nil, []string{"--cpu", unknown}, "'" + unknown + "': not a CPU"},
		{nil, []string{"--cpu", "NoSuchVendor:1:1"}, "vendor NoSuchVendor"},
		{nil, []string{"--cpu", "NoSuchVendor:6:85", "--features", "AVX2"}, "vendor NoSuchVendor"},
		{nil, []string{"--cpu", "GenuineIntel:6:0b1010101"}, "model 0b1010101"},
		{nil, []string{"--cpu", "GenuineIntel:6:8_5"}, "model 8_5"},
		{nil, []string{"--cpu", "GenuineIntel:0x:85"}, "family 0x"},
		{nil, []string{"--cpu", "GenuineIntel:+6:85"}, "family +6"},
		{nil, []string{"--cpu", other}, "'" + other + "' is an"},
		{nil, []string{"--features", "AVX2,AVX3"}, `"AVX3"`},
		{nil, []string{"--cpu", "GenuineIntel:6:999", "--features", "sse4.1, nope"}, `"nope"`},
		{nil, []string{"--measure", "--cpu", "AuthenticAMD:25:1"}, "--measure"},
		{nil, []string{"--cpus", "--features", "AVX2"}, "--cpus"},
		{nil, []string{"--measure", "--rounds", "5"}, "--rounds 5"},
		{nil, []string{"extra"}, "extra"},
		{[]string{"HASHKIT_ORDER=blake2b/block=avx3"}, nil, avx3},
		{[]string{"HASHKIT_ORDER=blake2b/blok=bmi2"}, nil, blok},
		{[]string{"HASHKIT_ORDER=nosuch/block=bmi2"}, nil, `"nosuch"`},
		{[]string{"HASHKIT_ORDER=sha512/block=avx2;nonsense"}, nil, `"nonsense"`},
		{[]string{"HASHKIT_ORDER=sha512/block=avx2;sha512/block=generic"}, nil, "named twice"},
		{[]string{"HASHKIT_ORDER=x\ny/z=k;x\ny/z=k"}, nil, "named twice"},
		// U+017F folds to s: an entry the library would not apply.
		{[]string{"HASHKIT_ORDER=\u017fha256/block=generic"}, nil, "\"\u017fha256\""},
		{[]string{"HASHKIT_DISABLE=nosuch,sha256/nosuch2"}, nil, `"nosuch", "sha256/nosuch2"`},
		{[]string{"HASHKIT_DISABLE=sha256/, ,"}, nil, `"sha256/"`},
		{[]string{"HASHKIT_ORDER=sha512/block=avx2,"}, []string{"--cpus"}, `"sha512/block=avx2,"`},
	} {
		r := hkEnv(t, dir, c.env, append([]string{"kernels"}, c.args...)...)
		if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.HasPrefix(r.stderr, "hashkit: ") || strings.Contains(r.stderr, "hashkit/") || !strings.Contains(r.stderr, c.bad) {
			t.Errorf("%v %v: status %d, stderr %q; want status 2 and one line naming %s", c.env, c.args, r.code, r.stderr, c.bad)
		}
	}
}

// TestKernelsOrderVar checks that HASHKIT_ORDER moves a role's choice to the
// kernel it names, never to one HASHKIT_DISABLE lists or one whose features
// the CPU lacks (GODEBUG switches some off), and that no value changes what
// a hash computes.
func TestKernelsOrderVar(t *testing.T) {
	shipped := kernelsJSON(t, nil)
	var role, other string
	for _, r := range shipped {
		for _, k := range r.Available {
			if k != r.Kernel && role == "" {
				role, other = r.Role, k
			}
		}
	}
	if role == "" {
		t.Skip("no role has a kernel to move to here")
	}
	pkg, _, _ := strings.Cut(role, "/")
	byRole := func(roles []roleJSON) roleJSON {
		i := slices.IndexFunc(roles, func(r roleJSON) bool { return r.Role == role })
		return roles[i]
	}
	order := cpu.OrderVar + "=" + role + "=" + other
	if got := byRole(kernelsJSON(t, []string{order})); got.Kernel != other || !strings.HasPrefix(got.Evidence, "measured by the user") {
		t.Errorf("%s: %s runs %s (%s)", order, role, got.Kernel, got.Evidence)
	}
	if got := byRole(kernelsJSON(t, []string{order, "HASHKIT_DISABLE=" + pkg + "/" + other})); got.Kernel == other || slices.Contains(got.Available, other) {
		t.Errorf("%s with HASHKIT_DISABLE=%s/%s: %s runs %s of %v", order, pkg, other, role, got.Kernel, got.Available)
	}

	// Every kernel of every role, last registered first, with the widest
	// features switched off.
	var entries []string
	for _, r := range shipped {
		var names []string
		for _, k := range cpu.Kernels() {
			if k.Pkg+"/"+string(k.Role) == r.Role {
				names = append([]string{k.Name}, names...)
			}
		}
		entries = append(entries, r.Role+"="+strings.Join(names, ","))
	}
	reversed := cpu.OrderVar + "=" + strings.Join(entries, ";")
	env, off := []string{reversed}, cpu.Features(0)
	if runtime.GOARCH == "amd64" {
		// After the caller's GODEBUG, whose settings Detected reflects.
		env, off = append(env, "GODEBUG="+strings.TrimPrefix(os.Getenv("GODEBUG")+",", ",")+"cpu.avx2=off,cpu.avx512f=off"), cpu.AVX2|cpu.AVX512F
	}
	roles := kernelsJSON(t, env)
	checkRoles(t, "reversed", roles, cpu.Detected()&^off)
	need := needs()
	for _, r := range roles {
		if n := need[r.Role+"/"+r.Kernel]; n&off != 0 {
			t.Errorf("reversed, with %s off: %s runs %s, which needs %s", off, r.Role, r.Kernel, n)
		}
	}

	input := bytes.Repeat([]byte("hashkit kernels "), 70_001)
	dir := t.TempDir()
	if err := os.WriteFile(dir+"/in", input, 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"sum", "-a", "sha256", "-a", "sha512", "-a", "blake2b", "-a", "blake2s", "-a", "blake3", "-a", "sha3-256", "in"}
	want := hk(t, dir, nil, args...)
	for _, env := range [][]string{{reversed}, env, {cpu.OrderVar + "=blake2b/block=nosuch;sha512/block=generic;x"}} {
		if got := hkEnv(t, dir, env, args...); got != want {
			t.Errorf("%v: sum printed %q, status %d, %q; without it %q", env, got.stdout, got.code, got.stderr, want.stdout)
		}
	}
}

// TestKernelsMeasure runs --measure with one round (seconds; a verdict
// needs at least six).
func TestKernelsMeasure(t *testing.T) {
	roles := kernelsJSON(t, nil, "--measure", "--test-rounds", "1")
	timed := 0
	for _, r := range roles {
		if len(r.NS) == 0 {
			continue
		}
		timed++
		for _, k := range append(slices.Clone(r.Available), cpu.Generic) {
			if r.NS[k] <= 0 {
				t.Errorf("%s: %s: %v ns", r.Role, k, r.NS[k])
			}
		}
		if len(r.NS) != len(r.Available)+1 {
			t.Errorf("%s: times for %v, available %v", r.Role, r.NS, r.Available)
		}
	}
	if timed == 0 && len(cpu.Choices()) > 0 && runtime.GOARCH == "amd64" {
		t.Errorf("no role timed:\n%+v", roles)
	}
	// Every role carries ns, timed or not (an empty object).
	r := hk(t, t.TempDir(), nil, "kernels", "--measure", "--json", "--test-rounds", "1")
	var raw []map[string]json.RawMessage
	if err := json.Unmarshal([]byte(r.stdout), &raw); err != nil || len(raw) != len(roles) {
		t.Fatalf("--measure --json: %d roles, want %d (%v)", len(raw), len(roles), err)
	}
	for _, o := range raw {
		if _, ok := o["ns"]; !ok {
			t.Errorf("--measure --json: %s has no ns", o["role"])
		}
	}
	r = hk(t, t.TempDir(), nil, "kernels", "--measure", "--test-rounds", "1")
	if r.code != 0 || !strings.Contains(r.stdout, "\t\torder: map[string][]string{\n") ||
		!strings.Contains(r.stdout, cpu.OrderVar+"='") && !strings.Contains(r.stdout, "every role ships") {
		t.Errorf("status %d, %s\n%s", r.code, r.stderr, r.stdout)
	}
}
