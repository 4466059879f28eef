package argon2

import (
	"context"
	"encoding/binary"
	"sync"
	"sync/atomic"

	"github.com/hashkit/hashkit/blake2b"
	"github.com/hashkit/hashkit/internal/kdfwork"
	"github.com/hashkit/hashkit/internal/preempt"
)

const (
	blockSize  = 1024 // bytes per block
	blockWords = blockSize / 8
	syncPoints = 4 // slices per pass (RFC 9106 section 3.4)
)

// block is one 1 KiB memory block as 128 little-endian 64-bit words.
type block [blockWords]uint64

// input holds what H0 hashes, plus the variant and version.
type input struct {
	variant                      Variant
	version                      uint32
	time, memory, lanes, keyLen  uint32
	password, salt, secret, data []byte
}

// initialHash returns H0 (RFC 9106 section 3.2, step 1) followed by 8 bytes
// of room for the block and lane indices of step 2.
func initialHash(in *input) [72]byte {
	h, _ := blake2b.New(64, nil)
	var w [4]byte
	put := func(v uint32) {
		binary.LittleEndian.PutUint32(w[:], v)
		h.Write(w[:])
	}
	put(in.lanes)
	put(in.keyLen)
	put(in.memory)
	put(in.time)
	put(in.version)
	put(uint32(in.variant))
	for _, b := range [][]byte{in.password, in.salt, in.secret, in.data} {
		put(uint32(len(b)))
		h.Write(b)
	}
	var h0 [72]byte
	h.Sum(h0[:0])
	return h0
}

// hashLong is the variable-length hash H' of RFC 9106 section 3.3: out =
// H'^len(out)(in). A long output passes a checkpoint of mon (if not nil)
// every 64 KiB, and ends early, unfinished, if it says stop. It returns the
// bytes of out written.
func hashLong(out []byte, mon *kdfwork.Monitor, in ...[]byte) int {
	var t [4]byte
	binary.LittleEndian.PutUint32(t[:], uint32(len(out)))
	if len(out) <= 64 {
		h, _ := blake2b.New(len(out), nil)
		h.Write(t[:])
		for _, b := range in {
			h.Write(b)
		}
		h.Sum(out[:0])
		return len(out)
	}
	// V_1 = H^64(LE32(T) || X); V_{i+1} = H^64(V_i); the output is the
	// first 32 bytes of V_1 ... V_r, then all of V_{r+1} = H^(T-32r)(V_r).
	h, _ := blake2b.New(64, nil)
	h.Write(t[:])
	for _, b := range in {
		h.Write(b)
	}
	var v [64]byte
	h.Sum(v[:0])
	r := (len(out)+31)/32 - 2
	n := len(out)
	copy(out, v[:32])
	out = out[32:]
	for i := 1; i < r; i++ {
		v = blake2b.Sum512(v[:])
		copy(out, v[:32])
		out = out[32:]
		if mon != nil && i%2048 == 0 && mon.Checkpoint(0) {
			clear(v[:])
			return 32 * (i + 1)
		}
	}
	last, _ := blake2b.New(len(out), nil)
	last.Write(v[:])
	last.Sum(out[:0])
	clear(v[:])
	return n
}

// instance is one Argon2 computation.
type instance struct {
	in      *input
	b       []block
	lanes   uint32
	laneLen uint32 // q = m'/p
	segLen  uint32 // q/4
	mBlocks uint32
	mon     kdfwork.Monitor
	pf      *kdfwork.Prefault // during the first pass, or nil
	// reached holds, for each lane, the blocks of the first pass written
	// so far, so that a cancelled derivation wipes those and not the pages
	// beyond, untouched (faulting them in would cost tens of milliseconds
	// per GiB).
	reached []uint32
}

