package cpu

import (
	"reflect"
	"testing"
)

// TestRegisterStdlib checks that RegisterStdlib declares what the
// equivalent RegisterRole call does, recorded under the calling package,
// and sets the dispatch variable to its kernel.
func TestRegisterStdlib(t *testing.T) {
	var std, ref KernelID
	RegisterStdlib("stdtest", &std)
	RegisterRole("stdtestref", RoleStdlib, &ref, Kernel{Name: "stdlib", ID: 1})
	if std != 1 {
		t.Fatalf("dispatch variable %d, want 1", std)
	}
	byPkg := map[string]Info{}
	for _, k := range Kernels() {
		if k.Pkg == "stdtest" || k.Pkg == "stdtestref" {
			pkg := k.Pkg
			k.Pkg, k.Choice = "", nil // the two differ only here
			byPkg[pkg] = k
		}
	}
	if got, want := byPkg["stdtest"], byPkg["stdtestref"]; !reflect.DeepEqual(got, want) {
		t.Fatalf("RegisterStdlib registered %+v, RegisterRole %+v", got, want)
	}
	if got, want := byPkg["stdtest"].GoPkg, "github.com/hashkit/hashkit/internal/cpu"; got != want {
		t.Fatalf("GoPkg %q, want %q", got, want)
	}
}
