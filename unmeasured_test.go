//go:build !purego

package hashkit

import (
	"maps"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

// The kernels AMD Zen 5 (EPYC 9005: AVX-512 with BW/VL/VBMI, BMI2, SHA-NI)
// and Zen 4 (EPYC 9004: the same features) ran when their choices were
// last measured, and those that llvm-mca's estimates chose for cores
// nobody measured (scripts/mca -amd64): Zen 3 and Zen 2 (AVX2, BMI2,
// SHA-NI, no AVX-512), Zen and Zen+ (the same features, and the order the
// table started from), Intel Skylake-SP (AVX-512 F/VL/BW/DQ, no SHA-NI),
// Ice Lake server (also SHA-NI and VBMI) and Alder Lake (AVX2, SHA-NI), and
// unknown CPUs with and without AVX-512. Kernels written on other machines
// must not change them: a change here needs a measurement on that core,
// or an estimate checked against the measured cores, named in the dispatch
// table, and this list updated with it.
var (
	zen3Features = cpu.SSE3 | cpu.SSSE3 | cpu.SSE41 | cpu.SSE42 | cpu.POPCNT | cpu.AVX | cpu.AVX2 | cpu.BMI1 | cpu.BMI2 | cpu.SHA
	zen5Features = zen3Features | cpu.AVX512F | cpu.AVX512VL | cpu.AVX512BW | cpu.AVX512DQ | cpu.AVX512VBMI
	zen4Features = zen5Features
	zen2Features = zen3Features
	skxFeatures  = zen3Features&^cpu.SHA | cpu.AVX512F | cpu.AVX512VL | cpu.AVX512BW | cpu.AVX512DQ
	icxFeatures  = zen5Features
	adlFeatures  = zen3Features

	unmeasuredCores = []struct {
		name          string
		vendor        string
		family, model uint32
		has           cpu.Features
		want          map[string]string
	}{
		{"Zen 5", "AuthenticAMD", 0x1a, 0x02, zen5Features, with(icxWant,
			"blake2b/block", "bmi2", "blake2b/final", "avx512bw", "blake2s/block", "bmi2", "blake2s/final", "avx512bw",
			"blake3/single-block", "bmi2", "blake3/one-call", "avx512bw", "blake3/stream", "prefetch", "scrypt/block", "scalar")},
		{"Zen 4", "AuthenticAMD", 0x19, 0x11, zen4Features, with(icxWant,
			"blake2b/block", "avx2", "blake2b/final", "avx2last", "scrypt/block", "sse2",
			"sha256/one-call", "onecall", "sha512/block", "avx512ymm")},
		{"Zen 3", "AuthenticAMD", 0x19, 0x01, zen3Features, zen3Want},
		{"Zen, Zen+", "AuthenticAMD", 0x17, 0x01, zen2Features, with(zen3Want,
			"blake2b/block", "bmi2", "blake2b/final", cpu.Generic, "blake2s/block", "bmi2", "blake2s/final", cpu.Generic,
			"blake3/single-block", "bmi2", "blake3/one-call", cpu.Generic, "blake3/many", cpu.Generic, "scrypt/block", "scalar",
			"sha1/one-call", cpu.Generic, "sha256/one-call", cpu.Generic, "sha512/block", "avx2")},
		{"Zen 2", "AuthenticAMD", 0x17, 0x31, zen2Features, with(zen3Want,
			"blake2s/block", "bmi2", "blake2s/final", cpu.Generic, "scrypt/block", "scalar", "sha512/block", "avx2")},
		{"Intel Skylake-SP", "GenuineIntel", 6, 0x55, skxFeatures, with(icxWant,
			"sha1/block", "ssse3", "sha1/one-call", cpu.Generic, "sha256/block", "avx2lean", "sha256/one-call", cpu.Generic,
			"sha512/block", "avx512lean")},
		{"Intel Ice Lake server", "GenuineIntel", 6, 0x6a, icxFeatures, with(icxWant, "sha512/block", "avx512lean")},
		{"Intel Alder Lake", "GenuineIntel", 6, 0x97, adlFeatures, with(zen3Want,
			"argon2/block", "avx2x3", "scrypt/block", "scalar", "sha512/block", "avx2")},
		// Unknown CPUs: registration order but for scrypt's avx512 kernel
		// (Granite Rapids' model 0xad and Skylake's 0x5e are not in the table).
		{"unknown AVX-512 CPU", "GenuineIntel", 6, 0xad, icxFeatures, with(icxWant, "sha256/one-call", "onecall")},
		{"unknown AVX2 CPU", "GenuineIntel", 6, 0x5e, zen3Features &^ cpu.SHA, with(zen3Want,
			"argon2/block", "avx2x3", "scrypt/block", "scalar", "sha512/block", "avx2ymm",
			"sha1/block", "ssse3", "sha1/one-call", cpu.Generic, "sha256/block", "avx2", "sha256/one-call", cpu.Generic, "sha256/many", "manyavx2")},
	}
)

// zen3Want and icxWant are the choices of each role on Zen 3 (AVX2 with
// SHA-NI) and on a core with Ice Lake server's features (AVX-512 with
// SHA-NI) in Emerald Rapids' order, which Ice Lake's entry follows but for
// SHA-512: role, Zen 3's kernel, that core's kernel.
var zen3Want, icxWant = tiers(
	"argon2/block", "avx2", "avx512",
	"argon2/prefetch", "prefetch", "prefetch",
	"blake1/block", "sse41", "avx512",
	"blake2b/block", "avx2", "avx512vl",
	"blake2b/final", "avx2last", "avx512vlbw",
	"blake2s/block", "sse41", "avx512vl",
	"blake2s/final", "sse41last", "avx512vlbw",
	"blake3/batch", "avx2", "avx512",
	"blake3/stream", "ntavx2", "ntavx512",
	"blake3/single-block", "avxrows", "avx512rows",
	"blake3/one-call", "avxrowssum", "avx512bwrows",
	"keccak/single-state", "bmi2", "avx512",
	"keccak/multi-state", "avx2x4", "avx512x8",
	"md5/block", "amd64", "amd64",
	"ripemd160/block", "amd64", "amd64",
	"scrypt/block", "sse2", "avx512",
	"sha1/block", "shani", "shani",
	"sha1/one-call", "onecallsse", "onecall",
	"sha256/block", "shani", "shani",
	"sha256/one-call", "onecallsse", "onecallsse",
	"sha512/block", "avx2ymm", "avx512",
	"keccak/few-lanes", cpu.Generic, "avx512vlx4",
	"blake3/few-lanes", cpu.Generic, "avx512vl8",
	"sha256/many", "manyshani", "manyavx512",
	"blake3/many", "manyavx2", "manyavx512",
	"blake3/many-few-lanes", cpu.Generic, "manyavx512vl8",
)

// tiers splits rows of a role and two kernels into the two choice maps.
func tiers(rows ...string) (a, b map[string]string) {
	if len(rows)%3 != 0 {
		panic("tiers: rows come in threes")
	}
	a, b = map[string]string{}, map[string]string{}
	for i := 0; i+2 < len(rows); i += 3 {
		a[rows[i]], b[rows[i]] = rows[i+1], rows[i+2]
	}
	return a, b
}

// with returns a copy of want with the roles and kernels of kv, in pairs,
// changed.
func with(want map[string]string, kv ...string) map[string]string {
	m := maps.Clone(want)
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return m
}

// TestUnmeasuredCoresUnchanged computes, from the registry and the dispatch
// table, the kernel each role would run on each core above and compares it
// with the list.
func TestUnmeasuredCoresUnchanged(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("the amd64 kernels are not registered on", runtime.GOARCH)
	}
	for _, c := range unmeasuredCores {
		missing := map[string]bool{}
		for _, k := range cpu.Kernels() {
			if key := k.Pkg + "/" + string(k.Role); c.want[key] == "" && !missing[key] {
				missing[key] = true
				t.Errorf("%s: no choice recorded for %s: a new role runs there in registration order unless the dispatch table lists it; record what it runs", c.name, key)
			}
		}
		for key, want := range c.want {
			pkg, role, _ := strings.Cut(key, "/")
			if got := cpu.ChoiceFor(pkg, cpu.Role(role), c.vendor, c.family, c.model, c.has); got != want {
				t.Errorf("%s: %s would run %s instead of %s: change a choice there only with a measurement on that core or a checked estimate", c.name, key, got, want)
			}
		}
	}
}

