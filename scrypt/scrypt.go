// Package scrypt implements the scrypt password-based key derivation function
// of [RFC 7914], and the PHC string format for scrypt hashes as Python's
// passlib writes them (`$scrypt$ln=...,r=...,p=...$salt$hash`).
//
// # Which function should I use
//
// [Key] is a drop-in replacement for golang.org/x/crypto/scrypt.Key: same
// arguments, same output, same accepted parameters (plus an error for a key
// length below 1). Like x/crypto it sets no memory limit.
//
// [DeriveKey] takes a [context.Context] and [Params]: a memory limit (by
// default 1 GiB + 2 KiB, as @noble/hashes, enough for N=2^20, r=8, p=1), the
// number of goroutines, and a progress callback. Servers should use it, or
// [Hash] and [Verify] for stored password hashes, so that a request cannot
// make the process allocate without bound.
//
// Parameters: r=8, p=1 and the largest N that the latency budget allows;
// N=2^15 (32 MiB) is a common interactive choice, N=2^20 (1 GiB) a file
// encryption one. The p independent mixes run on up to GOMAXPROCS goroutines,
// each with its own table of 128*r*N bytes.
//
// [RFC 7914]: https://www.rfc-editor.org/rfc/rfc7914
package scrypt

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/hashkit/hashkit/internal/kdfwork"
	"github.com/hashkit/hashkit/internal/preempt"
	"github.com/hashkit/hashkit/internal/sha2"
)

// DefaultMaxMemory is the memory limit DeriveKey uses when Params.MaxMemory
// is 0: 1 GiB + 1 MiB, room for N=2^20, r=8 (1 GiB of table) with the P
// blocks of B and the key up to 1 MiB together.
const DefaultMaxMemory = 1<<30 + 1<<20

// DefaultMaxWork is the work limit of DeriveKey and Verify when
// Params.MaxWork is 0: 2 GiB plus 1 MiB (see Params.Work). It admits N=2^20,
// r=8, p=1 (2 GiB: the largest parameters in common use, for file
// encryption) and every interactive choice (N=2^17, r=8, p=1, OWASP's:
// 256 MiB; passlib's default N=2^16, r=8, p=1), and takes about 4 s on one
// core of a 2020s x86-64 server.
const DefaultMaxWork = 2<<30 + 1<<20

// ErrCostExceeded is wrapped by the error DeriveKey returns when the
// parameters are valid and fit in MaxMemory but their Work is over
// Params.MaxWork. That check comes last, before any allocation.
var ErrCostExceeded = errors.New("hashkit/scrypt: cost budget exceeded")

// Params are the parameters of DeriveKey.
type Params struct {
	// N is the CPU/memory cost: a power of two greater than 1.
	N int
	// R is the block size factor (8 in practice) and P the parallelism
	// factor; R*P must be below 2^30.
	R, P int
	// KeyLen is the length of the derived key in bytes, at least 1.
	KeyLen int
	// MaxMemory bounds the working memory in bytes; 0 means
	// DefaultMaxMemory and a negative value means no limit. The parameters
	// need at least MinMemory() bytes; DeriveKey runs fewer mixes in parallel
	// when parallel tables would not fit.
	MaxMemory int64
	// MaxWork bounds the work, in bytes processed (see Work): 0 means
	// DefaultMaxWork, a negative value no limit. It is what stops a
	// stored hash from an untrusted source from running for days: a Verify
	// of "$scrypt$ln=22,r=1,p=4194300$..." is refused at once.
	MaxWork int64
	// Threads bounds the number of goroutines running the P mixes; 0 means
	// runtime.GOMAXPROCS(0).
	Threads int
	// Progress, if not nil, is called with the fraction of the work done, at
	// most about a hundred times per call and last with 1, one call at a
	// time but from any goroutine. It must not block for long.
	Progress func(fraction float64)
}

// MinMemory returns the bytes DeriveKey needs for p, with one mix at a time:
// 128*r*(N+P+1) (the formula of @noble/hashes' maxmem check: the table, one
// spare block and B) plus KeyLen for the derived key. It returns
// math.MaxInt64 if that overflows.
func (p Params) MinMemory() int64 {
	return memoryFor(p.N, p.R, p.P, 1, p.KeyLen)
}

