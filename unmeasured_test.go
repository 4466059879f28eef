//go:build !purego

package hashkit

import (
	"runtime"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

// The kernels AMD Zen 5 (EPYC 9005: AVX-512 with BW/VL/VBMI, BMI2, SHA-NI)
// and Zen 3 (EPYC 7003: AVX2, BMI2, SHA-NI, no AVX-512) ran when their
// choices were last measured. Kernels written on other machines must not
// change them: a change here needs a measurement on that core, named in
// the dispatch table, and this list updated with it.
var (
	zen3Features = cpu.SSE3 | cpu.SSSE3 | cpu.SSE41 | cpu.SSE42 | cpu.POPCNT | cpu.AVX | cpu.AVX2 | cpu.BMI1 | cpu.BMI2 | cpu.SHA
	zen5Features = zen3Features | cpu.AVX512F | cpu.AVX512VL | cpu.AVX512BW | cpu.AVX512DQ | cpu.AVX512VBMI

	unmeasuredCores = []struct {
		name          string
		family, model uint32
		has           cpu.Features
		want          map[string]string
	}{
		{"Zen 5", 0x1a, 0x02, zen5Features, map[string]string{
			"argon2/block": "avx512", "argon2/prefetch": "prefetch", "blake1/block": "avx512",
			"blake2b/block": "bmi2", "blake2b/final": "avx512bw", "blake2s/block": "bmi2", "blake2s/final": "avx512bw",
			"blake3/batch": "avx512", "blake3/single-block": "bmi2", "blake3/one-call": "avx512bw",
			"keccak/single-state": "avx512", "keccak/multi-state": "avx512x8",
			"md5/block": "amd64", "ripemd160/block": "amd64", "scrypt/block": "scalar",
			"sha1/block": "shani", "sha1/one-call": "onecall", "sha256/block": "shani", "sha256/one-call": "onecall",
			"sha512/block": "avx512", "keccak/few-lanes": cpu.Generic, "blake3/few-lanes": cpu.Generic, "sha256many/batch": "avx512", "blake3many/batch": "avx512",
			"blake3many/few-lanes": cpu.Generic,
		}},
		{"Zen 3", 0x19, 0x01, zen3Features, map[string]string{
			"argon2/block": "avx2", "argon2/prefetch": "prefetch", "blake1/block": "sse41",
			"blake2b/block": "bmi2", "blake2b/final": cpu.Generic, "blake2s/block": "bmi2", "blake2s/final": cpu.Generic,
			"blake3/batch": "avx2", "blake3/single-block": "bmi2", "blake3/one-call": cpu.Generic,
			"keccak/single-state": "bmi2", "keccak/multi-state": "avx2x4",
			"md5/block": "amd64", "ripemd160/block": "amd64", "scrypt/block": "scalar",
			"sha1/block": "shani", "sha1/one-call": cpu.Generic, "sha256/block": "shani", "sha256/one-call": cpu.Generic,
			"sha512/block": "avx2", "keccak/few-lanes": cpu.Generic, "blake3/few-lanes": cpu.Generic, "sha256many/batch": "shani", "blake3many/batch": cpu.Generic,
			"blake3many/few-lanes": cpu.Generic,
		}},
	}
)

// TestUnmeasuredCoresUnchanged computes, from the registry and the dispatch
// table, the kernel each role would run on Zen 5 and Zen 3 and compares it
// with the list above.
func TestUnmeasuredCoresUnchanged(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("the amd64 kernels are not registered on", runtime.GOARCH)
	}
	for _, c := range unmeasuredCores {
		missing := map[string]bool{}
		for _, k := range cpu.Kernels() {
			if key := k.Pkg + "/" + string(k.Role); !k.Legacy && c.want[key] == "" && !missing[key] {
				missing[key] = true
				t.Errorf("%s: no choice recorded for %s: a new role runs there in registration order unless the dispatch table lists it; record what it runs", c.name, key)
			}
		}
		for key, want := range c.want {
			pkg, role, _ := strings.Cut(key, "/")
			if got := cpu.ChoiceFor(pkg, cpu.Role(role), "AuthenticAMD", c.family, c.model, c.has); got != want {
				t.Errorf("%s: %s would run %s instead of %s: change a choice there only with a measurement on that core", c.name, key, got, want)
			}
		}
	}
}
