package keccak

import (
	"github.com/hashkit/hashkit/internal/batch"
)

// Leaves hashes many equal-length leaves at once, the inner loop of the tree
// modes: the leaves of KangarooTwelve (RFC 9861 section 3.2: TurboSHAKE with
// domain byte 0x0B over each 8192-byte chunk, 32- or 64-byte chaining values)
// and of ParallelHash (NIST SP 800-185 section 6.3: SHAKE128 or SHAKE256 of
// each B-byte block, 32- or 64-byte outputs).
//
// data holds len(data)/leafLen leaves of leafLen bytes each (len(data) must be
// a multiple of leafLen). Each leaf is absorbed by its own sponge of the given
// rate in bytes, number of rounds and domain byte ds (the suffix bits and the
// first padding bit, as in Sponge.Init), and cvLen bytes are squeezed from it
// into dst, leaf i at dst[i*cvLen:(i+1)*cvLen]; dst must have room for all of
// them. The result equals running one Sponge per leaf.
//
// Where the CPU allows, the leaves go through the multi-state kernels (eight
// states at once with AVX-512, four with AVX2; rates 168 and 136, 12 or 24
// rounds, cvLen <= rate), and large inputs (LeavesSpread) are spread over
// up to GOMAXPROCS goroutines, which allocates. Leaves panics on invalid
// arguments; they come from the calling package, never from its users.
func Leaves(dst, data []byte, leafLen, rate, rounds int, ds byte, cvLen int) {
	if leafLen <= 0 || len(data)%leafLen != 0 || rate < 8 || rate > StateSize-8 || rate%8 != 0 ||
		rounds < 1 || rounds > MaxRounds || ds == 0 || cvLen <= 0 || len(dst)/cvLen < len(data)/leafLen {
		panic("hashkit/internal/keccak: invalid Leaves arguments")
	}
	n := len(data) / leafLen
	if w := leafWorkers(len(data), n, rounds); w > 1 {
		leavesParallel(dst, data, n, w, leafLen, rate, rounds, ds, cvLen)
		return
	}
	leavesSerial(dst, data, n, leafLen, rate, rounds, ds, cvLen)
}

// Parallel hashing pays only from some hundreds of microseconds of work (as
// batch.Workers explains): 2 MiB of 12-round leaves with the AVX-512 kernel.
// Tests lower these.
var (
	parallelMinBytes = 2 << 20   // 12-round inputs below this stay on the calling goroutine
	workerMinBytes   = 128 << 10 // the least input given to one goroutine
)

// LeavesSpread reports whether Leaves spreads n leaves of leafLen bytes
// over several goroutines, so that a caller can give it all of them in one
// call rather than in batches.
func LeavesSpread(n, leafLen, rounds int) bool { return leafWorkers(n*leafLen, n, rounds) > 1 }

// leafWorkers returns how many goroutines should share n leaves of total
// bytes: 1 below parallelMinBytes (counted for 12 rounds; a permutation
// costs in proportion to its rounds; in uint64 so that 32-bit platforms do
// not overflow), otherwise as batch.Workers shares them.
func leafWorkers(total, n, rounds int) int {
	if uint64(total)*uint64(rounds) < uint64(parallelMinBytes)*12 {
		return 1
	}
	return batch.Workers(total, n, 0, workerMinBytes)
}

// leavesParallel hashes the n leaves on the calling goroutine and w-1 more,
// in runs of batch.RunBytes, at least workerMinBytes/2 (a multiple of the
// eight-state kernel width).
func leavesParallel(dst, data []byte, n, w, leafLen, rate, rounds int, ds byte, cvLen int) {
	run := max(batch.RunBytes(n*leafLen, w, workerMinBytes/2)/leafLen, 1)
	run = (run + 7) &^ 7
	spread(true, dst, data, n, w, run, leafLen, rate, rounds, ds, cvLen)
}

// spread hashes n inputs of inLen bytes into outLen bytes each, input i's at
// dst[i*outLen:], on the calling goroutine and w-1 more (batch.Split, so
// dst never escapes and a caller's buffer can stay on its stack), in runs
// of run inputs: leaves, or else Many's messages (see serial).
func spread(leaves bool, dst, data []byte, n, w, run, inLen, rate, rounds int, ds byte, outLen int) {
	s := batch.NewSplit(n, run, outLen, w-1)
	for range w - 1 {
		go func() {
			for start, end, ok := s.Next(); ok; start, end, ok = s.Next() {
				b := s.Slot(start, end)
				serial(leaves, b, data[start*inLen:end*inLen], end-start, inLen, rate, rounds, ds, outLen)
				s.Deliver(start, b)
			}
		}()
	}
	for start, end, ok := s.Next(); ok; start, end, ok = s.Next() {
		serial(leaves, dst[start*outLen:end*outLen], data[start*inLen:end*inLen], end-start, inLen, rate, rounds, ds, outLen)
		s.Own(dst)
	}
	s.Wait(dst)
}

// serial hashes n inputs on the calling goroutine: leaves with
// leavesSerial, else Many's messages with manySerial. A flag rather than a
// function value chooses, so that the calls stay direct and dst, which
// neither keeps, does not escape.
func serial(leaves bool, dst, data []byte, n, inLen, rate, rounds int, ds byte, outLen int) {
	if leaves {
		leavesSerial(dst, data, n, inLen, rate, rounds, ds, outLen)
	} else {
		manySerial(dst, data, n, inLen, rate, rounds, ds, outLen)
	}
}

// leavesSerial hashes the n leaves on the calling goroutine: as many as the
// multi-state kernels take, the rest one by one.
func leavesSerial(dst, data []byte, n, leafLen, rate, rounds int, ds byte, cvLen int) {
	done := leavesKernel(dst, data, n, leafLen, rate, rounds, ds, cvLen)
	leavesGeneric(dst[done*cvLen:], data[done*leafLen:], n-done, leafLen, rate, rounds, ds, cvLen)
}

// LeavesAfter is Leaves for the start of a tree whose final node begins with
// a prefix as long as a leaf, as KangarooTwelve's does (S_0, 8192 bytes).
// It absorbs data[:leafLen] into s and hashes the leaves data[leafLen:] into
// dst: the result equals s.Absorb(data[:leafLen]) followed by
// Leaves(dst, data[leafLen:], ...). The eight-state kernel absorbs the
// prefix's whole blocks in one of its states alongside the first seven
// leaves, where the single-state permutation would take as long as those
// eight states together.
//
// s must have the given rate and rounds and be absorbing at a block
// boundary (a fresh or Reset sponge is); LeavesAfter panics otherwise and on
// the arguments Leaves rejects.
func LeavesAfter(s *Sponge, dst, data []byte, leafLen, rate, rounds int, ds byte, cvLen int) {
	if s.squeezing || s.n != 0 || int(s.rate) != rate || int(s.rounds) != rounds || leafLen <= 0 || len(data) < leafLen {
		panic("hashkit/internal/keccak: invalid LeavesAfter arguments")
	}
	n := len(data)/leafLen - 1
	done := 0
	if len(data)%leafLen == 0 && cvLen > 0 && len(dst)/cvLen >= n {
		done = leavesAfterKernel(&s.a, dst, data, n, leafLen, rate, rounds, ds, cvLen)
	}
	if done == 0 {
		s.Absorb(data[:leafLen])
	} else {
		// The kernel absorbed the prefix's whole blocks; its tail remains.
		s.Absorb(data[leafLen-leafLen%rate : leafLen])
	}
	Leaves(dst[done*cvLen:], data[(done+1)*leafLen:], leafLen, rate, rounds, ds, cvLen)
}