// Work returns the work of a derivation with p in bytes processed by the
// mixing and hash functions: 256*N*r*P for the P mixes (2N BlockMix calls
// over 128*r bytes each), 640*r*P for the two PBKDF2 steps over B, and 4
// bytes per byte of the key. The password and salt, hashed once, are not
// counted. scrypt processes about 0.5 GiB per second on one core of a 2020s
// x86-64 server. It returns math.MaxInt64 if that does not fit (or for
// negative parameters).
func (p Params) Work() int64 {
	if p.N < 0 {
		return math.MaxInt64
	}
	return work(uint64(p.N), p.R, p.P, p.KeyLen)
}

// work is Params.Work with N as a 64-bit value, which on 32-bit platforms
// holds an N that an int cannot.
func work(N uint64, r, p, keyLen int) int64 {
	if r < 0 || p < 0 || keyLen < 0 {
		return math.MaxInt64
	}
	hi1, rp := bits.Mul64(uint64(r), uint64(p))
	hi2, mix := bits.Mul64(rp, N)
	hi3, mix := bits.Mul64(mix, 256)
	hi4, steps := bits.Mul64(rp, 640)
	hi5, key := bits.Mul64(uint64(keyLen), 4)
	w, c1 := bits.Add64(mix, steps, 0)
	w, c2 := bits.Add64(w, key, 0)
	if hi1|hi2|hi3|hi4|hi5|c1|c2 != 0 || w > math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(w)
}

// memoryFor returns 128*r*(N*w + p + w) + keyLen, every byte DeriveKey
// allocates with w mixes in parallel (a table of N blocks and one spare
// block per mix, the P blocks of B, and the key), or math.MaxInt64 on
// overflow or for a negative N.
func memoryFor(N, r, p, w, keyLen int) int64 {
	if N < 0 {
		return math.MaxInt64
	}
	return memory64(uint64(N), r, p, w, keyLen)
}

// memory64 is memoryFor with N as a 64-bit value.
func memory64(N uint64, r, p, w, keyLen int) int64 {
	if r < 0 || p < 0 || w < 0 || keyLen < 0 {
		return math.MaxInt64
	}
	hi, blocks := bits.Mul64(N, uint64(w))
	var c1, c2, c3 uint64
	blocks, c1 = bits.Add64(blocks, uint64(p), 0)
	blocks, c2 = bits.Add64(blocks, uint64(w), 0)
	hi2, block := bits.Mul64(128, uint64(r))
	hi3, bytes := bits.Mul64(blocks, block)
	bytes, c3 = bits.Add64(bytes, uint64(keyLen), 0)
	if hi|hi2|hi3|c1|c2|c3 != 0 || bytes > math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(bytes)
}

// Key derives a key of keyLen bytes from password and salt with cost
// parameters N, r and p, exactly as golang.org/x/crypto/scrypt.Key does.
//
// N must be a power of two greater than 1, r and p positive with r*p < 2^30,
// and the tables must fit in memory addresses; keyLen must be at least 1.
// Otherwise Key returns a nil slice and an error naming the parameter. Key
// sets no memory or work limit (x/crypto sets none), no MaxKeyLen, and
// cannot be cancelled: 128*r*N bytes per parallel mix are allocated, so
// take N, r and p from trusted configuration only, or use DeriveKey.
func Key(password, salt []byte, N, r, p, keyLen int) ([]byte, error) {
	params := Params{N: N, R: r, P: p, KeyLen: keyLen, MaxMemory: -1, MaxWork: -1}
	w, threads, err := params.plan(false)
	if err != nil {
		return nil, err
	}
	return derive(context.Background(), password, salt, params, w, threads)
}

// checkParams validates N, r, p and keyLen before anything is allocated.
func checkParams(N, r, p, keyLen int) error {
	if N <= 1 || N&(N-1) != 0 {
		return errors.New("hashkit/scrypt: N must be a power of two greater than 1")
	}
	return checkRPK(r, p, keyLen)
}

