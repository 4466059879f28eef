package cpu

import (
	"maps"
	"runtime"
	"slices"
	"strings"
)

// Which kernel wins a role depends on the core, not only on its features:
// Zen 5 runs vector integer instructions at two cycles' latency and scalar
// ones at one, so a latency-bound single message can prefer scalar code
// there and SIMD code on a core with one-cycle vector latency. The table
// below holds every per-microarchitecture choice in one place. Each entry
// names the measurement that set it, or, for a core nobody measured, the
// llvm-mca model whose estimates did ("not measured: estimate, llvm-mca
// MODEL"; scripts/mca); an order lists kernel names best first per
// "pkg/role" (Generic for the portable code), and the kernels an order
// does not name follow in registration order. A CPU the table does not
// know gets registration order, but for the roles where the estimates of
// every model with its features agree on another kernel (defaultProfile).
//
// An amd64 CPU is known by its CPUID vendor string, display family and
// display model. arm64 cores with the same features differ too (by
// llvm-mca's models, one single-state Keccak kernel ranks ahead of another
// on Neoverse N1 and V1 and behind it on N2), but arm64 has no CPUID:
// there the key is the Main ID Register (MIDR_EL1) with vendor
// ARM64Vendor, the implementer code as family and the part number as
// model, so that an entry without models covers every core of one
// implementer as a family-wide amd64 entry covers every model, and no key
// of one architecture can match the other's. Variant and revision are left
// out: they mark steppings of one design, not another core. User code can
// read MIDR_EL1 only where Linux emulates the read (HWCAP_CPUID); darwin
// runs only on Apple's cores, which get one entry by implementer; on other
// systems an arm64 core is unknown to the table.
//
// MIDR_EL1 is read once, during package initialisation, on whichever core
// runs it. On a system of mixed cores (big.LITTLE, DynamIQ) the choice is
// then that core's, and goroutines on the other cores run the same
// kernels. That costs speed at most, never correctness: the features a
// kernel needs are checked separately, and Linux reports only those all
// cores share.

type profile struct {
	name   string
	vendor string   // CPUID leaf 0, or ARM64Vendor
	family uint32   // display family (base + extended); on arm64 the MIDR implementer
	models []uint32 // display models, or MIDR part numbers; nil means every model of the family
	why    string   // the evidence for the order: "measured: ...", "not measured: estimate, llvm-mca MODEL ..." or "not measured: ..."
	order  map[string][]string
}

// ARM64Vendor is the vendor of every arm64 key of the dispatch table.
const ARM64Vendor = "arm64"

// goarch is the architecture whose kernels p's order names.
func (p profile) goarch() string {
	if p.vendor == ARM64Vendor {
		return "arm64"
	}
	return "amd64"
}

// appleImplementer is the MIDR_EL1 implementer code of Apple's cores.
const appleImplementer = 0x61

// identifyARM64 returns the dispatch table's key for an arm64 core running
// goos whose MIDR_EL1 reads midr (0 where it cannot be read). darwin and
// ios run only on Apple's cores but do not let user code read the
// register, so there the key is Apple's implementer with part 0; elsewhere
// an unreadable register leaves the core unknown.
func identifyARM64(goos string, midr uint64) (vendor string, family, model uint32) {
	switch {
	case midr != 0:
		return decodeMIDR(midr)
	case goos == "darwin" || goos == "ios":
		return ARM64Vendor, appleImplementer, 0
	}
	return "", 0, 0
}

// decodeMIDR returns the dispatch table's key for an arm64 core with Main
// ID Register midr (Arm Architecture Reference Manual, MIDR_EL1:
// implementer in bits 31:24, part number in bits 15:4).
func decodeMIDR(midr uint64) (vendor string, family, model uint32) {
	return ARM64Vendor, uint32(midr>>24) & 0xff, uint32(midr>>4) & 0xfff
}

