package cpu

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Features is a set of CPU features. The x86 ones are named as avo names
// them in the "// Requires:" line it writes above each TEXT of a generated
// .s file, so a kernel's registered features can be compared with what its
// instructions use.
type Features uint64

// The features kernels may need. SSE, SSE2, CMOV and MMX+ are not among
// them: every amd64 CPU has them, so requiring them says nothing.
const (
	SSE3 Features = 1 << iota
	SSSE3
	SSE41
	SSE42
	POPCNT
	AVX
	AVX2
	BMI1
	BMI2
	AVX512F
	AVX512VL
	AVX512BW
	AVX512DQ
	AVX512VBMI
	SHA // SHA-NI

	// arm64 (hand-written kernels, no Requires lines to compare with).
	ASIMD
	ARM64SHA1
	ARM64SHA2
	ARM64SHA512
	ARM64SHA3

	numFeatures = iota
)

// featureNames are avo's names for the x86 features and x/sys/cpu's for
// the arm64 ones, in the order of the constants above.
var featureNames = [numFeatures]string{
	"SSE3", "SSSE3", "SSE4.1", "SSE4.2", "POPCNT", "AVX", "AVX2", "BMI", "BMI2",
	"AVX512F", "AVX512VL", "AVX512BW", "AVX512DQ", "AVX512VBMI", "SHA",
	"ASIMD", "ARM64.SHA1", "ARM64.SHA2", "ARM64.SHA512", "ARM64.SHA3",
}

// baseline lists what avo may require that every amd64 CPU has.
var baseline = []string{"SSE", "SSE2", "CMOV", "MMX", "MMX+"}

// present reports, per feature, whether this CPU (and its operating
// system) supports it, as x/sys/cpu and the SHA-NI check above read it.
var present = [numFeatures]bool{
	X86.HasSSE3, X86.HasSSSE3, X86.HasSSE41, X86.HasSSE42, X86.HasPOPCN, X86.HasAVX, X86.HasAVX2,
	X86.HasBMI1, X86.HasBMI2, X86.HasAVX512F, X86.HasAVX512VL, X86.HasAVX512BW, X86.HasAVX512DQ,
	X86.HasAVX512VBMI, X86.HasSHA,
	ARM64.HasASIMD, ARM64.HasSHA1, ARM64.HasSHA2, ARM64.HasSHA512, ARM64.HasSHA3,
}

// Present reports whether this CPU has every feature of f.
func (f Features) Present() bool {
	for f != 0 {
		i := bits.TrailingZeros64(uint64(f))
		if !present[i] {
			return false
		}
		f &^= 1 << i
	}
	return true
}

// String lists the features of f by name, sorted and comma-separated as in
// avo's Requires lines ("" for none).
func (f Features) String() string {
	var names []string
	for i := range numFeatures {
		if f&(1<<i) != 0 {
			names = append(names, featureNames[i])
		}
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// ParseFeatures reads a comma-separated list of feature names, such as the
// text after "// Requires:", ignoring the baseline amd64 features.
func ParseFeatures(s string) (Features, error) {
	var f Features
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if name == "" || slices.Contains(baseline, name) {
			continue
		}
		found := false
		for i, n := range featureNames {
			if n == name {
				f |= 1 << i
				found = true
			}
		}
		if !found {
			return 0, fmt.Errorf("hashkit/internal/cpu: unknown CPU feature %q", name)
		}
	}
	return f, nil
}
