//go:build !purego

package cpu

import (
	"os"
	"testing"

	"golang.org/x/sys/cpu"
)

// qemuMIDR is the Main ID Register of qemu-aarch64's CPU models (qemu 7.2,
// target/arm/cpu64.c) that scripts/matrix runs on or could.
var qemuMIDR = map[string]uint64{
	"cortex-a53":  0x410fd034,
	"cortex-a72":  0x410fd083,
	"cortex-a76":  0x414fd0b1,
	"neoverse-n1": 0x414fd0c1,
}

// TestIdentifyQEMU checks, under qemu-aarch64 with QEMU_CPU naming one of
// the models above, that identify read that model's MIDR_EL1 (qemu, like
// Linux, sets HWCAP_CPUID and answers the MRS). qemu passes its
// environment to the program, so the test sees QEMU_CPU; with -cpu on
// qemu's command line instead it cannot tell and skips.
func TestIdentifyQEMU(t *testing.T) {
	name := os.Getenv("QEMU_CPU")
	if name == "" {
		t.Skip("QEMU_CPU is not set: not under qemu-aarch64, or the model is not known")
	}
	want, ok := qemuMIDR[name]
	if !ok {
		t.Skipf("QEMU_CPU=%s has no MIDR recorded here; this one reads %#x", name, midr)
	}
	if !cpu.ARM64.HasCPUID {
		t.Fatalf("QEMU_CPU=%s: HWCAP_CPUID is not set, so MIDR_EL1 was not read", name)
	}
	if midr != want {
		t.Fatalf("QEMU_CPU=%s: MIDR_EL1 = %#x, want %#x", name, midr, want)
	}
	v, f, m := identify()
	if wv, wf, wm := decodeMIDR(want); v != wv || f != wf || m != wm {
		t.Fatalf("QEMU_CPU=%s: identify = %q %#x %#x, want %q %#x %#x", name, v, f, m, wv, wf, wm)
	}
	if cpuVendor != v || cpuFamily != f || cpuModel != m {
		t.Fatalf("the dispatch table was keyed by %q %#x %#x, not by this core", cpuVendor, cpuFamily, cpuModel)
	}
	t.Logf("QEMU_CPU=%s: MIDR_EL1 %#x, table entry %q", name, midr, thisCPU.name)
}