// checkRPK is checkParams without N.
func checkRPK(r, p, keyLen int) error {
	if r < 1 {
		return errors.New("hashkit/scrypt: r must be at least 1")
	}
	if p < 1 {
		return errors.New("hashkit/scrypt: p must be at least 1")
	}
	if keyLen < 1 {
		return errors.New("hashkit/scrypt: key length must be at least 1")
	}
	if uint64(r)*uint64(p) >= 1<<30 {
		return errors.New("hashkit/scrypt: r*p must be less than 2^30")
	}
	// RFC 7914 section 2 also asks N < 2^(128*r/8); like x/crypto and
	// @noble/hashes we do not enforce it (see RFC 7914 erratum 5971), so that
	// the hashes of r=1 configurations stay reproducible.
	return nil
}

// MaxKeyLen is the longest key DeriveKey derives, 1 MiB: Go zeroes a new
// slice in one step that no context can interrupt, and that costs
// milliseconds per MiB where it faults the pages in, so a much longer key
// could not be cancelled within milliseconds. Key, which takes no context, has no such cap.
const MaxKeyLen = 1 << 20

// checkLimits checks valid parameters, with N as a 64-bit value, against
// the memory limit, the work limit and (if capKey) MaxKeyLen, in this
// order, and returns the memory limit (math.MaxInt64 for none).
func checkLimits(N uint64, r, p, keyLen int, maxMemory, maxWork int64, capKey bool) (int64, error) {
	limit := maxMemory
	if limit == 0 {
		limit = DefaultMaxMemory
	}
	if limit < 0 {
		limit = math.MaxInt64 // what the platform can address: checkPlatform
	}
	if need := memory64(N, r, p, 1, keyLen); need > limit {
		return 0, errMemory(need, limit)
	}
	budget := maxWork
	if budget == 0 {
		budget = DefaultMaxWork
	}
	if w := work(N, r, p, keyLen); budget > 0 && w > budget {
		return 0, fmt.Errorf("%w: N=%d, r=%d, p=%d with a %d-byte key is %d bytes of work, over MaxWork = %d (raise MaxWork to allow it)",
			ErrCostExceeded, N, r, p, keyLen, w, budget)
	}
	if capKey && keyLen > MaxKeyLen {
		return 0, fmt.Errorf("hashkit/scrypt: key length of %d bytes exceeds MaxKeyLen = %d, the longest DeriveKey derives (Key has no cap but cannot be cancelled)", keyLen, MaxKeyLen)
	}
	return limit, nil
}

// checkPlatform checks that the lengths of valid parameters fit in an int:
// after the memory and work limits, so that parameters over them get the
// same error on 32-bit platforms as on 64-bit ones.
func checkPlatform(N, r, p int) error {
	// Every length below is counted in bytes and in 32-bit words, in int.
	if r > math.MaxInt/256 || p > math.MaxInt/128/r {
		return errors.New("hashkit/scrypt: r*p too large for this platform: 128*r*p overflows int")
	}
	if N > math.MaxInt/128/r {
		return errors.New("hashkit/scrypt: N too large for r: 128*r*N overflows int")
	}
	return nil
}

// errMemory builds the memory limit error.
func errMemory(need, limit int64) error {
	if need == math.MaxInt64 {
		return errors.New("hashkit/scrypt: N, r and p need more memory than this platform can address")
	}
	return fmt.Errorf("%w: memory 128*r*(N+p+1) + key length = %d bytes exceeds the limit MaxMemory = %d", ErrMemoryLimit, need, limit)
}

// ErrMemoryLimit is wrapped by the error DeriveKey returns when the
// parameters are valid but need more memory than Params.MaxMemory allows.
// That check comes after every parameter check and before any allocation.
var ErrMemoryLimit = errors.New("hashkit/scrypt: memory limit exceeded")

// plan checks params (see DeriveKey; MaxKeyLen only if capKey) and returns
// the number of goroutines and of mixes that run at once: no more than P,
// the thread budget, and what the memory limit allows.
func (params *Params) plan(capKey bool) (w, threads int, err error) {
	N, r, p := params.N, params.R, params.P
	if err := checkParams(N, r, p, params.KeyLen); err != nil {
		return 0, 0, err
	}
	limit, err := checkLimits(uint64(N), r, p, params.KeyLen, params.MaxMemory, params.MaxWork, capKey)
	if err != nil {
		return 0, 0, err
	}
	if err := checkPlatform(N, r, p); err != nil {
		return 0, 0, err
	}
	threads = params.Threads
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	w = min(threads, p)
	for w > 1 && memoryFor(N, r, p, w, params.KeyLen) > limit {
		w--
	}
	return w, threads, nil
}

