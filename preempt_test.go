//go:build unix

package hashkit

import (
	"hash"
	"io"
	"math"
	"runtime"
	"runtime/metrics"
	"slices"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/hashkit/hashkit/argon2"
	"github.com/hashkit/hashkit/blake1"
	"github.com/hashkit/hashkit/blake2b"
	"github.com/hashkit/hashkit/blake2s"
	"github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/blake3/bao"
	"github.com/hashkit/hashkit/blake3/hazmat"
	"github.com/hashkit/hashkit/hkdf"
	hkhmac "github.com/hashkit/hashkit/hmac"
	"github.com/hashkit/hashkit/k12"
	"github.com/hashkit/hashkit/md5"
	"github.com/hashkit/hashkit/pbkdf2"
	"github.com/hashkit/hashkit/ripemd160"
	"github.com/hashkit/hashkit/scrypt"
	"github.com/hashkit/hashkit/sha1"
	"github.com/hashkit/hashkit/sha256"
	"github.com/hashkit/hashkit/sha3"
	"github.com/hashkit/hashkit/sha512"
)

// A long hash must not hold up the rest of the process: every entry point
// reaches a preemption point at least once per 64 KiB (internal/preempt).
// Each workload below takes about preemptTarget of CPU time on one
// goroutine, and runs once while another goroutine forces garbage
// collections (the world may stay stopped for a running goroutine for at
// most maxGCPause), and once with GOMAXPROCS=1 beside a goroutine that
// sleeps preemptTick at a time (its worst lateness must stay under
// maxTickDelay: the scheduler preempts a goroutine after 10 ms, and sysmon
// may take as long again to notice). A goroutine that cannot be stopped
// holds up both for the whole call.
//
// Both are counted in the process's CPU time, not in wall time: on a
// machine shared with other processes (go test runs several packages at
// once) a thread can wait longer than either limit for a core, and a
// stop-the-world pause of preemptible code was seen to last 20-70 ms there.
// Each measurement is repeated up to preemptAttempts times; a stall of the
// code under test repeats every time.
const (
	preemptTarget = 120 * time.Millisecond
	maxGCPause    = 20 * time.Millisecond
	preemptTick   = 100 * time.Microsecond
	maxTickDelay  = 50 * time.Millisecond
	// preemptAttempts bounds the measurements of one workload and mode.
	preemptAttempts = 3
	// preemptBuf is the shared input (and output) buffer: one allocation,
	// capping each workload's size.
	preemptBuf = 192 << 20
)

// preemptWorkload does work proportional to len(b): hashes b, fills b with
// output, or (KDFs) uses len(b) as the memory or as the bytes hashed by the
// iterations.
type preemptWorkload struct {
	name string
	run  func(b []byte)
}

func write(h hash.Hash, b []byte) { h.Write(b); h.Sum(nil) }

