//go:build (amd64 || arm64) && !purego

package keccak

import "github.com/hashkit/hashkit/internal/preempt"

// The Go side of the multi-state kernels, shared by the GOARCHes that have
// them. Each GOARCH's file names its kernels' widths (leavesWidth,
// afterWidth) and calls them (absorbStates).

// The loops below hand a kernel at most preempt.Piece bytes of work a call,
// all lanes counted, and pass a preemption point between two calls.

// leavesKernel hashes as many of the n leaves as the enabled multi-state
// kernel takes and returns how many it hashed (the rest go through
// leavesGeneric). The kernels handle the rates of the 128- and 256-bit
// capacities, 12 or 24 rounds, and outputs of at most one block.
func leavesKernel(dst, data []byte, n, leafLen, rate, rounds int, ds byte, cvLen int) int {
	if (rate != Rate128 && rate != Rate256) || rounds%12 != 0 || cvLen > rate {
		return 0
	}
	width, least := leavesWidth()
	if width == 0 {
		return 0
	}
	full := leafLen / rate
	perCall := max(preempt.Piece/(width*rate), 1)
	rcs := &rc[MaxRounds-rounds]
	var pc preempt.Counter
	var offs, padOffs [MultiMax]uint64
	var s [25 * MultiMax]uint64
	var pad [MultiMax * Rate128]byte
	done := 0
	for n-done >= least {
		// A last group of fewer than width leaves runs with the unused
		// states reading leaf 0 again, on the few-lanes kernel if it
		// takes them all.
		k := min(width, n-done)
		w, few := width, false
		if fw := fewWidth(); k <= fw && fw < width {
			w, few = fw, true
		}
		st := s[:25*w]
		in := data[done*leafLen : (done+k)*leafLen]
		for j := range k {
			offs[j] = uint64(j * leafLen)
			padOffs[j] = uint64(j * rate)
		}
		for j := k; j < w; j++ {
			offs[j], padOffs[j] = 0, 0
		}
		clear(st)
		for b := 0; b < full; {
			m := min(full-b, perCall)
			absorbStates(w, few, st, in[b*rate:], offs[:w], m, rate/8, rcs, rounds/12)
			b += m
			pc.Add(m * w * rate)
		}
		clear(pad[:w*rate])
		padLeaves(pad[:], in, k, leafLen, rate, ds)
		absorbStates(w, few, st, pad[:w*rate], padOffs[:w], 1, rate/8, rcs, rounds/12)
		pc.Add(w * rate)
		squeezeLeaves(dst[done*cvLen:], st, w, k, cvLen)
		done += k
	}
	return done
}

// leavesAfterKernel runs the prefix data[:leafLen] (whole blocks only,
// continuing the state a) in state 0 of a multi-state kernel and up to
// width-1 of the n leaves that follow it in the other states. It returns
// how many leaves it hashed; 0 means it did nothing, not even the prefix.
func leavesAfterKernel(a *[25]uint64, dst, data []byte, n, leafLen, rate, rounds int, ds byte, cvLen int) int {
	width := afterWidth()
	if width == 0 || n < 1 || (rate != Rate128 && rate != Rate256) || rounds%12 != 0 || cvLen > rate || leafLen < rate {
		return 0
	}
	k := min(width-1, n)
	in := data[:(k+1)*leafLen]
	var offs, padOffs [MultiMax]uint64
	for j := 1; j <= k; j++ {
		offs[j] = uint64(j * leafLen)
		padOffs[j] = uint64(j * rate)
	}
	var s [25 * MultiMax]uint64
	st := s[:25*width]
	for i := range a {
		st[width*i] = a[i]
	}
	full := leafLen / rate
	perCall := max(preempt.Piece/(width*rate), 1)
	rcs := &rc[MaxRounds-rounds]
	preempt.Steps(full, perCall, func(b, e int) {
		absorbStates(width, false, st, in[b*rate:], offs[:width], e-b, rate/8, rcs, rounds/12)
	})
	for i := range a {
		a[i] = st[width*i]
	}
	// The leaves' last blocks; state 0 (the prefix) runs along and is dropped.
	var pad [MultiMax * Rate128]byte
	padLeaves(pad[rate:], in[leafLen:], k, leafLen, rate, ds)
	absorbStates(width, false, st, pad[:width*rate], padOffs[:width], 1, rate/8, rcs, rounds/12)
	squeezeLeaves(dst, st[1:], width, k, cvLen)
	return k
}
