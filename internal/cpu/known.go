package cpu

// KnownCPU is a microarchitecture whose features hashkit records, so that
// `hashkit kernels --cpu` can say what a CPU of it would run without
// being on one.
type KnownCPU struct {
	Name   string
	Vendor string // CPUID vendor string, or ARM64Vendor
	Family uint32 // as in the dispatch table
	// Models are inclusive ranges of display models (MIDR part numbers on
	// arm64); nil means every model of the family.
	Models   [][2]uint32
	Features Features // as kernels' Needs name them
}

// Contains reports whether the CPU of the given key is of k.
func (k KnownCPU) Contains(vendor string, family, model uint32) bool {
	if vendor != k.Vendor || family != k.Family {
		return false
	}
	if k.Models == nil {
		return true
	}
	for _, r := range k.Models {
		if r[0] <= model && model <= r[1] {
			return true
		}
	}
	return false
}

// GOARCH is the architecture whose kernels run on k.
func (k KnownCPU) GOARCH() string { return profile{vendor: k.Vendor}.goarch() }

var (
	x86AVX2     = SSE3 | SSSE3 | SSE41 | SSE42 | POPCNT | AVX | AVX2 | BMI1 | BMI2
	x86AVX512   = x86AVX2 | AVX512F | AVX512VL | AVX512BW | AVX512DQ
	x86AVX512IL = x86AVX512 | AVX512VBMI | SHA // Ice Lake's additions that kernels use
	arm64Crypto = ASIMD | ARM64SHA1 | ARM64SHA2
)

// knownCPUs are the microarchitectures of the dispatch table's entries and
// of the CPUs issue 31 asks estimates for. The AMD model ranges are those
// Linux assigns to each Zen generation (arch/x86/kernel/cpu/amd.c,
// bsp_init_amd); the Intel models are those of Linux's
// arch/x86/include/asm/intel-family.h (INTEL_SKYLAKE_X, INTEL_ICELAKE_X
// and so on), which Intel's SDM vol. 4 table 2-1 lists too; the arm64 part
// numbers are those of each core's technical reference manual (MIDR_EL1).
// Features: AMD's and Intel's product pages and the CPUID flags Linux
// reports on them.
var knownCPUs = []KnownCPU{
	{Name: "AMD Zen 2", Vendor: "AuthenticAMD", Family: 0x17, Models: [][2]uint32{{0x30, 0x4f}, {0x60, 0x7f}, {0x90, 0x91}, {0xa0, 0xaf}}, Features: x86AVX2 | SHA},
	{Name: "AMD Zen 3", Vendor: "AuthenticAMD", Family: 0x19, Models: [][2]uint32{{0x00, 0x0f}, {0x20, 0x5f}}, Features: x86AVX2 | SHA},
	{Name: "AMD Zen 4", Vendor: "AuthenticAMD", Family: 0x19, Models: [][2]uint32{{0x10, 0x1f}, {0x60, 0xaf}}, Features: x86AVX512 | AVX512VBMI | SHA},
	{Name: "AMD Zen 5", Vendor: "AuthenticAMD", Family: 0x1a, Models: [][2]uint32{{0x00, 0x2f}, {0x40, 0x4f}, {0x60, 0x7f}}, Features: x86AVX512 | AVX512VBMI | SHA},
	{Name: "Intel Skylake-SP, Cascade Lake", Vendor: "GenuineIntel", Family: 6, Models: [][2]uint32{{0x55, 0x55}}, Features: x86AVX512},
	{Name: "Intel Ice Lake (server)", Vendor: "GenuineIntel", Family: 6, Models: [][2]uint32{{0x6a, 0x6a}, {0x6c, 0x6c}}, Features: x86AVX512IL},
	{Name: "Intel Ice Lake (client)", Vendor: "GenuineIntel", Family: 6, Models: [][2]uint32{{0x7d, 0x7e}}, Features: x86AVX512IL},
	{Name: "Intel Tiger Lake", Vendor: "GenuineIntel", Family: 6, Models: [][2]uint32{{0x8c, 0x8d}}, Features: x86AVX512IL},
	{Name: "Intel Rocket Lake", Vendor: "GenuineIntel", Family: 6, Models: [][2]uint32{{0xa7, 0xa7}}, Features: x86AVX512IL},
	{Name: "Intel Sapphire Rapids", Vendor: "GenuineIntel", Family: 6, Models: [][2]uint32{{0x8f, 0x8f}}, Features: x86AVX512IL},
	{Name: "Intel Emerald Rapids", Vendor: "GenuineIntel", Family: 6, Models: [][2]uint32{{0xcf, 0xcf}}, Features: x86AVX512IL},
	// Alder and Raptor Lake's efficient cores have no AVX-512, so their
	// performance cores have it switched off.
	{Name: "Intel Alder Lake, Raptor Lake", Vendor: "GenuineIntel", Family: 6, Models: [][2]uint32{{0x97, 0x97}, {0x9a, 0x9a}, {0xb7, 0xb7}, {0xba, 0xba}, {0xbf, 0xbf}}, Features: x86AVX2 | SHA},
	{Name: "Arm Neoverse N1", Vendor: ARM64Vendor, Family: 0x41, Models: [][2]uint32{{0xd0c, 0xd0c}}, Features: arm64Crypto},
	{Name: "Arm Neoverse V1", Vendor: ARM64Vendor, Family: 0x41, Models: [][2]uint32{{0xd40, 0xd40}}, Features: arm64Crypto | ARM64SHA512 | ARM64SHA3},
	{Name: "Apple M1 and later", Vendor: ARM64Vendor, Family: appleImplementer, Features: arm64Crypto | ARM64SHA512 | ARM64SHA3},
}

// KnownCPUs returns the microarchitectures whose features hashkit records.
func KnownCPUs() []KnownCPU {
	out := make([]KnownCPU, len(knownCPUs))
	copy(out, knownCPUs)
	return out
}

// LookupKnown returns the known microarchitecture of a CPU key.
func LookupKnown(vendor string, family, model uint32) (KnownCPU, bool) {
	for _, k := range knownCPUs {
		if k.Contains(vendor, family, model) {
			return k, true
		}
	}
	return KnownCPU{}, false
}
