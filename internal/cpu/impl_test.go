package cpu

import (
	"slices"
	"testing"
)

// never is a feature set no CPU has: x86 and arm64 features together.
const never = AVX | ASIMD

func TestRegistry(t *testing.T) {
	var a, b, c, d, e bool
	RegisterKernel(Kernel{Pkg: "cputest", Name: "fast", Role: RoleBatch, Flag: &a})
	RegisterKernel(Kernel{Pkg: "cputest", Name: "medium", Role: RoleBatch, Flag: &b})
	RegisterKernel(Kernel{Pkg: "cputest", Name: "absent", Role: RoleBatch, Needs: never, Flag: &c})
	RegisterKernel(Kernel{Pkg: "cputest", Name: "single", Role: RoleSingleBlock, Flag: &e})
	t.Setenv("HASHKIT_DISABLE", "cputest/off")
	RegisterKernel(Kernel{Pkg: "cputest", Name: "off", Role: RoleBatch, Flag: &d})
	if d || c {
		t.Fatalf("off=%v absent=%v: HASHKIT_DISABLE or missing features did not clear the flag", d, c)
	}
	if !a || !b || !e {
		t.Fatalf("shipped: fast=%v medium=%v single=%v", a, b, e)
	}
	if got := Impls("cputest"); !slices.Equal(got, []string{"fast", "medium", "single"}) {
		t.Fatalf("Impls = %v", got)
	}
	if got := Roles("cputest"); !slices.Equal(got, []Role{RoleBatch, RoleSingleBlock}) {
		t.Fatalf("Roles = %v", got)
	}
	if !Select("cputest", "medium") || a || !b || c || !e {
		t.Fatalf("Select(medium) changed the other role or left its own: fast=%v medium=%v absent=%v single=%v", a, b, c, e)
	}
	if !Select("cputest", "single") || !a || !b || !e {
		t.Fatalf("Select(single): fast=%v medium=%v single=%v", a, b, e)
	}
	if Select("cputest", "absent") || a || b || c || e {
		t.Fatalf("Select(absent): fast=%v medium=%v absent=%v single=%v", a, b, c, e)
	}
	if !Select("cputest", "") || a || b || e {
		t.Fatal(`Select("") left a kernel on`)
	}
	Restore("cputest")
	if !a || !b || c || d || !e {
		t.Fatalf("Restore: fast=%v medium=%v absent=%v off=%v single=%v", a, b, c, d, e)
	}
	if got := Shipped("cputest", RoleBatch); got != "fast" {
		t.Fatalf("Shipped(batch) = %q", got)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("registering twice did not panic")
		}
	}()
	RegisterKernel(Kernel{Pkg: "cputest", Name: "fast", Role: RoleBatch, Flag: &a})
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
}

func TestSHANIConsistent(t *testing.T) {
	// SHA-NI without SSE4.1 does not exist on real parts; the kernels rely on both.
	if X86.HasSHA && !X86.HasSSE41 {
		t.Fatal("SHA-NI reported without SSE4.1")
	}
	t.Logf("x86 features: %+v", X86)
}