// DeriveKey derives a key of params.KeyLen bytes from password and salt.
//
// It returns an error naming the parameter, before allocating anything, if
// N, R, P or KeyLen are out of range (see Key), the parameters need more
// than MaxMemory bytes (ErrMemoryLimit) or more work than MaxWork
// (ErrCostExceeded), or the key is longer than MaxKeyLen. If ctx is
// cancelled, it stops within a few milliseconds and returns ctx.Err(); a
// nil ctx means context.Background(). The working memory is allocated once
// and zeroed before DeriveKey returns, or, if ctx is cancelled first,
// right after, on another goroutine (zeroing a GiB takes longer than the
// cancellation bound), before it is freed.
func DeriveKey(ctx context.Context, password, salt []byte, params Params) ([]byte, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	w, threads, err := params.plan(true)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return derive(ctx, password, salt, params, w, threads)
}

// derive runs scrypt (RFC 7914 section 6) with checked params, w mixes at
// once on up to threads goroutines.
func derive(ctx context.Context, password, salt []byte, params Params, w, threads int) (dk []byte, err error) {
	// One allocation: w tables of N blocks, w spare blocks, then B.
	N, r, p := params.N, params.R, params.P
	mem := kdfwork.Alloc[uint32]((N*w + w + p) * 32 * r)
	s := &state{N: N, r: r, k: kernel(r), work: mem.S, filled: make([]int, w)}
	s.mon.Init(ctx, params.Progress, int64(2*N*p))
	defer func() {
		kdfwork.AfterStop(ctx, err != nil, func() {
			s.wipe()
			mem.Release()
		})
	}()
	var prf sha2.HMAC256
	prf.Init(sha2.Size256, password)
	defer func() { prf = sha2.HMAC256{} }()

	// Steps 1 and 3 of RFC 7914 section 6: B = PBKDF2-HMAC-SHA256(P, S, 1,
	// p*128*r), written straight into its words in the kernel's layout.
	var ok bool
	if s.bDirty, ok = s.pbkdf2(&prf, salt, nil, nil, s.b()); !ok {
		return nil, s.stopped()
	}
	if !s.mixAll(p, threads, mem.Resident) {
		return nil, s.stopped()
	}
	// Steps 4 and 5: DK = PBKDF2-HMAC-SHA256(P, B, 1, dkLen).
	dk = make([]byte, params.KeyLen)
	if n, ok := s.pbkdf2(&prf, nil, s.b(), dk, nil); !ok {
		preempt.Clear(dk[:n]) // not the rest: a large key's untouched pages
		return nil, s.stopped()
	}
	s.mon.Finish()
	return dk, nil
}

// mixAll runs step 2, the p mixes of B's blocks, on the calling goroutine
// and w-1 others, each with its own table. It reports false if the
// derivation was cancelled.
func (s *state) mixAll(p, threads int, resident bool) bool {
	w := len(s.filled)
	if w == 1 && threads > 1 && !resident {
		// A thread is idle: it takes the page faults of the table's fill.
		v := s.table(0)
		s.pf = kdfwork.NewPrefault(len(v), 4)
		s.pf.Start(func(i int) { v[i] = 0 })
	}
	b := s.b()
	n := 32 * s.r
	var next atomic.Int64
	worker := func(i int) {
		v, spare := s.table(i), s.spare(i)
		for {
			j := int(next.Add(1) - 1)
			if j >= p || s.mon.Stopped() {
				return
			}
			s.filled[i] = max(s.filled[i], s.roMix(b[j*n:(j+1)*n], v, spare))
		}
	}
	var wg sync.WaitGroup
	for i := 1; i < w; i++ {
		wg.Go(func() { worker(i) })
	}
	worker(0)
	wg.Wait()
	if !s.mon.Stopped() {
		s.endPrefault()
	}
	return !s.mon.Stopped()
}

