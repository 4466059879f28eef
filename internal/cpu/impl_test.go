package cpu

import "testing"

func TestRegistry(t *testing.T) {
	a, b, c := true, true, false
	Register("cputest", "fast", &a)
	Register("cputest", "medium", &b)
	Register("cputest", "absent", &c)
	t.Setenv("HASHKIT_DISABLE", "cputest/off")
	d := true
	Register("cputest", "off", &d)
	if d {
		t.Fatal("HASHKIT_DISABLE did not clear the flag")
	}
	if got := Impls("cputest"); len(got) != 2 || got[0] != "fast" || got[1] != "medium" {
		t.Fatalf("Impls = %v", got)
	}
	if !Select("cputest", "medium") || a || !b || c {
		t.Fatalf("Select(medium): a=%v b=%v c=%v", a, b, c)
	}
	if Select("cputest", "absent") || a || b || c {
		t.Fatalf("Select(absent): a=%v b=%v c=%v", a, b, c)
	}
	if !Select("cputest", "") || a || b {
		t.Fatal("Select(\"\") left a kernel on")
	}
	Restore("cputest")
	if !a || !b || c || d {
		t.Fatalf("Restore: a=%v b=%v c=%v d=%v", a, b, c, d)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("registering twice did not panic")
		}
	}()
	Register("cputest", "fast", &a)
}

func TestSHANIConsistent(t *testing.T) {
	// SHA-NI without SSE4.1 does not exist on real parts; the kernels rely on both.
	if X86.HasSHA && !X86.HasSSE41 {
		t.Fatal("SHA-NI reported without SSE4.1")
	}
	t.Logf("x86 features: %+v", X86)
}