// zen1 is the order of every role as the amd64 packages registered it
// when the table was made, which Zen 5 was measured with first, where it
// differs from the packages' declarations since; Generic ends a list where
// a later kernel must not take over on a core without the listed ones.
// Zen and Zen+ (no measurement, no estimate) keep these kernels, which
// TestUnmeasuredCoresUnchanged pins.
var zen1 = map[string][]string{
	"argon2/block":        {"avx512", "avx2"},
	"blake2b/block":       {"bmi2"},
	"blake2b/final":       {"avx512bw", Generic},
	"blake2s/block":       {"bmi2"},
	"blake2s/final":       {"avx512bw", Generic},
	"blake3/single-block": {"bmi2"},
	"blake3/one-call":     {"avx512bw", Generic},
	"sha1/one-call":       {"onecall", Generic},
	"sha256/one-call":     {"onecall", Generic},
	"sha512/block":        {"avx512", "avx2"},
	// The AVX2 and SSE4.1 batch kernels and the few-lanes kernels came
	// later: Generic keeps Zen 2 and Zen 3 on the loop they were measured
	// with.
	"blake3/many":           {"manyavx512", Generic},
	"keccak/few-lanes":      {Generic},
	"blake3/few-lanes":      {Generic},
	"blake3/many-few-lanes": {Generic},
}

// zen5 is zen1 with the choices TestPairedRoles changed on Zen 5: the
// kernels for a few lanes (Keccak's four-state AVX-512VL kernel, BLAKE3's
// eight-lane YMM ones) beat the full-width kernels with lanes left empty,
// and SHA-256's short messages finish sooner with their tail put together
// in general registers than with masked loads (SHA-1's do not). Every
// other role kept its kernel there. Past the caches, Zen 5's ordinary
// stores copy as fast as non-temporal ones but overlap the hashing where
// those do not: a Bao encoding of 1 GiB is written faster by moving the
// leaves to their place with the next subtree's place prefetched
// (bench/TestBaoCPUTimeRatios).
var zen5 = func() map[string][]string {
	m := maps.Clone(zen1)
	m["blake3/stream"] = []string{"prefetch"}
	m["keccak/few-lanes"] = []string{"avx512vlx4"}
	m["blake3/few-lanes"] = []string{"avx512vl8"}
	m["blake3/many-few-lanes"] = []string{"manyavx512vl8"}
	m["sha256/one-call"] = []string{"onecallsse", "onecall"}
	return m
}()

// zen4 is what TestPairedRoles (thread CPU time, 60 shuffled rounds, with
// the AVX-512 kernels and again with them off by HASHKIT_DISABLE) measured
// on a 2-core EPYC of family 0x19 model 0x11 (Genoa). Zen 4 runs vector
// integer instructions at one cycle's latency, so the rows of BLAKE2 and
// BLAKE3 in vector registers beat the scalar BMI2 kernels that Zen 5
// prefers, as on the Intel cores; for BLAKE2b the YMM rows beat the ZMM
// ones, whose 512-bit operations Zen 4 splits in two. Salsa20/8 runs
// faster on vector rows here too, and SHA-512 on the YMM-schedule kernels.
// The other roles run in the packages' declared order, which Zen 4's
// measurements confirmed (TestUnmeasuredCoresUnchanged pins them until a
// measurement on this core changes them).
var zen4 = map[string][]string{
	"blake2b/block": {"avx2", "avx512vl", "bmi2"},
	"blake2b/final": {"avx2last", "avx512vlbw", "avx512bw"},
	"scrypt/block":  {"sse2", "avx512", "scalar"},
	"sha512/block":  {"avx512ymm", "avx512", "avx2ymm", "avx2"},
}

// zen3 and zen2 rest on llvm-mca's estimates (scripts/mca -amd64; its
// output, and the check of the models against the cores we measured, are
// in testdata/mca-amd64*): an order differs from zen1's only where the
// estimate's margin is larger than the error measured on Zen 4 for that
// pair of kernels, or where a measurement on the core itself decides. For
// the kernels Zen 3 runs, znver3 and znver4 give nearly the same cycles,
// and Zen 4 measured its AVX2 tier (the AVX-512 kernels off), so Zen 3
// takes that tier of zen4: BLAKE2's vector rows (the scalar BMI2 kernels
// measured behind x/crypto on Zen 3), BLAKE3's rows, SHA-512's YMM
// schedule, Salsa20/8 on SSE2 and the AVX2 batch for BLAKE3's SumMany. The
// final-block and one-call kernels, which the script does not estimate,
// follow their block kernels as on Zen 4's AVX2 tier, where each beat the
// portable finish. Argon2 stays on avx2: it is memory-bound, and the model
// sees no memory.
var zen3 = func() map[string][]string {
	m := maps.Clone(zen4)
	m["argon2/block"] = zen1["argon2/block"]
	return m
}()

