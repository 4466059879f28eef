package cpu

import (
	"os"
	"slices"
	"strings"
	"sync"
)

// The registry of accelerated implementations, after the idea of the Go
// source's crypto/internal/impl. A family package registers each kernel's
// dispatch flag at init; tests then turn kernels off one by one to run every
// path on one machine, and HASHKIT_DISABLE turns them off by hand.

type implementation struct {
	pkg, name string
	flag      *bool // the family package's dispatch flag
	available bool  // what the CPU (and HASHKIT_DISABLE) allowed at registration
}

var (
	mu    sync.Mutex
	impls []*implementation
)

// Register records the kernel name of package pkg (for example "sha256",
// "shani"), whose dispatch flag is *flag. *flag must already say whether the
// CPU can run the kernel. If HASHKIT_DISABLE lists the kernel, as name or
// pkg/name (comma-separated, case-insensitive), *flag is cleared here.
//
// Packages register from init or package-level variable initialisers, best
// kernel first, so Impls lists them in preference order.
func Register(pkg, name string, flag *bool) {
	mu.Lock()
	defer mu.Unlock()
	for _, im := range impls {
		if im.pkg == pkg && im.name == name {
			panic("hashkit/internal/cpu: " + pkg + "/" + name + " registered twice")
		}
	}
	if disabled(pkg, name) {
		*flag = false
	}
	impls = append(impls, &implementation{pkg: pkg, name: name, flag: flag, available: *flag})
}

func disabled(pkg, name string) bool {
	for _, d := range strings.Split(os.Getenv("HASHKIT_DISABLE"), ",") {
		d = strings.TrimSpace(d)
		if d != "" && (strings.EqualFold(d, name) || strings.EqualFold(d, pkg+"/"+name)) {
			return true
		}
	}
	return false
}

// Impls returns the names of the kernels registered for pkg that this
// machine can run, in registration order.
func Impls(pkg string) []string {
	mu.Lock()
	defer mu.Unlock()
	var names []string
	for _, im := range impls {
		if im.pkg == pkg && im.available {
			names = append(names, im.name)
		}
	}
	return names
}

// Registered returns every kernel registered for pkg, runnable or not, and
// whether each is available, for reports such as `hashkit bench`.
func Registered(pkg string) (names []string, available []bool) {
	mu.Lock()
	defer mu.Unlock()
	for _, im := range impls {
		if im.pkg == pkg {
			names = append(names, im.name)
			available = append(available, im.available)
		}
	}
	return names, available
}

// Packages returns the packages that registered kernels, sorted.
func Packages() []string {
	mu.Lock()
	defer mu.Unlock()
	var pkgs []string
	for _, im := range impls {
		if !slices.Contains(pkgs, im.pkg) {
			pkgs = append(pkgs, im.pkg)
		}
	}
	slices.Sort(pkgs)
	return pkgs
}

// Select enables only the kernel name of pkg (name "" enables none, which
// leaves the portable code) and reports whether that kernel is available.
// It is for tests and benchmarks; it is not safe to call while hashing.
func Select(pkg, name string) bool {
	mu.Lock()
	defer mu.Unlock()
	found := name == ""
	for _, im := range impls {
		if im.pkg != pkg {
			continue
		}
		on := im.name == name && im.available
		*im.flag = on
		found = found || on
	}
	return found
}

// Restore enables again every available kernel of pkg.
func Restore(pkg string) {
	mu.Lock()
	defer mu.Unlock()
	for _, im := range impls {
		if im.pkg == pkg {
			*im.flag = im.available
		}
	}
}
