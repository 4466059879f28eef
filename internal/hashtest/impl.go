// Package hashtest holds the test helpers every hashkit package shares: the
// hash.Hash and hash.XOF conformance checks, running a test over every
// registered kernel, the loader of ../shared/vectors, and the cross-check
// against @noble/hashes.
package hashtest

import (
	"os"
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
	impls := cpu.Impls(pkg)
	for _, req := range strings.Split(os.Getenv("HASHKIT_REQUIRE_IMPL"), ",") {
		p, name, ok := strings.Cut(strings.TrimSpace(req), "/")
		if !ok || p != pkg {
			continue
		}
		found := false
		for _, im := range impls {
			found = found || im == name
		}
		if !found {
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
	if !shippedCovered(pkg) {
		t.Run("shipped", func(t *testing.T) {
			cpu.Restore(pkg)
			f(t)
		})
	}
	roles := cpu.Roles(pkg)
	for _, r := range roles {
		// Without a final-block, one-call or few-lanes kernel (what CPUs
		// without AVX-512BW or AVX-512VL ship), the other roles' kernels
		// take the short messages or the few states those would.
		if (r == cpu.RoleFinal || r == cpu.RoleOneCall || r == cpu.RoleFewLanes) && len(roles) > 1 && cpu.Shipped(pkg, r) != cpu.Generic {
			t.Run("without-"+string(r), func(t *testing.T) {
				cpu.SelectRole(pkg, r, "")
				f(t)
			})
		}
	}
	t.Run("generic", func(t *testing.T) {
		cpu.Select(pkg, "")
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

// shippedCovered reports whether one of AllImplementations' single-kernel
// runs of pkg is the shipped combination: some role ships exactly one
// kernel (selecting it leaves the other roles as shipped), or none ships
// any (the generic run).
func shippedCovered(pkg string) bool {
	shipped := map[cpu.Role]int{}
	any := false
	for _, k := range cpu.Kernels() {
		if k.Pkg != pkg {
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
