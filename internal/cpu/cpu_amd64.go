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
