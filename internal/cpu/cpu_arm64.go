//go:build !purego

package cpu

import (
	"runtime"

	"golang.org/x/sys/cpu"
)

// getMIDR reads MIDR_EL1. At EL0 the instruction traps; a Linux kernel that
// sets HWCAP_CPUID emulates it (Documentation/arch/arm64/cpu-feature-registers.rst),
// other systems deliver SIGILL, so call it only when cpu.ARM64.HasCPUID.
func getMIDR() uint64

func hasSHANI() bool { return false }

// midr is this core's Main ID Register, or 0 where the system does not
// let user code read it (darwin, the BSDs, Windows, or a Linux kernel
// without HWCAP_CPUID).
var midr = readMIDR()

func readMIDR() uint64 {
	if !cpu.ARM64.HasCPUID {
		return 0
	}
	return getMIDR()
}

// identify returns the dispatch table's key for this core.
func identify() (vendor string, family, model uint32) {
	return identifyARM64(runtime.GOOS, midr)
}
