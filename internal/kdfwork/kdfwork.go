// Package kdfwork accounts the work of a memory-hard key derivation that
// runs on several goroutines (scrypt's parallel mixes, Argon2's lanes): it
// stops them all soon after the context is cancelled, and reports progress
// a bounded number of times. (pbkdf2, on one goroutine, keeps its own
// lighter monitor.)
package kdfwork

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/hashkit/hashkit/internal/preempt"
)

// Monitor is shared by the goroutines of one derivation. Init it before
// use; do not copy it.
type Monitor struct {
	ctx      context.Context
	progress func(float64)
	total    int64

	stopped atomic.Bool
	errOnce sync.Once
	err     error

	done     atomic.Int64
	mu       sync.Mutex
	reported atomic.Int64 // hundredths already reported
}

// Init prepares m for total units of work. ctx may be nil (no
// cancellation) and progress nil (no reports).
func (m *Monitor) Init(ctx context.Context, progress func(float64), total int64) {
	m.ctx, m.progress, m.total = ctx, progress, total
}

// Checkpoint accounts n more units of work and reports whether the
// derivation must stop. Callers call it every few milliseconds of work.
// Progress is reported at most once per hundredth and never as 1: Finish
// does that.
func (m *Monitor) Checkpoint(n int) bool {
	if m.ctx == nil && m.progress == nil {
		return false
	}
	if m.stopped.Load() {
		return true
	}
	if m.ctx != nil {
		if runtime.GOARCH == "wasm" {
			// No preemption there: let the goroutine that would cancel ctx
			// (or the timer behind its deadline) run.
			runtime.Gosched()
		}
		select {
		case <-m.ctx.Done():
			m.errOnce.Do(func() { m.err = m.ctx.Err() })
			m.stopped.Store(true)
			return true
		default:
		}
	}
	if m.progress != nil {
		d := m.done.Add(int64(n))
		if pct := d * 100 / m.total; pct > m.reported.Load() && pct < 100 {
			m.mu.Lock()
			if pct > m.reported.Load() {
				m.reported.Store(pct)
				m.progress(float64(d) / float64(m.total))
			}
			m.mu.Unlock()
		}
	}
	return false
}

// Stopped reports whether a Checkpoint saw the context cancelled.
func (m *Monitor) Stopped() bool { return m.stopped.Load() }

// Err returns the context's error that stopped the derivation, or nil.
func (m *Monitor) Err() error {
	if !m.stopped.Load() {
		return nil
	}
	return m.err
}

// Done returns the units of work counted (only when reporting progress).
func (m *Monitor) Done() int64 { return m.done.Load() }

// Finish reports completion (progress 1), if progress is reported.
func (m *Monitor) Finish() {
	if m.progress != nil {
		m.progress(1)
	}
}

// wipePart is the least memory Wipe gives a goroutine of its own: below it,
// starting one costs about as much as it saves.
const wipePart = 1 << 20

// Wipe zeroes s, a derivation's working memory, before it is freed. A large
// s is cut into one part per core (GOMAXPROCS), zeroed together, since one
// core alone does not reach the memory's write bandwidth; each part is
// zeroed in preemptible pieces (preempt.Clear).
func Wipe[E any](s []E) {
	var zero E
	bytes := len(s) * int(unsafe.Sizeof(zero))
	parts := min(runtime.GOMAXPROCS(0), bytes/wipePart)
	if parts <= 1 {
		preempt.Clear(s)
		return
	}
	var wg sync.WaitGroup
	for i := 1; i < parts; i++ {
		part := s[i*len(s)/parts : (i+1)*len(s)/parts]
		wg.Add(1)
		go func() {
			defer wg.Done()
			preempt.Clear(part)
		}()
	}
	preempt.Clear(s[:len(s)/parts])
	wg.Wait()
}

// background counts the cleanups AfterStop runs on goroutines of their own.
var background sync.WaitGroup

// AfterStop runs cleanup, which wipes and releases a derivation's working
// memory, so that the derivation returns within milliseconds of ctx's
// cancel: zeroing GiB takes tens to hundreds of milliseconds. When the
// derivation stopped (cancelled), cleanup runs on a goroutine of its own
// and AfterStop returns at once; when it completed, AfterStop waits for
// cleanup, so that the memory is free when the derivation returns, unless
// ctx is done first (then cleanup goes on by itself). ctx may be nil.
func AfterStop(ctx context.Context, stopped bool, cleanup func()) {
	background.Add(1)
	done := make(chan struct{})
	go func() {
		defer background.Done()
		cleanup()
		close(done)
	}()
	if stopped {
		return
	}
	var cancelled <-chan struct{}
	if ctx != nil {
		cancelled = ctx.Done()
	}
	select {
	case <-done:
	case <-cancelled:
	}
}

// WaitCleanups waits until the cleanups AfterStop runs on goroutines of
// their own are done, for tests that inspect the memory or count goroutines.
func WaitCleanups() { background.Wait() }
