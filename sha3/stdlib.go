//go:build (s390x || (darwin && arm64)) && !purego

package sha3

import (
	stdsha3 "crypto/sha3"
	"runtime"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/keccak"
	"github.com/hashkit/hashkit/internal/preempt"
)

// On s390x crypto/sha3 runs SHA3-224/256/384/512 and SHAKE128/256 on CPACF
// (KIMD/KLMD), and on darwin/arm64 on the SHA3 instructions (EOR3, RAX1,
// XAR, BCAX; it uses them on darwin only), where hashkit's single-state
// kernel is integer-only; so those hash objects and one-shots hold
// crypto/sha3's state and call its code. Registered as "sha3/stdlib":
// tests run both paths and HASHKIT_DISABLE=sha3/stdlib returns to
// hashkit's code. The states still marshal in hashkit's format
// (stdstate.go translates), so they move between GOARCHes.
//
// cSHAKE with N or S (and so KMAC, TupleHash, ParallelHash) and legacy
// Keccak stay on hashkit's sponge: crypto/sha3 has no legacy Keccak, runs
// only cSHAKE's absorbing on CPACF, and its cSHAKE state carries N and S
// where hashkit's carries the initial lanes, which cannot be turned back
// into N and S.
//
// stdlibKernel is the role's dispatch variable: 1 for its one kernel, 0
// for hashkit's portable code.
var stdlibKernel cpu.KernelID

func init() {
	needs := cpu.ARM64SHA3 // s390x's crypto/sha3 checks for CPACF itself
	if runtime.GOARCH == "s390x" {
		needs = 0
	}
	cpu.RegisterRole("sha3", cpu.RoleStdlib, &stdlibKernel, cpu.Kernel{Name: "stdlib", ID: 1, Needs: needs})
}

type (
	stdSHA3  = stdsha3.SHA3
	stdSHAKE = stdsha3.SHAKE
)

func newStdSHA3(kind uint8) stdSHA3 {
	switch kind {
	case kindSHA3_224:
		return *stdsha3.New224()
	case kindSHA3_384:
		return *stdsha3.New384()
	case kindSHA3_512:
		return *stdsha3.New512()
	}
	return *stdsha3.New256()
}

func newStdSHAKE(kind uint8) stdSHAKE {
	if kind == kindSHAKE128 {
		return *stdsha3.NewSHAKE128()
	}
	return *stdsha3.NewSHAKE256()
}

// The writes and reads below go to crypto/sha3 in pieces (preempt.Split)
// that are a multiple of the rate: its CPACF code takes any length in one
// instruction, which the runtime cannot interrupt, and on whole blocks its
// Write and Read buffer nothing between two pieces.

func writeStdSHA3(h *stdSHA3, p []byte, rate int) {
	preempt.Split(len(p), rate, func(i, j int) { h.Write(p[i:j]) })
}

func writeStdSHAKE(h *stdSHAKE, p []byte, rate int) {
	preempt.Split(len(p), rate, func(i, j int) { h.Write(p[i:j]) })
}

func readStdSHAKE(h *stdSHAKE, out []byte, rate int) {
	preempt.Split(len(out), rate, func(i, j int) { h.Read(out[i:j]) })
}

// sumStd writes the SHA-3 hash of data with len(out) bytes of output.
func sumStd(out, data []byte) {
	kind := uint8(kindSHA3_256)
	switch len(out) {
	case Size224:
		kind = kindSHA3_224
	case Size384:
		kind = kindSHA3_384
	case Size512:
		kind = kindSHA3_512
	}
	h := newStdSHA3(kind)
	writeStdSHA3(&h, data, keccak.StateSize-2*len(out))
	h.Sum(out[:0])
}

// sumSHAKEStd fills out with SHAKE output of data at the given rate.
func sumSHAKEStd(out, data []byte, rate int) {
	kind := uint8(kindSHAKE256)
	if rate == keccak.Rate128 {
		kind = kindSHAKE128
	}
	h := newStdSHAKE(kind)
	writeStdSHAKE(&h, data, rate)
	readStdSHAKE(&h, out, rate)
}