// zen2 is zen3 where znver2's margins clear the error: BLAKE2b's and
// BLAKE3's rows, their final and one-call forms and the SSE4.1 finish of
// short SHA messages as on Zen 3, and SumMany on the avx2 batch kernel that
// blake3/batch already runs here. It keeps zen1's kernels for BLAKE2s and
// Salsa20/8, whose estimated margins are inside the error, and for SHA-512,
// whose YMM schedule znver2 cannot time either.
var zen2 = func() map[string][]string {
	m := maps.Clone(zen3)
	for _, key := range []string{"blake2s/block", "blake2s/final", "scrypt/block", "sha512/block"} {
		if order, ok := zen1[key]; ok {
			m[key] = order
		} else {
			delete(m, key)
		}
	}
	return m
}()

// modelsOf lists the display models (MIDR part numbers on arm64) of the
// known microarchitecture called name, so that a table entry and `hashkit
// kernels --cpu` read one list of a core's models (knownCPUs, with its
// sources).
func modelsOf(name string) []uint32 {
	for _, k := range knownCPUs {
		if k.Name == name {
			var out []uint32
			for _, r := range k.Models {
				for m := r[0]; m <= r[1]; m++ {
					out = append(out, m)
				}
			}
			return out
		}
	}
	panic("cpu: no known CPU named " + name)
}

// intelEstimate is the entry of an Intel core, the known CPU called known,
// that takes Emerald Rapids' measured order because llvm-mca's model of it
// (mca) orders the kernels as those measurements (with the condition
// tier, such as " without AVX-512") do.
func intelEstimate(name, known, mca, tier string) profile {
	return profile{
		name: name, vendor: "GenuineIntel", family: 6, models: modelsOf(known),
		why:   "not measured: estimate, llvm-mca " + mca + " (scripts/mca -amd64), which orders the kernels as Emerald Rapids' measurements" + tier + " do",
		order: intelEmeraldRapids,
	}
}

// intelFourALU is the entry of an Intel core with four ALU ports (Skylake
// and Sunny Cove): Emerald Rapids' order but for SHA-512 and, without SHA
// extensions, SHA-256, whose lean rounds (two ALU operations a round
// fewer, the chain from e to e one longer) its model puts ahead. There the rounds and the vector schedule share the four
// ports at about eight cycles a round, well above either chain; Emerald
// Rapids' Raptor Cove, with five, runs at the chain's length, where the
// model of its design (sapphirerapids) puts the lean rounds far behind.
func intelFourALU(name, known, mca string) profile {
	p := intelEstimate(name, known, mca, "")
	p.why = "not measured: estimate, llvm-mca " + mca + " (scripts/mca -amd64), which orders the kernels as Emerald Rapids' measurements do but puts the lean SHA-2 rounds ahead"
	p.order = maps.Clone(intelEmeraldRapids)
	p.order["sha512/block"] = []string{"avx512lean", "avx512", "avx2"}
	// Likewise SHA-256's where there are no SHA extensions (Skylake-SP).
	p.order["sha256/block"] = []string{"shani", "avx2lean", "avx2"}
	return p
}