func read(x io.Reader, b []byte) {
	if _, err := io.ReadFull(x, b); err != nil {
		panic(err)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

var preemptKey = []byte("0123456789abcdef0123456789abcdef")

// nodes views b as 32-byte Merkle nodes (an even number of them), in place.
func nodes(b []byte) [][32]byte {
	return unsafe.Slice((*[32]byte)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/64*2)
}

// pow2 returns the largest power of two not above n (at least 2).
func pow2(n int) int {
	p := 2
	for p*2 <= n {
		p *= 2
	}
	return p
}

var preemptWorkloads = []preemptWorkload{
	{"sha256.Sum256", func(b []byte) { sha256.Sum256(b) }},
	{"sha256.Sum224", func(b []byte) { sha256.Sum224(b) }},
	{"sha256.New", func(b []byte) { write(sha256.New(), b) }},
	{"sha512.Sum512", func(b []byte) { sha512.Sum512(b) }},
	{"sha512.Sum384", func(b []byte) { sha512.Sum384(b) }},
	{"sha512.Sum512_256", func(b []byte) { sha512.Sum512_256(b) }},
	{"sha512.New", func(b []byte) { write(sha512.New(), b) }},
	{"sha1.Sum", func(b []byte) { sha1.Sum(b) }},
	{"sha1.New", func(b []byte) { write(sha1.New(), b) }},
	{"md5.Sum", func(b []byte) { md5.Sum(b) }},
	{"md5.New", func(b []byte) { write(md5.New(), b) }},
	{"ripemd160.Sum", func(b []byte) { ripemd160.Sum(b) }},
	{"ripemd160.New", func(b []byte) { write(ripemd160.New(), b) }},
	{"blake1.Sum256", func(b []byte) { blake1.Sum256(b) }},
	{"blake1.Sum512", func(b []byte) { blake1.Sum512(b) }},
	{"blake1.New256", func(b []byte) { write(blake1.New256(), b) }},
	{"blake1.New512", func(b []byte) { write(blake1.New512(), b) }},
	{"blake2b.Sum512", func(b []byte) { blake2b.Sum512(b) }},
	{"blake2b.New512", func(b []byte) { write(must(blake2b.New512(preemptKey)), b) }},
	{"blake2b.XOF.Read", func(b []byte) { read(must(blake2b.NewXOF(blake2b.OutputLengthUnknown, nil)), b) }},
	{"blake2s.Sum256", func(b []byte) { blake2s.Sum256(b) }},
	{"blake2s.New256", func(b []byte) { write(must(blake2s.New256(preemptKey)), b) }},
	{"blake2s.XOF.Read", func(b []byte) { read(must(blake2s.NewXOF(blake2s.OutputLengthUnknown, nil)), b) }},
	{"blake3.Sum256", func(b []byte) { blake3.Sum256(b) }},
	{"blake3.New", func(b []byte) { write(blake3.New(), b) }},
	{"blake3.NewKeyed", func(b []byte) { write(must(blake3.NewKeyed(preemptKey)), b) }},
	{"blake3.XOF.Read", func(b []byte) { read(blake3.New().XOF(), b) }},
	{"blake3.DeriveKey", func(b []byte) { blake3.DeriveKey("ctx", b[:1024], b) }},
	{"blake3/hazmat.Subtree.Write", func(b []byte) { must(hazmat.NewSubtree(hazmat.Hash(), 0)).Write(b) }},
	{"blake3/bao.EncodeOutboard", func(b []byte) { bao.EncodeOutboard(b, nil) }},
	{"sha3.Sum256", func(b []byte) { sha3.Sum256(b) }},
	{"sha3.Sum512", func(b []byte) { sha3.Sum512(b) }},
	{"sha3.SumKeccak256", func(b []byte) { sha3.SumKeccak256(b) }},
	{"sha3.New256", func(b []byte) { write(sha3.New256(), b) }},
	{"sha3.SumSHAKE128", func(b []byte) { sha3.SumSHAKE128(b, 32) }},
	{"sha3.SHAKE256.Read", func(b []byte) { read(sha3.NewSHAKE256(), b) }},
	{"sha3.CSHAKE128", func(b []byte) { x := sha3.NewCSHAKE128([]byte("N"), []byte("S")); x.Write(b); read(x, b[:32]) }},
	{"sha3.KMAC128", func(b []byte) { write(must(sha3.NewKMAC128(preemptKey, nil, 32)), b) }},
	{"sha3.KMACXOF256.Read", func(b []byte) { read(sha3.NewKMACXOF256(preemptKey, nil), b) }},
	{"sha3.TupleHash128", func(b []byte) { must(sha3.TupleHash128([][]byte{b, b[:1]}, nil, 32)) }},
	{"sha3.ParallelHash128", func(b []byte) { must(sha3.ParallelHash128(b, 8192, nil, 32)) }},
	{"sha3.ParallelHash256/B=64", func(b []byte) { must(sha3.ParallelHash256(b, 64, nil, 64)) }},
	{"sha3.ParallelHashXOF128.Read", func(b []byte) { read(must(sha3.NewParallelHashXOF128(8192, nil)), b) }},
	{"sha3.KeccakPRG.Read", func(b []byte) {
		g := must(sha3.NewKeccakPRG(254))
		g.AddEntropy(preemptKey)
		read(g, b)
	}},
	{"sha3.KeccakPRG.AddEntropy", func(b []byte) { must(sha3.NewKeccakPRG(254)).AddEntropy(b) }},
	{"k12.SumKT128", func(b []byte) { k12.SumKT128(b, nil, 32) }},
	{"k12.SumKT256", func(b []byte) { k12.SumKT256(b, nil, 64) }},
	{"k12.KT128.Write", func(b []byte) { write(k12.NewKT128(nil), b) }},
	{"k12.KT128.Read", func(b []byte) { read(k12.NewKT128(nil), b) }},
	{"k12.SumM14", func(b []byte) { k12.SumM14(b, nil, 64) }},
	{"k12.SumTurboSHAKE128", func(b []byte) { k12.SumTurboSHAKE128(b, 0x1f, 32) }},
	{"k12.TurboSHAKE256.Read", func(b []byte) { read(must(k12.NewTurboSHAKE256(0x1f)), b) }},
	// The batch functions: many short messages, each kernel call a few
	// microseconds.
	{"sha256.SumMany", func(b []byte) { must(0, sha256.SumMany(make([][32]byte, len(b)/256), b, 256)) }},
	{"sha256.SumPairs", func(b []byte) { n := nodes(b); must(0, sha256.SumPairs(n[:len(n)/2], n)) }},
	{"sha3.SumManyKeccak256", func(b []byte) { must(0, sha3.SumManyKeccak256(make([][32]byte, len(b)/256), b, 256)) }},
	{"sha3.SumManySHAKE128", func(b []byte) { must(0, sha3.SumManySHAKE128(make([]byte, len(b)/8), 32, b, 256)) }},
	{"sha3.SHAKEMany.Read", func(b []byte) {
		var x sha3.SHAKEMany
		must(0, x.Init128(8, b[:8*34], 34))
		must(0, x.Read(b))
	}},
	{"blake3.SumMany", func(b []byte) { must(0, blake3.SumMany(make([][32]byte, len(b)/256), b, 256)) }},
	{"hmac.SHA256", func(b []byte) { write(hkhmac.New(sha256.New, preemptKey), b) }},
	{"hmac.SHA512", func(b []byte) { write(hkhmac.New(sha512.New, preemptKey), b) }},
	{"hmac.SHA1", func(b []byte) { write(hkhmac.New(sha1.New, preemptKey), b) }},
	{"hkdf.Key", func(b []byte) { must(hkdf.Key(sha256.New, b, nil, "info", 32)) }},
	// Each PBKDF2-HMAC iteration hashes two blocks.
	{"pbkdf2.SHA256", func(b []byte) { must(pbkdf2.Key(sha256.New, "pw", preemptKey, len(b)/128, 32)) }},
	{"pbkdf2.SHA256/64B", func(b []byte) { must(pbkdf2.Key(sha256.New, "pw", preemptKey, len(b)/256, 64)) }},
	{"pbkdf2.SHA512", func(b []byte) { must(pbkdf2.Key(sha512.New, "pw", preemptKey, len(b)/256, 64)) }},
	{"pbkdf2.SHA1", func(b []byte) { must(pbkdf2.Key(sha1.New, "pw", preemptKey, len(b)/128, 20)) }},
	{"pbkdf2.SHA1/32B", func(b []byte) { must(pbkdf2.Key(sha1.New, "pw", preemptKey, len(b)/256, 32)) }},
	// scrypt's memory is 128*r*N bytes.
	{"scrypt.Key", func(b []byte) { must(scrypt.Key(b[:8], preemptKey, pow2(len(b)/1024), 8, 1, 32)) }},
	{"scrypt.Key/p=2", func(b []byte) { must(scrypt.Key(b[:8], preemptKey, pow2(len(b)/2048), 8, 2, 32)) }},
	{"argon2.IDKey", func(b []byte) { argon2.IDKey(b[:8], preemptKey, 1, uint32(len(b)>>10), 1, 32) }},
	{"argon2.IDKey/p=2", func(b []byte) { argon2.IDKey(b[:8], preemptKey, 1, uint32(len(b)>>10), 2, 32) }},
	{"argon2.Key", func(b []byte) { argon2.Key(b[:8], preemptKey, 1, uint32(len(b)>>10), 1, 32) }},
	// eskdf is scrypt.DeriveKey and pbkdf2.Key with fixed, much larger costs.
}

// TestPreemption runs every workload beside forced garbage collections and
// beside a ticking goroutine with GOMAXPROCS=1. It skips under -short;
// scripts/matrix runs it on its own for arm64, s390x and 386, whose
// hashkit or standard-library assembly could hold a processor as amd64's
// can. The limits are in CPU time, so they hold under emulation too.
func TestPreemption(t *testing.T) {
	if testing.Short() {
		t.Skip("measures pauses of 100 ms workloads; skipped under -short")
	}
	switch runtime.GOARCH {
	case "amd64", "arm64", "s390x", "386":
	default:
		t.Skip("not run on " + runtime.GOARCH + ": scripts/matrix covers the GOARCHes with assembly paths through arm64, s390x and 386")
	}
	buf := make([]byte, preemptBuf)
	for i := range buf {
		buf[i] = byte(i * 7)
	}
	for _, w := range preemptWorkloads {
		t.Run(w.name, func(t *testing.T) {
			n := preemptSize(w, buf)
			t.Run("gc", func(t *testing.T) {
				measure(t, "CPU time while the world was stopped", maxGCPause, func() time.Duration {
					stopped, longest := worstGCPause(w, buf[:n])
					t.Logf("CPU time while stopped %v, longest pause %v", stopped, longest)
					return stopped
				})
			})
			t.Run("gomaxprocs=1", func(t *testing.T) {
				measure(t, "ticker lateness (CPU time)", maxTickDelay, func() time.Duration {
					d := worstTickDelay(w, buf[:n])
					t.Logf("ticker lateness (CPU time) %v", d)
					return d
				})
			})
		})
	}
}

// measure fails t when f's result exceeds limit preemptAttempts times in
// a row.
func measure(t *testing.T, what string, limit time.Duration, f func() time.Duration) {
	var got []time.Duration
	for range preemptAttempts {
		d := f()
		if d <= limit {
			return
		}
		t.Logf("%s %v, over the limit of %v", what, d, limit)
		got = append(got, d)
	}
	t.Errorf("%s %v, each over the limit of %v", what, got, limit)
}

// preemptSize returns the work size (a multiple of 1 MiB) that makes w take
// about preemptTarget of CPU time on one goroutine, at most len(buf).
func preemptSize(w preemptWorkload, buf []byte) int {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	const probe = 1 << 20
	best := time.Duration(1 << 62)
	for range 2 {
		start := cpuTime()
		w.run(buf[:probe])
		best = min(best, cpuTime()-start)
	}
	n := int(float64(probe) * float64(preemptTarget) / float64(max(best, time.Microsecond)))
	return min(max(n&^(probe-1), probe), len(buf))
}

// gcProcs is GOMAXPROCS while collections are forced: one P for the hash,
// one for the collector to ask for the world to stop.
const gcProcs = 2

// worstGCPause runs w on b while another goroutine calls runtime.GC in a
// loop. It returns the CPU time the process used while the world was
// stopped, at worst in one collection, and the longest stop-the-world pause
// (the lower bound of its bucket of /sched/pauses/total/gc:seconds).
//
// A stopped world uses next to no CPU, while a goroutine that cannot be
// stopped keeps its core busy through the whole pause; other processes on a
// shared machine can lengthen a pause but not fill it with this process's
// CPU time. So the CPU time of a collection's runtime.GC call, less what
// gcProcs Ps could have used outside its pauses, bounds the time the world
// waited for a running goroutine.
func worstGCPause(w preemptWorkload, b []byte) (stopped, longest time.Duration) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(gcProcs))
	var stop atomic.Bool
	done := make(chan struct{})
	go func() {
		defer close(done)
		s := []metrics.Sample{{Name: "/sched/pauses/total/gc:seconds"}}
		metrics.Read(s)
		prev := slices.Clone(s[0].Value.Float64Histogram().Counts)
		for !stop.Load() {
			cpu0, wall0 := cpuTime(), time.Now()
			runtime.GC()
			cpu, wall := cpuTime()-cpu0, time.Since(wall0)
			metrics.Read(s)
			h := s[0].Value.Float64Histogram()
			var paused time.Duration
			for i, c := range h.Counts {
				if c > prev[i] && !math.IsInf(h.Buckets[i], -1) {
					d := time.Duration(h.Buckets[i] * float64(time.Second))
					paused += time.Duration(c-prev[i]) * d
					longest = max(longest, d)
				}
			}
			copy(prev, h.Counts)
			stopped = max(stopped, cpu-gcProcs*(wall-paused))
		}
	}()
	w.run(b)
	stop.Store(true)
	<-done
	return stopped, longest
}

// worstTickDelay runs w on b with GOMAXPROCS=1 beside a goroutine that
// sleeps preemptTick at a time, and returns how much later than asked it
// woke at worst, in the process's CPU time.
func worstTickDelay(w preemptWorkload, b []byte) time.Duration {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var stop atomic.Bool
	var worst time.Duration
	ready, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		close(ready)
		for !stop.Load() {
			start := cpuTime()
			time.Sleep(preemptTick)
			worst = max(worst, cpuTime()-start-preemptTick)
		}
	}()
	<-ready // the ticker runs until its first sleep
	w.run(b)
	stop.Store(true)
	<-done
	return worst
}

// cpuTime returns the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