// arm64Cores are the features of the cores the dispatch table has arm64
// entries for, as far as cpu.Features goes (it has no bits for AES, CRC32,
// atomics or SVE): Neoverse N1 (Armv8.2: ASIMD, AES, SHA1, SHA2, CRC32,
// atomics; neither SHA3 nor SHA512), Neoverse V1 (Armv8.4: also SHA3,
// SHA512 and SVE) and Apple's cores under darwin (M1 and later: SHA3 and
// SHA512 too).
var arm64Cores = map[string]cpu.Features{
	"Arm Neoverse N1": cpu.ASIMD | cpu.ARM64SHA1 | cpu.ARM64SHA2,
	"Arm Neoverse V1": cpu.ASIMD | cpu.ARM64SHA1 | cpu.ARM64SHA2 | cpu.ARM64SHA512 | cpu.ARM64SHA3,
	"Apple":           cpu.ASIMD | cpu.ARM64SHA1 | cpu.ARM64SHA2 | cpu.ARM64SHA512 | cpu.ARM64SHA3,
}

// TestARM64Entries checks that on each core of the dispatch table's arm64
// entries every role an entry lists would run the first kernel it lists:
// those entries name only kernels the core can run, so a name that is not
// registered, or whose features the core lacks, fails here instead of
// passing the role on to the next name. On a core the table knows (qemu's
// neoverse-n1 in scripts/matrix) it also checks that the recorded features
// are the core's and that the listed kernels are the ones shipped.
func TestARM64Entries(t *testing.T) {
	if runtime.GOARCH != "arm64" {
		t.Skip("the arm64 kernels are not registered on", runtime.GOARCH)
	}
	const arm64Features = cpu.ASIMD | cpu.ARM64SHA1 | cpu.ARM64SHA2 | cpu.ARM64SHA512 | cpu.ARM64SHA3
	_, _, _, this, _ := cpu.Microarchitecture()
	for _, e := range cpu.Entries("arm64") {
		has, ok := arm64Cores[e.Name]
		models := e.Models
		if e.Name == "Apple" {
			models = []uint32{0} // darwin's key: no part number; the entry covers every Apple core
		}
		if !ok || len(models) == 0 {
			t.Errorf("%s: record the features of its cores in arm64Cores, and list its part numbers", e.Name)
			continue
		}
		if e.Name == this {
			for f := cpu.Features(1); f <= arm64Features; f <<= 1 {
				if f&arm64Features != 0 && f.Present() != (has&f != 0) {
					t.Errorf("%s: arm64Cores says %s is %v, this core says %v", e.Name, f, has&f != 0, f.Present())
				}
			}
		}
		for key, names := range e.Order {
			if len(names) == 0 {
				t.Errorf("%s: %s lists no kernel", e.Name, key)
				continue
			}
			pkg, role, _ := strings.Cut(key, "/")
			for _, m := range models {
				if got := cpu.ChoiceFor(pkg, cpu.Role(role), e.Vendor, e.Family, m, has); got != names[0] {
					t.Errorf("%s (part %#x): %s would run %s, not %s, the first kernel the entry lists", e.Name, m, key, got, names[0])
				}
			}
			if e.Name == this && os.Getenv("HASHKIT_DISABLE") == "" {
				if got := cpu.Shipped(pkg, cpu.Role(role)); got != names[0] {
					t.Errorf("%s, this core: %s ships %s, not %s", e.Name, key, got, names[0])
				}
			}
		}
	}
}