var profiles = []profile{
	{
		name: "AMD Zen 5", vendor: "AuthenticAMD", family: 0x1a,
		why:   "measured: the kernels' package benchmarks on Zen 5, where every kernel and this order were first measured, and TestPairedRoles (thread CPU time, shuffled rounds) on a 2-core EPYC (family 0x1a model 2)",
		order: zen5,
	},
	{
		// Family 0x17's Zen 2 models as Linux's bsp_init_amd
		// (arch/x86/kernel/cpu/amd.c) sets X86_FEATURE_ZEN2 for them; the
		// rest of the family is Zen and Zen+.
		name: "AMD Zen 2", vendor: "AuthenticAMD", family: 0x17, models: modelsOf("AMD Zen 2"),
		why:   "not measured: estimate, llvm-mca znver2 (scripts/mca -amd64), kept where it is inside the model's error measured on Zen 4",
		order: zen2,
	},
	{
		name: "AMD Zen, Zen+", vendor: "AuthenticAMD", family: 0x17,
		why:   "not measured: the order every CPU had before the table, so that kernels registered ahead of it since change nothing here",
		order: zen1,
	},
	{
		// Family 0x19's Zen 4 models as Linux's bsp_init_amd
		// (arch/x86/kernel/cpu/amd.c) sets X86_FEATURE_ZEN4 for them; the
		// rest of the family is Zen 3.
		name: "AMD Zen 4", vendor: "AuthenticAMD", family: 0x19, models: modelsOf("AMD Zen 4"),
		why:   "measured: TestPairedRoles (thread CPU time, shuffled rounds) on a 2-core EPYC (family 0x19 model 0x11), with the AVX-512 kernels and without them",
		order: zen4,
	},
	{
		name: "AMD Zen 3", vendor: "AuthenticAMD", family: 0x19,
		why:   "not measured: estimate, llvm-mca znver3 (scripts/mca -amd64), which agrees with Zen 4's measured AVX2 tier beyond the model's error measured there",
		order: zen3,
	},
	{
		name: "Intel Emerald Rapids", vendor: "GenuineIntel", family: 6, models: modelsOf("Intel Emerald Rapids"),
		why:   "measured: paired in-process runs of every kernel of each role, alternated by Select, on an Intel Xeon (family 6 model 207), and TestPairedRoles (thread CPU time, shuffled rounds) on a 2-core one, with the AVX-512 kernels and without them",
		order: intelEmeraldRapids,
	},
	{
		// Model 167 is Rocket Lake on bare metal; the KVM guest that reported
		// it had a Redwood Cove core (64 KiB L1i, 2 MiB L2, AMX, AVX512-FP16).
		name: "Intel family 6 model 167", vendor: "GenuineIntel", family: 6, models: []uint32{0xa7},
		why:   "measured: TestPairedRoles (thread CPU time, shuffled rounds) on a KVM Xeon reporting family 6 model 167: registration order won every role but scrypt's",
		order: intelModel167,
	},
	// Intel cores by estimate: family 6 models as Linux's
	// arch/x86/include/asm/intel-family.h names them (INTEL_SKYLAKE_X, whose
	// steppings include Cascade Lake and Cooper Lake; INTEL_ICELAKE_X,
	// _D; INTEL_ICELAKE, _L; INTEL_TIGERLAKE_L, INTEL_TIGERLAKE;
	// INTEL_SAPPHIRERAPIDS_X; INTEL_ALDERLAKE, _L; INTEL_RAPTORLAKE, _P,
	// _S). Each takes Emerald Rapids' measured order: the core's llvm-mca
	// model ranks every role's kernels as that measurement does, or puts
	// them within its error measured there (SHA-512's avx512 and
	// avx512ymm, Salsa20/8's scalar and sse2 on the AVX2-only cores), but
	// for the lean SHA-512 rounds of the cores with four ALU ports
	// (intelFourALU); the one-call roles, which it does not estimate,
	// follow Emerald Rapids too. Alder
	// and Raptor Lake (AVX2 only) have Golden and Raptor Cove P-cores,
	// Emerald Rapids' design with its AVX-512 kernels off; their E-cores,
	// where goroutines also run, are in no model.
	intelFourALU("Intel Skylake-SP, Cascade Lake", "Intel Skylake-SP, Cascade Lake", "skylake-avx512"),
	intelFourALU("Intel Ice Lake server", "Intel Ice Lake (server)", "icelake-server"),
	intelFourALU("Intel Ice Lake client", "Intel Ice Lake (client)", "icelake-client"),
	intelFourALU("Intel Tiger Lake", "Intel Tiger Lake", "tigerlake"),
	intelEstimate("Intel Sapphire Rapids", "Intel Sapphire Rapids", "sapphirerapids", ""),
	intelEstimate("Intel Alder Lake, Raptor Lake", "Intel Alder Lake, Raptor Lake", "alderlake", " without AVX-512"),
	{
		name: "Arm Neoverse N1", vendor: ARM64Vendor, family: 0x41, models: modelsOf("Arm Neoverse N1"),
		why:   "not measured: estimate, llvm-mca neoverse-n1 (scripts/mca), no arm64 hardware",
		order: neoverseN1,
	},
	{
		name: "Arm Neoverse V1", vendor: ARM64Vendor, family: 0x41, models: modelsOf("Arm Neoverse V1"),
		why:   "not measured: estimate, llvm-mca neoverse-v1 (scripts/mca), no arm64 hardware",
		order: neoverseV1,
	},
	{
		name: "Apple", vendor: ARM64Vendor, family: appleImplementer,
		why:   "not measured: estimate, llvm-mca apple-m1 (scripts/mca), no Apple hardware",
		order: apple,
	},
}

