//go:build !purego

package cpu

import "golang.org/x/sys/cpu"

// cpuid executes CPUID with the given leaf and sub-leaf.
//
//go:noescape
func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

// hasSHANI reports the SHA extensions: CPUID.(EAX=7,ECX=0):EBX bit 29. They
// work on XMM registers only, so no XGETBV check beyond SSE is needed.
func hasSHANI() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, ebx, _, _ := cpuid(7, 0)
	return ebx&(1<<29) != 0 && cpu.X86.HasSSE41
}

// identify reads the vendor string (CPUID leaf 0) and the display family
// and model (leaf 1), which the dispatch table is keyed by.
func identify() (vendor string, family, model uint32) {
	_, ebx, ecx, edx := cpuid(0, 0)
	var v [12]byte
	for i := range 4 {
		v[i], v[4+i], v[8+i] = byte(ebx>>(8*i)), byte(edx>>(8*i)), byte(ecx>>(8*i))
	}
	eax, _, _, _ := cpuid(1, 0)
	family = eax >> 8 & 0xf
	model = eax >> 4 & 0xf
	// The extended fields count only where the base family says so (Intel
	// SDM vol. 2A, CPUID leaf 1; AMD APM vol. 3, CPUID Fn0000_0001_EAX).
	if family == 0xf {
		family += eax >> 20 & 0xff
	}
	if family == 0x6 || family >= 0xf {
		model |= (eax >> 16 & 0xf) << 4
	}
	return string(v[:]), family, model
}
