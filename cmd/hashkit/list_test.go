package main

import (
	"runtime"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

func TestList(t *testing.T) {
	r := hk(t, t.TempDir(), nil, "list")
	if r.code != 0 {
		t.Fatalf("status %d: %s", r.code, r.stderr)
	}
	for _, a := range algorithms {
		if !strings.Contains(r.stdout, "\n"+a.name+" ") {
			t.Errorf("list does not show %s", a.name)
		}
	}
	k := hk(t, t.TempDir(), nil, "list", "--kernels")
	if k.code != 0 {
		t.Fatalf("list --kernels: status %d: %s", k.code, k.stderr)
	}
	if runtime.GOARCH == "amd64" && len(cpu.Choices()) > 0 && !strings.Contains(k.stdout, "sha256/") {
		t.Fatalf("list --kernels shows no SHA-256 kernel on amd64:\n%s", k.stdout)
	}
}

func TestBench(t *testing.T) {
	dir := t.TempDir()
	r := hk(t, dir, nil, "bench", "-a", "sha256,blake3", "-a", "md5", "--size", "64,1KiB", "--time", "5ms")
	if r.code != 0 {
		t.Fatalf("status %d: %s", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if !strings.HasPrefix(lines[0], "cpu: ") || !strings.HasPrefix(lines[1], "features: ") {
		t.Fatalf("no machine description:\n%s", r.stdout)
	}
	rows := 0
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) == 4 && (f[0] == "sha256" || f[0] == "blake3" || f[0] == "md5") {
			rows++
			if f[2] == "0" || f[3] == "0" {
				t.Errorf("zero throughput in %q", l)
			}
		}
	}
	if rows != 3 {
		t.Fatalf("want 3 rows of 2 sizes:\n%s", r.stdout)
	}
	for _, bad := range [][]string{{"bench", "--size", "0"}, {"bench", "--size", "2GiB"}, {"bench", "-a", "nope"}, {"bench", "--time", "0s"}} {
		if r := hk(t, dir, nil, bad...); r.code != 2 {
			t.Errorf("%v: status %d, want 2 (%s)", bad, r.code, r.stderr)
		}
	}
}

func TestDescribeCPU(t *testing.T) {
	if got, want := describeCPU(cpu.ARM64Vendor, 0x41, 0xd0c, "Arm Neoverse N1"), "CPU implementer 0x41, CPU part 0xd0c (Arm Neoverse N1)"; got != want {
		t.Errorf("describeCPU(N1) = %q, want %q", got, want)
	}
	if got := describeCPU("", 0, 0, "unknown CPU"); got != runtime.GOARCH {
		t.Errorf("describeCPU of no CPU = %q, want %q", got, runtime.GOARCH)
	}
}