// derive runs Argon2 with mBlocks blocks (already validated) in buf, or in
// a new allocation if buf is nil, on up to threads goroutines.
func derive(ctx context.Context, in *input, mBlocks int, buf []block, threads int, progress func(float64)) ([]byte, error) {
	fresh := buf == nil // memory that may not be faulted in yet
	if fresh {
		mem := kdfwork.Alloc[block](mBlocks)
		defer mem.Release() // after the wipe and the prefault's end, deferred below
		buf, fresh = mem.S, !mem.Resident
	}
	// Every block is written before it is read, so a reused buffer need not
	// be cleared first; it is cleared after, up to the last block written
	// in each lane (clearing untouched pages would only fault them in, which
	// costs tens of milliseconds for a cancelled call on GiB of memory).
	var doneSlices uint32 // slices of the first pass started
	st := &instance{
		in: in, b: buf, lanes: in.lanes,
		laneLen: uint32(mBlocks) / in.lanes, mBlocks: uint32(mBlocks),
		reached: make([]uint32, in.lanes),
	}
	st.mon.Init(ctx, progress, int64(in.time)*int64(mBlocks))
	st.segLen = st.laneLen / syncPoints
	defer func() {
		if doneSlices >= syncPoints {
			kdfwork.Wipe(buf)
			return
		}
		for l := uint32(0); l < in.lanes; l++ {
			base := l * st.laneLen
			kdfwork.Wipe(buf[base : base+max(2, st.reached[l])])
		}
	}()

	// Steps 1 to 3: H0, then the first two blocks of each lane (each about
	// 5 µs: with many lanes, a checkpoint every few dozen).
	h0 := initialHash(in)
	var tmp [blockSize]byte
	for l := uint32(0); l < in.lanes; l++ {
		binary.LittleEndian.PutUint32(h0[68:], l)
		for j := uint32(0); j < 2; j++ {
			binary.LittleEndian.PutUint32(h0[64:], j)
			hashLong(tmp[:], nil, h0[:])
			b := &buf[l*st.laneLen+j]
			for k := range b {
				b[k] = binary.LittleEndian.Uint64(tmp[8*k:])
			}
		}
		if (l+1)%setupCheck == 0 && st.mon.Checkpoint(0) {
			clear(h0[:])
			clear(tmp[:])
			return nil, st.stopped()
		}
	}
	clear(h0[:])

	// Steps 4 to 6: the passes, slice by slice, lanes in parallel.
	if fresh && int(in.lanes) < threads {
		// A thread is idle: it takes the page faults of the first pass.
		st.pf = kdfwork.NewPrefault(len(buf), blockSize)
		for l := uint32(0); l < in.lanes; l++ {
			st.pf.Take(int(l * st.laneLen)) // the two blocks from H0
			st.pf.Take(int(l*st.laneLen + 1))
		}
		st.pf.Start(func(i int) { buf[i][0] = 0 })
		defer st.endPrefault()
	}
	threads = max(1, min(threads, int(in.lanes)))
	for pass := uint32(0); pass < in.time; pass++ {
		if pass == 1 {
			st.endPrefault()
		}
		for slice := uint32(0); slice < syncPoints; slice++ {
			if pass == 0 {
				doneSlices = slice + 1
			} else {
				doneSlices = syncPoints
			}
			if threads == 1 {
				for l := uint32(0); l < in.lanes && !st.mon.Stopped(); l++ {
					st.fillSegment(pass, slice, l)
				}
			} else {
				var next atomic.Uint32
				worker := func() {
					for {
						l := next.Add(1) - 1
						if l >= in.lanes || st.mon.Stopped() {
							return
						}
						st.fillSegment(pass, slice, l)
					}
				}
				// One worker runs on the calling goroutine.
				var wg sync.WaitGroup
				for range threads - 1 {
					wg.Add(1)
					go func() {
						defer wg.Done()
						worker()
					}()
				}
				worker()
				wg.Wait()
			}
			if st.mon.Stopped() {
				clear(tmp[:])
				return nil, st.stopped()
			}
		}
	}

	// Step 7: C = XOR of the last block of each lane; tag = H'^T(C).
	c := buf[st.laneLen-1]
	for l := uint32(1); l < in.lanes; l++ {
		last := &buf[l*st.laneLen+st.laneLen-1]
		for k := range c {
			c[k] ^= last[k]
		}
	}
	for k, w := range c {
		binary.LittleEndian.PutUint64(tmp[8*k:], w)
	}
	clear(c[:])
	key := make([]byte, in.keyLen)
	n := hashLong(key, &st.mon, tmp[:])
	clear(tmp[:])
	if st.mon.Stopped() {
		clear(key[:n]) // not the rest: a large key's untouched pages
		return nil, st.stopped()
	}
	st.mon.Finish()
	return key, nil
}

// setupCheck is the number of lanes whose first two blocks are computed
// between two checkpoints: about 0.3 ms.
const setupCheck = 32

// stopped returns the error of a cancelled derivation.
func (st *instance) stopped() error {
	if testHookStopped != nil {
		testHookStopped(st.mon.Done())
	}
	return st.mon.Err()
}

// testHookStopped, set by tests, receives the number of blocks counted when
// a cancelled derivation stops (counted only with a Progress callback).
var testHookStopped func(done int64)

// checkEvery is the number of blocks between two checkpoints: 256 KiB,
// a fraction of a millisecond.
const checkEvery = 256