// endPrefault stops the prefault, if it runs.
func (s *state) endPrefault() {
	if s.pf != nil {
		s.pf.End()
		s.pf = nil
	}
}

// table returns mix i's table of N blocks, spare its spare block, and b
// the P blocks of B, in the working memory.
func (s *state) table(i int) []uint32 {
	n := s.N * 32 * s.r
	return s.work[i*n : (i+1)*n]
}

func (s *state) spare(i int) []uint32 {
	n, w := 32*s.r, len(s.filled)
	return s.work[(w*s.N+i)*n : (w*s.N+i+1)*n]
}

func (s *state) b() []uint32 {
	return s.work[(s.N+1)*len(s.filled)*32*s.r:]
}

// wipe zeroes what was written of the working memory: each table up to the
// block its mixes reached (clearing untouched pages would only fault them
// in), the spare blocks, and B.
func (s *state) wipe() {
	s.endPrefault() // before the wipe, which writes where it may
	for i := range s.filled {
		kdfwork.Wipe(s.table(i)[:s.filled[i]*32*s.r])
		preempt.Clear(s.spare(i))
	}
	kdfwork.Wipe(s.b()[:s.bDirty])
	if testHookCleared != nil {
		testHookCleared(s.work)
	}
}

// stopped returns the error of a cancelled derivation.
func (s *state) stopped() error {
	if testHookStopped != nil {
		testHookStopped(s.mon.Done())
	}
	return s.mon.Err()
}

// pbkdf2 is PBKDF2-HMAC-SHA256 with one iteration (RFC 8018 section 5.2),
// keyed by prf, over the salt given as bytes or, if salt is nil, as the
// words saltWords in the kernel's layout (B). Its output goes to out, bytes,
// or, if out is nil, to the words outWords in the kernel's layout. The salt
// is hashed once and each output block continues from a copy of that
// state; every 64 KiB of salt or output passes a checkpoint, since B can be
// GiB. It returns the bytes or words of output written, and false if the
// derivation was cancelled.
func (s *state) pbkdf2(prf *sha2.HMAC256, salt []byte, saltWords []uint32, out []byte, outWords []uint32) (int, bool) {
	const piece = 1024 // 64-byte blocks between two checkpoints
	var blk [64]byte
	defer clear(blk[:])
	prf.Reset()
	prf.Write(salt)
	for i := 0; i < len(saltWords); i += 16 {
		s.k.store(blk[:], saltWords[i:i+16])
		prf.Write(blk[:])
		if (i/16+1)%piece == 0 && s.mon.Checkpoint(0) {
			return 0, false
		}
	}
	salted := *prf
	defer func() { salted = sha2.HMAC256{} }()
	// T_i = HMAC(P, S || INT(i)), i from 1.
	emit := func(i int, dst []byte) {
		var ctr [4]byte
		binary.BigEndian.PutUint32(ctr[:], uint32(i+1))
		*prf = salted
		prf.Write(ctr[:])
		mac := prf.Sum()
		copy(dst, mac[:])
		clear(mac[:])
	}
	for i := 0; 32*i < len(out); i++ {
		emit(i, out[32*i:])
		if (i+1)%(2*piece) == 0 && s.mon.Checkpoint(0) {
			return min(32*(i+1), len(out)), false
		}
	}
	for i := 0; i < len(outWords); i += 16 {
		emit(i/8, blk[:32])
		emit(i/8+1, blk[32:])
		s.k.load(outWords[i:i+16], blk[:])
		if (i/16+1)%piece == 0 && s.mon.Checkpoint(0) {
			return i + 16, false
		}
	}
	return max(len(out), len(outWords)), true
}

// testHookCleared, set by tests, receives the working memory after DeriveKey
// has zeroed it.
var testHookCleared func(work []uint32)

// testHookStopped, set by tests, receives the number of BlockMix calls
// counted when a cancelled derivation stops (counted only with a Progress
// callback).
var testHookStopped func(done int64)

// state is shared by the goroutines of one DeriveKey call.
type state struct {
	N, r int
	k    kernelSet
	mon  kdfwork.Monitor
	pf   *kdfwork.Prefault // of the one table, while a thread is idle; or nil
	// work holds w tables of N blocks, w spare blocks, then B, whose first
	// bDirty words are written; filled[i] is the blocks of table i written.
	work   []uint32
	filled []int
	bDirty int
}