// neoverseV1 and neoverseN1 keep the arm64 kernels in the order they were
// registered when the entries were made, which scripts/mca's estimates for
// these cores agree with (BLAKE3's six lanes ahead of four, Argon2's XAR
// rotations ahead of plain NEON, Keccak's three states ahead of two,
// BLAKE2b's XAR rows ahead of the portable code), except for one Keccak
// state: moving two of χ's rows to vector registers pays on these cores,
// whose register-file moves are cheap, and costs on the Neoverse N2, which
// keeps the integer-only kernel by registration order. Listing every role
// keeps these cores on them when kernels without an estimate are
// registered ahead. Each list names only kernels the core's features
// allow, so its first name is the one the core runs (TestARM64Entries in
// the module root checks this): the N1 has neither the SHA3 nor the SHA512
// instructions, and its sha512/block, keccak/multi-state and blake2b/block
// follow registration order.
var neoverseV1 = map[string][]string{
	"argon2/block":        {"sha3", "neon"},
	"blake2b/block":       {"sha3"},
	"blake3/batch":        {"neon6", "neon"},
	"blake3/many":         {"manyneon"},
	"keccak/single-state": {"arm64vec", "arm64"},
	"keccak/multi-state":  {"neonx3", "neonx2"},
	"sha1/block":          {"sha1"},
	"sha256/block":        {"sha2"},
	"sha256/one-call":     {"onecall"},
	"sha512/block":        {"sha512"},
}

// apple departs from registration order only where a kernel's estimate
// falls behind the standard library's on darwin, where crypto/sha3 runs
// its SHA3-instruction kernel: LLVM's Apple model prices scalar operations
// at two cycles, which puts Keccak's scalar single-state kernels and the
// three-state kernel, a third of it scalar, behind crypto/sha3, and the
// SHA3-instruction kernels level with it or ahead. That model's scalar
// costs are the reason no other role follows it.
var apple = map[string][]string{
	"keccak/single-state": {"sha3", "arm64vec", "arm64"},
	"keccak/multi-state":  {"neonx2", "neonx3"},
}

var neoverseN1 = map[string][]string{
	"argon2/block":        {"neon"},
	"blake3/batch":        {"neon6", "neon"},
	"blake3/many":         {"manyneon"},
	"keccak/single-state": {"arm64vec", "arm64"},
	"sha1/block":          {"sha1"},
	"sha256/block":        {"sha2"},
	"sha256/one-call":     {"onecall"},
}

// intelEmeraldRapids lists the roles where the paired runs found another
// order than the packages' declarations; in the others they confirmed it
// (for BLAKE2's and BLAKE3's rows in vector registers, which lead those
// declarations, also bench/TestBLAKE2CPUTime against x/crypto and blake3's
// BenchmarkPreferRows, thread CPU time, with and without the AVX-512
// kernels).
var intelEmeraldRapids = map[string][]string{
	// With one-cycle vector latency the VPROLD rotations of the avx512
	// kernel shorten Salsa20/8's chain below the scalar kernel's.
	"scrypt/block": {"avx512", "scalar", "sse2"},
	// Likewise BLAKE3's G chain on rows in XMM registers, for the one-call
	// finish too.
	"blake3/one-call": {"avx512bwrows", "avx512bw"},
	// The unrolled kernels beat the YMM schedule's loop of sixteen rounds
	// in TestPairedRoles, with the AVX-512 kernels and without them, as on
	// the model 167 entry's core.
	"sha512/block": {"avx512", "avx2"},
	// Short messages finish sooner with their tail put together in general
	// registers than with masked loads (TestPairedRoles), as on Zen 5.
	"sha256/one-call": {"onecallsse", "onecall"},
	// The few-lanes kernels follow registration order, which TestPairedRoles
	// confirmed: with a few lanes the narrower registers win here too.
}

// intelModel167 departs from registration order where TestPairedRoles found
// another kernel faster: scrypt's and SHA-512's, as on Emerald Rapids (for
// SHA-512 also with the AVX-512 kernels off, by HASHKIT_DISABLE).
var intelModel167 = map[string][]string{
	"scrypt/block": intelEmeraldRapids["scrypt/block"],
	"sha512/block": intelEmeraldRapids["sha512/block"],
}