// fillSegment computes the blocks of one segment (RFC 9106 section 3.4).
func (st *instance) fillSegment(pass, slice, lane uint32) {
	in := st.in
	dataIndependent := in.variant == Argon2i || in.variant == Argon2id && pass == 0 && slice < syncPoints/2

	// For data-independent addressing, the pseudo-random values come from
	// address blocks G(0, G(0, Z)), Z = (r, l, sl, m', t, y, counter, 0...)
	// (section 3.4.1.2), 128 per counter value.
	var addr, z, zero block
	if dataIndependent {
		z[0] = uint64(pass)
		z[1] = uint64(lane)
		z[2] = uint64(slice)
		z[3] = uint64(st.mBlocks)
		z[4] = uint64(in.time)
		z[5] = uint64(in.variant)
	}
	nextAddresses := func() {
		z[6]++
		compress(&addr, &zero, &z, false)
		compress(&addr, &zero, &addr, false)
	}

	start := uint32(0)
	if pass == 0 && slice == 0 {
		start = 2 // the first two blocks come from H0
		if dataIndependent {
			nextAddresses()
		}
	}
	laneBase := lane * st.laneLen
	cur := laneBase + slice*st.segLen + start
	xor := in.version == Version && pass > 0
	ahead := prefetchAhead()
	pending := 0
	var pc preempt.Counter // a preemption point per preempt.Piece of blocks
	owned := int(cur)      // with a prefault: blocks cur to owned-1 are in pieces taken (none yet)
	for idx := start; idx < st.segLen; idx++ {
		if pass == 0 && st.pf != nil && owned <= int(cur) {
			owned = st.pf.Sweep(owned, int(cur)+1)
		}
		prev := cur - 1
		if idx == 0 && slice == 0 {
			prev = laneBase + st.laneLen - 1 // the lane wraps around
		}
		var rand uint64
		if dataIndependent {
			if idx%blockWords == 0 {
				nextAddresses()
			}
			rand = addr[idx%blockWords]
		} else {
			rand = st.b[prev][0]
		}
		ref := st.refIndex(rand, pass, slice, lane, idx)
		if usePrefetch && dataIndependent && (idx+1)%blockWords != 0 && idx+1 < st.segLen {
			// The next reference is known already: start loading it
			// (from memory, at large sizes) while this block is computed.
			prefetchBlock(&st.b[st.refIndex(addr[(idx+1)%blockWords], pass, slice, lane, idx+1)])
		}
		if ahead {
			if !dataIndependent {
				// The reference is known only now: its sixteen lines are
				// requested at once rather than as the kernel reaches them.
				prefetchBlock(&st.b[ref])
			}
			if idx+1 < st.segLen {
				// The next output block, which a later pass also reads.
				prefetchBlock(&st.b[cur+1])
			}
		}
		compress(&st.b[cur], &st.b[prev], &st.b[ref], xor)
		pc.Add(blockSize)
		cur++
		if pending++; pending == checkEvery {
			if pass == 0 {
				st.reached[lane] = cur - laneBase
			}
			if st.mon.Checkpoint(pending) {
				return
			}
			pending = 0
		}
	}
	if pass == 0 {
		st.reached[lane] = cur - laneBase
	}
	st.mon.Checkpoint(pending)
}

// endPrefault stops the prefault, if it runs: the first pass has written every
// block, or the derivation stops.
func (st *instance) endPrefault() {
	if st.pf != nil {
		st.pf.End()
		st.pf = nil
	}
}

// refIndex maps the pseudo-random value rand = J1 || J2 of the block idx of
// (pass, slice, lane) to the absolute index of its reference block (RFC 9106
// section 3.4.1.1 and 3.4.2).
func (st *instance) refIndex(rand uint64, pass, slice, lane, idx uint32) uint32 {
	j1, j2 := rand&0xffffffff, uint32(rand>>32)
	refLane := j2 % st.lanes
	if pass == 0 && slice == 0 {
		refLane = lane // the first slice refers to its own lane only
	}
	sameLane := refLane == lane
	// W, the reference set: the blocks of this lane computed so far, or the
	// completed segments of another lane; the previous block is excluded, and
	// so is the last block of the other lane's set when idx is 0.
	var w, startPos uint64
	if pass == 0 {
		w = uint64(slice) * uint64(st.segLen)
	} else {
		w = uint64(st.laneLen - st.segLen)
		startPos = uint64((slice + 1) % syncPoints * st.segLen)
	}
	if sameLane {
		w += uint64(idx) - 1
	} else if idx == 0 {
		w--
	}
	x := j1 * j1 >> 32
	y := w * x >> 32
	zz := w - 1 - y
	return refLane*st.laneLen + uint32((startPos+zz)%uint64(st.laneLen))
}