// chunk returns how many BlockMix calls run between two checkpoints: about
// 256 KiB of blocks, well under a millisecond.
func (s *state) chunk() int {
	return max(1, 2048/s.r)
}

// roMix is scryptROMix of RFC 7914 section 5 on the block x (in the
// kernel's layout, updated in place), with the table v of N blocks and the
// spare block t. It returns how many blocks of v it wrote.
func (s *state) roMix(x, v, t []uint32) int {
	n := len(x)
	N := s.N
	step := s.chunk()
	pending := 0
	var pc preempt.Counter // a preemption point per preempt.Piece of blocks mixed
	// Steps 1 and 2: V_0 = X, V_{i+1} = BlockMix(V_i); X = BlockMix(V_{N-1}).
	owned := 0 // with a prefault, the fill owns v[:owned]
	if s.pf != nil {
		owned = s.pf.Sweep(owned, n)
	}
	copy(v, x)
	for i := 0; i < N-1; i++ {
		if s.pf != nil && owned < (i+2)*n {
			owned = s.pf.Sweep(owned, (i+2)*n)
		}
		s.k.mix(v[(i+1)*n:(i+2)*n], v[i*n:(i+1)*n], nil, s.r)
		pc.Add(4 * n)
		if pending++; pending >= step {
			if s.mon.Checkpoint(pending) {
				return i + 2
			}
			pending = 0
		}
	}
	s.k.mix(x, v[(N-1)*n:], nil, s.r)
	pending++
	// Step 3: X = BlockMix(X xor V_j) with j = Integerify(X) mod N, N times.
	// The result alternates between t and x; N is even, so it ends in x.
	// Integerify reads the first word of the last 64-byte sub-block, which
	// every layout keeps in place.
	for i := 0; i < N; i += 2 {
		j := int(x[n-16]) & (N - 1)
		s.k.mix(t, x, v[j*n:(j+1)*n], s.r)
		j = int(t[n-16]) & (N - 1)
		s.k.mix(x, t, v[j*n:(j+1)*n], s.r)
		pc.Add(8 * n)
		if pending += 2; pending >= step {
			if s.mon.Checkpoint(pending) {
				return N
			}
			pending = 0
		}
	}
	s.mon.Checkpoint(pending)
	return N
}

// kernelSet is a BlockMix implementation and the word layout it works in.
type kernelSet struct {
	// mix sets out = BlockMix(in xor x), or BlockMix(in) if x is nil; out
	// must not overlap in or x.
	mix func(out, in, x []uint32, r int)
	// shuffled: each 64-byte block is kept in the diagonal order of
	// salsaOrder, so that SIMD code never shuffles words in memory.
	shuffled bool
}

// salsaOrder lists, for each position of a 64-byte block in the shuffled
// layout, the index of the Salsa20 word stored there: the diagonals
// (x0,x5,x10,x15), (x4,x9,x14,x3), (x8,x13,x2,x7), (x12,x1,x6,x11), which
// are the a, b, c, d inputs of the four column quarter-rounds. Word 0 stays
// at position 0, so Integerify reads the same place in both layouts.
var salsaOrder = [16]int{0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11}

// load decodes little-endian bytes b into words w in the kernel's layout.
func (k kernelSet) load(w []uint32, b []byte) {
	if !k.shuffled {
		for i := range w {
			w[i] = binary.LittleEndian.Uint32(b[4*i:])
		}
		return
	}
	for off := 0; off < len(w); off += 16 {
		for i, j := range salsaOrder {
			w[off+i] = binary.LittleEndian.Uint32(b[4*(off+j):])
		}
	}
}

// store encodes words w in the kernel's layout as little-endian bytes b.
func (k kernelSet) store(b []byte, w []uint32) {
	if !k.shuffled {
		for i, x := range w {
			binary.LittleEndian.PutUint32(b[4*i:], x)
		}
		return
	}
	for off := 0; off < len(w); off += 16 {
		for i, j := range salsaOrder {
			binary.LittleEndian.PutUint32(b[4*(off+j):], w[off+i])
		}
	}
}