// defaultProfile is for CPUs the table does not list: registration order,
// but for the one role where the estimates of every AVX-512 model agree on
// another kernel by a wide margin (Salsa20/8 on AVX-512 rows, ahead of the
// scalar kernel on every Intel model; znver4 puts them level, and Zen 4
// measured scalar behind). On an AVX2-only CPU that list leaves
// registration order, which the AVX2 models' estimates do not contradict
// beyond their error.
var defaultProfile = profile{name: "unknown CPU",
	why:   "default: registration order, and scrypt's avx512 kernel first (llvm-mca estimates, scripts/mca -amd64)",
	order: map[string][]string{"scrypt/block": intelEmeraldRapids["scrypt/block"]},
}

// lookupProfile returns the table's entry for the CPU, or defaultProfile.
func lookupProfile(vendor string, family, model uint32) profile {
	for _, p := range profiles {
		if p.vendor == vendor && p.family == family && (p.models == nil || slices.Contains(p.models, model)) {
			return p
		}
	}
	return defaultProfile
}

var cpuVendor, cpuFamily, cpuModel = identify()

// thisCPU is this CPU's entry in the table.
var thisCPU = lookupProfile(cpuVendor, cpuFamily, cpuModel)

// Microarchitecture describes this CPU as the dispatch table sees it: the
// CPUID vendor, family and model (on arm64 ARM64Vendor, the MIDR
// implementer and part number; "", 0, 0 where the CPU cannot be
// identified), the table entry's name, and the measurement behind it.
func Microarchitecture() (vendor string, family, model uint32, entry, why string) {
	return cpuVendor, cpuFamily, cpuModel, thisCPU.name, thisCPU.why
}

// TableErrors returns, for each name in the dispatch table's entries for
// this GOARCH (and in the default order for unknown CPUs, which is an amd64
// one) that no registered kernel of its package and role has, a line
// saying so; tests call it once every package has registered. Entries for
// other architectures are not checked: their kernels are not compiled in.
func TableErrors() []string {
	mu.Lock()
	defer mu.Unlock()
	var errs []string
	for _, p := range append(profiles, defaultProfile) {
		if p.goarch() != runtime.GOARCH {
			continue
		}
		for key, names := range p.order {
			pkg, r, _ := strings.Cut(key, "/")
			ks := role(pkg, Role(r))
			for _, n := range names {
				if n != Generic && !slices.ContainsFunc(ks, func(im *implementation) bool { return im.Name == n }) {
					errs = append(errs, p.name+": "+key+" names "+n+", which is not registered for that role")
				}
			}
		}
	}
	slices.Sort(errs)
	return errs
}

// Entry is one entry of the dispatch table, for tests that check every
// entry of an architecture.
type Entry struct {
	Name, Vendor string
	Family       uint32
	Models       []uint32            // nil: every model of the family
	Order        map[string][]string // "pkg/role" -> kernel names, best first
}

// Entries returns a copy of the dispatch table's entries whose kernels are
// goarch's.
func Entries(goarch string) []Entry {
	var out []Entry
	for _, p := range profiles {
		if p.goarch() != goarch {
			continue
		}
		order := make(map[string][]string, len(p.order))
		for k, names := range p.order {
			order[k] = slices.Clone(names)
		}
		out = append(out, Entry{Name: p.name, Vendor: p.vendor, Family: p.family, Models: slices.Clone(p.models), Order: order})
	}
	return out
}

// ChoiceFor returns the kernel of pkg's role r that the table would pick on
// a CPU of the given vendor, family and model with the features has
// (HASHKIT_DISABLE aside), or Generic, so tests can pin the choice on cores
// other than the one they run on. Only kernels compiled for this GOARCH
// are known, so the choice for an arm64 key is meaningful on arm64 only.
func ChoiceFor(pkg string, r Role, vendor string, family, model uint32, has Features) string {
	mu.Lock()
	defer mu.Unlock()
	im := chooseIn(lookupProfile(vendor, family, model), pkg, r, role(pkg, r),
		func(im *implementation) bool { return im.Needs&^has == 0 })
	if im == nil {
		return Generic
	}
	return im.Name
}
