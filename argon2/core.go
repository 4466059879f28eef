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
	// beyond, untouched: faulting those in would cost more than all the
	// rest of a cancelled call.
	reached []uint32
	full    bool // the first pass is complete: every block was written
}

// derive runs Argon2 with mBlocks blocks (already validated) in buf, the
// caller's Buffer acquired for this call, or in a new allocation if buf is
// nil, on up to threads goroutines.
func derive(ctx context.Context, in *input, mBlocks int, buf *Buffer, threads int, progress func(float64)) (key []byte, err error) {
	st := &instance{
		in: in, lanes: in.lanes,
		laneLen: uint32(mBlocks) / in.lanes, mBlocks: uint32(mBlocks),
		reached: make([]uint32, in.lanes),
	}
	st.segLen = st.laneLen / syncPoints
	st.mon.Init(ctx, progress, int64(in.time)*int64(mBlocks))
	// Every block is written before it is read, so a reused buffer need not
	// be cleared first; it is cleared after, up to the last block written
	// in each lane.
	var mem kdfwork.Memory[block]
	fresh := false // memory that may not be faulted in yet
	if buf != nil {
		st.b = buf.blocks[:mBlocks]
	} else {
		mem = kdfwork.Alloc[block](mBlocks)
		st.b, fresh = mem.S, !mem.Resident
	}
	defer func() {
		kdfwork.AfterStop(ctx, err != nil, func() {
			st.endPrefault() // before the wipe, which writes where it may
			st.wipe()
			mem.Release()
			if buf != nil {
				buf.release()
			}
		})
	}()

	if !st.setup() {
		return nil, st.stopped()
	}
	if fresh && int(in.lanes) < threads {
		st.startPrefault()
	}
	if !st.passes(max(1, min(threads, int(in.lanes)))) {
		return nil, st.stopped()
	}
	return st.tag()
}

// setup computes H0 and from it the first two blocks of each lane (RFC 9106
// section 3.2, steps 1 to 3), each about 5 µs: with many lanes, a
// checkpoint every setupCheck lanes. It reports false if the derivation
// was cancelled.
func (st *instance) setup() bool {
	h0 := initialHash(st.in)
	var tmp [blockSize]byte
	ok := true
	for l := uint32(0); l < st.lanes && ok; l++ {
		binary.LittleEndian.PutUint32(h0[68:], l)
		for j := uint32(0); j < 2; j++ {
			binary.LittleEndian.PutUint32(h0[64:], j)
			hashLong(tmp[:], nil, h0[:])
			b := &st.b[l*st.laneLen+j]
			for k := range b {
				b[k] = binary.LittleEndian.Uint64(tmp[8*k:])
			}
		}
		st.reached[l] = 2
		ok = (l+1)%setupCheck != 0 || !st.mon.Checkpoint(0)
	}
	clear(h0[:])
	clear(tmp[:])
	return ok
}

// setupCheck is the number of lanes whose first two blocks are computed
// between two checkpoints: about 0.3 ms.
const setupCheck = 32

// startPrefault starts faulting in the fresh memory of the first pass on an
// idle thread.
func (st *instance) startPrefault() {
	st.pf = kdfwork.NewPrefault(len(st.b), blockSize)
	for l := uint32(0); l < st.lanes; l++ {
		st.pf.Take(int(l * st.laneLen)) // the two blocks from H0
		st.pf.Take(int(l*st.laneLen + 1))
	}
	b := st.b
	st.pf.Start(func(i int) { b[i][0] = 0 })
}

// passes runs the passes (steps 4 to 6), slice by slice, the lanes of a
// slice on threads goroutines. It reports false if the derivation was
// cancelled.
func (st *instance) passes(threads int) bool {
	for pass := uint32(0); pass < st.in.time; pass++ {
		if pass == 1 {
			st.endPrefault() // every piece is the sweep's by now
			st.full = true
		}
		for slice := uint32(0); slice < syncPoints; slice++ {
			st.fillSlice(pass, slice, threads)
			if st.mon.Stopped() {
				return false
			}
		}
	}
	st.full = true
	st.endPrefault()
	return true
}

// fillSlice fills the segments of one slice, a lane at a time on each of
// threads goroutines, one of them the calling one.
func (st *instance) fillSlice(pass, slice uint32, threads int) {
	if threads == 1 {
		for l := uint32(0); l < st.lanes && !st.mon.Stopped(); l++ {
			st.fillSegment(pass, slice, l)
		}
		return
	}
	var next atomic.Uint32
	worker := func() {
		for {
			l := next.Add(1) - 1
			if l >= st.lanes || st.mon.Stopped() {
				return
			}
			st.fillSegment(pass, slice, l)
		}
	}
	var wg sync.WaitGroup
	for range threads - 1 {
		wg.Go(worker)
	}
	worker()
	wg.Wait()
}

