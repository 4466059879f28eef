// Package cpu reports the CPU features hashkit's kernels need and keeps the
// registry of accelerated implementations, so tests can run every path on one
// machine and users can switch any of them off.
//
// Features come from golang.org/x/sys/cpu, which also honours
// GODEBUG=cpu.avx2=off and similar. x/sys/cpu has no flag for the x86 SHA
// extensions (SHA-NI), so this package reads CPUID leaf 7 itself on amd64
// (cpu_amd64.go); re-check on each x/sys upgrade. On arm64 it reads
// the Main ID Register where Linux allows (cpu_arm64.go), which keys the
// dispatch table there as CPUID's vendor, family and model do on amd64.
//
// Two environment variables, read once at start-up, change what ships:
//
//   - HASHKIT_DISABLE=pkg/name,... switches kernels off, as if the CPU
//     lacked their features (a bare name switches off that kernel in
//     every package; the SumMany kernels of role many also answer to
//     their former spelling, blake3many/avx512 for blake3/manyavx512);
//   - HASHKIT_ORDER=pkg/role=name,name;pkg/role=name,... puts, for each
//     role named, that order of kernels ahead of the dispatch table's, so
//     that an order measured with `hashkit kernels --measure` applies
//     without rebuilding, e.g.
//     HASHKIT_ORDER="blake2b/block=avx2,bmi2;sha512/block=avx2". The first
//     name the CPU can run is chosen and, as with the table, kernels
//     registered after it stay on as fallbacks; "generic" names the
//     portable code. It only reorders: a kernel whose features the CPU
//     lacks, or that HASHKIT_DISABLE lists, is passed over wherever it
//     stands. Names are case-insensitive. An entry that is malformed,
//     names a role an earlier entry named, or names a role or kernel that
//     is not registered is ignored as a whole (the other entries still
//     apply); no entry can change what a hash computes, only which kernel
//     computes it. `hashkit kernels` reports such entries (CheckOrder), and
//     those of HASHKIT_DISABLE that name no kernel (CheckDisable).
package cpu

import "golang.org/x/sys/cpu"

// X86 holds the x86 features, all false on other architectures and under the
// purego build tag. Each flag that needs operating-system support for wider
// registers (AVX, AVX-512) is already ANDed with it by x/sys/cpu.
var X86 = struct {
	HasSSE2, HasSSE3, HasSSSE3, HasSSE41, HasSSE42, HasAVX, HasAVX2, HasBMI1, HasBMI2 bool
	HasAVX512F, HasAVX512VL, HasAVX512BW, HasAVX512DQ, HasAVX512VBMI                  bool
	HasSHA                                                                            bool // SHA-NI: SHA1RNDS4, SHA256RNDS2 and friends
	HasVAES                                                                           bool
	HasGFNI                                                                           bool
	HasADX                                                                            bool
	HasPOPCN                                                                          bool
}{
	HasSSE2:       cpu.X86.HasSSE2,
	HasSSE3:       cpu.X86.HasSSE3,
	HasSSSE3:      cpu.X86.HasSSSE3,
	HasSSE41:      cpu.X86.HasSSE41,
	HasSSE42:      cpu.X86.HasSSE42,
	HasAVX:        cpu.X86.HasAVX,
	HasAVX2:       cpu.X86.HasAVX2,
	HasBMI1:       cpu.X86.HasBMI1,
	HasBMI2:       cpu.X86.HasBMI2,
	HasAVX512F:    cpu.X86.HasAVX512F,
	HasAVX512VL:   cpu.X86.HasAVX512VL,
	HasAVX512BW:   cpu.X86.HasAVX512BW,
	HasAVX512DQ:   cpu.X86.HasAVX512DQ,
	HasAVX512VBMI: cpu.X86.HasAVX512VBMI,
	HasSHA:        hasSHANI(),
	HasVAES:       cpu.X86.HasAVX512VAES,
	HasGFNI:       cpu.X86.HasAVX512GFNI,
	HasADX:        cpu.X86.HasADX,
	HasPOPCN:      cpu.X86.HasPOPCNT,
}

// ARM64 re-exports the arm64 features hashkit may use.
var ARM64 = struct {
	HasASIMD, HasSHA1, HasSHA2, HasSHA512, HasSHA3 bool
}{
	HasASIMD:  cpu.ARM64.HasASIMD,
	HasSHA1:   cpu.ARM64.HasSHA1,
	HasSHA2:   cpu.ARM64.HasSHA2,
	HasSHA512: cpu.ARM64.HasSHA512,
	HasSHA3:   cpu.ARM64.HasSHA3,
}
