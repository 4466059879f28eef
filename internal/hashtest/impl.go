// Package hashtest holds the test helpers every hashkit package shares: the
// hash.Hash and hash.XOF conformance checks, running a test over every
// registered kernel, the loader of ../shared/vectors, and the cross-check
// against @noble/hashes.
package hashtest

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

// AllImplementations runs f once for each kernel registered for pkg that this
// machine can run, with only that kernel enabled among the kernels of its
// role and the other roles as shipped; once as "shipped", the kernels the
// dispatch table enables on this CPU, unless one of those runs already had
// exactly that combination; once as "without-final" or "without-one-call"
// with that role's kernels off and the others as shipped; and once more as
// "generic" with none enabled. If HASHKIT_REQUIRE_IMPL lists a kernel of pkg
// (comma-separated pkg/name) that cannot run here, the test fails: CI sets it
// so that a broken feature check cannot silently skip a kernel.
//
// Tests that use it must not run in parallel with other tests of the package.
func AllImplementations(t *testing.T, pkg string, f func(t *testing.T)) {
	t.Helper()
	allImplementations(t, pkg, func(r cpu.Role) bool { return !manyRole(r) }, f)
}

// ManyImplementations is AllImplementations for pkg's kernels that hash
// several whole messages at once (roles many and many-few-lanes), the
// others left as shipped; AllImplementations leaves those kernels out, so
// that the tests of one message do not run again for each of them.
func ManyImplementations(t *testing.T, pkg string, f func(t *testing.T)) {
	t.Helper()
	allImplementations(t, pkg, manyRole, f)
}

func manyRole(r cpu.Role) bool { return r == cpu.RoleMany || r == cpu.RoleManyFewLanes }

// allImplementations is AllImplementations over the kernels of pkg's roles
// for which in is true; "generic" turns off those roles only.
func allImplementations(t *testing.T, pkg string, in func(cpu.Role) bool, f func(t *testing.T)) {
	t.Helper()
	var roles []cpu.Role
	for _, r := range cpu.Roles(pkg) {
		if in(r) {
			roles = append(roles, r)
		}
	}
	var impls []string
	for _, r := range roles {
		impls = append(impls, cpu.RoleImpls(pkg, r)...)
	}
	for _, req := range strings.Split(os.Getenv("HASHKIT_REQUIRE_IMPL"), ",") {
		p, name, ok := strings.Cut(strings.TrimSpace(req), "/")
		if !ok || p != pkg || !slices.ContainsFunc(cpu.Kernels(), func(k cpu.Info) bool {
			return k.Pkg == pkg && k.Name == name && slices.Contains(roles, k.Role)
		}) {
			continue
		}
		if !slices.Contains(impls, name) {
			t.Fatalf("HASHKIT_REQUIRE_IMPL asks for %s/%s, which is not available here (have %v)", pkg, name, impls)
		}
	}
	defer cpu.Restore(pkg)
	for _, name := range impls {
		t.Run(name, func(t *testing.T) {
			if !cpu.Select(pkg, name) {
				t.Fatalf("cannot select %s/%s", pkg, name)
			}
			f(t)
		})
	}
	if !shippedCovered(pkg, roles) {
		t.Run("shipped", func(t *testing.T) {
			cpu.Restore(pkg)
			f(t)
		})
	}
	for _, r := range roles {
		// Without a final-block, one-call or few-lanes kernel (what CPUs
		// without AVX-512BW or AVX-512VL ship), the other roles' kernels
		// take the short messages or the few states those would.
		if (r == cpu.RoleFinal || r == cpu.RoleOneCall || r == cpu.RoleFewLanes || r == cpu.RoleManyFewLanes) && len(roles) > 1 && cpu.Shipped(pkg, r) != cpu.Generic {
			t.Run("without-"+string(r), func(t *testing.T) {
				cpu.SelectRole(pkg, r, "")
				f(t)
			})
		}
	}
	t.Run("generic", func(t *testing.T) {
		cpu.SelectNone(pkg, roles...)
		f(t)
	})
}

// AllSHA2 runs f on every SHA-256 kernel and on every SHA-512 kernel (those
// internal/sha2 registers as "sha256" and "sha512"), the generic code
// included: the tests of the constructions that use those engines directly
// (hmac, hkdf, pbkdf2).
func AllSHA2(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	t.Run("sha256", func(t *testing.T) { AllImplementations(t, "sha256", f) })
	t.Run("sha512", func(t *testing.T) { AllImplementations(t, "sha512", f) })
}

// shippedCovered reports whether one of allImplementations' single-kernel
// runs of pkg's roles is the shipped combination: some role ships exactly
// one kernel (selecting it leaves the other roles as shipped), or none
// ships any (the generic run).
func shippedCovered(pkg string, roles []cpu.Role) bool {
	shipped := map[cpu.Role]int{}
	any := false
	for _, k := range cpu.Kernels() {
		if k.Pkg != pkg || !slices.Contains(roles, k.Role) {
			continue
		}
		if k.Shipped {
			shipped[k.Role]++
			any = true
		}
	}
	for _, n := range shipped {
		if n == 1 {
			return true
		}
	}
	return !any
}

// BenchImpls returns the names of pkg's benchmark rows: its kernels, then
// "generic" for the portable code.
func BenchImpls(pkg string) []string { return append(cpu.Impls(pkg), "generic") }

// UseImpl runs pkg on impl, one of BenchImpls(pkg), with the other roles as
// shipped, until tb ends.
func UseImpl(tb testing.TB, pkg, impl string) {
	if impl == "generic" {
		impl = ""
	}
	cpu.Select(pkg, impl)
	tb.Cleanup(func() { cpu.Restore(pkg) })
}