// tag returns the tag H'^T(C), C the XOR of the last block of each lane
// (step 7). With many lanes the XOR reads 1 KiB per lane at scattered
// places: a checkpoint every xorCheck lanes.
func (st *instance) tag() ([]byte, error) {
	c := st.b[st.laneLen-1]
	for l := uint32(1); l < st.lanes; l++ {
		last := &st.b[l*st.laneLen+st.laneLen-1]
		for k := range c {
			c[k] ^= last[k]
		}
		if l%xorCheck == 0 && st.mon.Checkpoint(0) {
			clear(c[:])
			return nil, st.stopped()
		}
	}
	var tmp [blockSize]byte
	for k, w := range c {
		binary.LittleEndian.PutUint64(tmp[8*k:], w)
	}
	clear(c[:])
	key := make([]byte, st.in.keyLen)
	n := hashLong(key, &st.mon, tmp[:])
	clear(tmp[:])
	if st.mon.Stopped() {
		preempt.Clear(key[:n]) // not the rest: a large key's untouched pages
		return nil, st.stopped()
	}
	st.mon.Finish()
	return key, nil
}

// xorCheck is the number of lanes whose last blocks are XORed between two
// checkpoints: 1 MiB read.
const xorCheck = 1024

// wipe zeroes the blocks written: all of them once the first pass is
// complete, else those each lane reached.
func (st *instance) wipe() {
	if st.full {
		kdfwork.Wipe(st.b)
		return
	}
	for l := uint32(0); l < st.lanes; l++ {
		base := l * st.laneLen
		kdfwork.Wipe(st.b[base : base+st.reached[l]])
	}
}

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

// addresses generates the pseudo-random values of data-independent
// addressing: the address blocks G(0, G(0, Z)), Z = (r, l, sl, m', t, y,
// counter, 0...) (section 3.4.1.2), 128 values per counter value.
type addresses struct {
	addr, z, zero block
}

// init sets Z for the segment (pass, slice, lane).
func (a *addresses) init(st *instance, pass, slice, lane uint32) {
	a.z[0] = uint64(pass)
	a.z[1] = uint64(lane)
	a.z[2] = uint64(slice)
	a.z[3] = uint64(st.mBlocks)
	a.z[4] = uint64(st.in.time)
	a.z[5] = uint64(st.in.variant)
}

// next computes the address block of the next counter value.
func (a *addresses) next() {
	a.z[6]++
	compress(&a.addr, &a.zero, &a.z, false)
	compress(&a.addr, &a.zero, &a.addr, false)
}

// fillSegment computes the blocks of one segment (RFC 9106 section 3.4).
func (st *instance) fillSegment(pass, slice, lane uint32) {
	in := st.in
	dataIndependent := in.variant == Argon2i || in.variant == Argon2id && pass == 0 && slice < syncPoints/2
	var ad addresses
	if dataIndependent {
		ad.init(st, pass, slice, lane)
	}
	start := uint32(0)
	if pass == 0 && slice == 0 {
		start = 2 // the first two blocks come from H0
		if dataIndependent {
			ad.next()
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
				ad.next()
			}
			rand = ad.addr[idx%blockWords]
		} else {
			rand = st.b[prev][0]
		}
		ref := st.refIndex(rand, pass, slice, lane, idx)
		if usePrefetch() && dataIndependent && (idx+1)%blockWords != 0 && idx+1 < st.segLen {
			// The next reference is known already: start loading it
			// (from memory, at large sizes) while this block is computed.
			prefetchBlock(&st.b[st.refIndex(ad.addr[(idx+1)%blockWords], pass, slice, lane, idx+1)])
		}
		if ahead {
			st.prefetchAhead(ref, cur, idx, dataIndependent)
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

// prefetchAhead requests the blocks the kernels that gain from it read next:
// the reference ref of data-dependent addressing, known only now, whose
// sixteen lines are then requested at once rather than as the kernel
// reaches them, and the next output block cur+1, which a later pass also
// reads.
func (st *instance) prefetchAhead(ref, cur, idx uint32, dataIndependent bool) {
	if !dataIndependent {
		prefetchBlock(&st.b[ref])
	}
	if idx+1 < st.segLen {
		prefetchBlock(&st.b[cur+1])
	}
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
