package main

import (
	"fmt"
	"os"
	"os/signal"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progressDelay is how long work must run before a bar appears: quick jobs
// stay silent. HASHKIT_PROGRESS_DELAY (a Go duration) overrides it, for tests.
var progressDelay = func() time.Duration {
	if d, err := time.ParseDuration(os.Getenv("HASHKIT_PROGRESS_DELAY")); err == nil {
		return d
	}
	return time.Second
}()

// progress is one bar on stderr for all the bytes a command reads. In auto
// mode it appears only when stderr is a terminal and stdout is not a pipe,
// and only once the work has run for progressDelay.
type progress struct {
	on     bool
	done   atomic.Int64
	total  int64 // -1 if unknown (standard input, devices)
	more   bool  // more files may be added (extend): the bar must not end at total
	files  atomic.Int64
	nfiles int // files to hash, shown beside the bytes
	sigs   chan os.Signal
	mu     sync.Mutex
	bar    *progressbar.ProgressBar
	stop   chan struct{}
	wg     sync.WaitGroup
}

func newProgress(e *env, mode string, files []string) *progress {
	p := &progress{stop: make(chan struct{})}
	switch mode {
	case "always":
		p.on = true
	case "auto":
		p.on = e.onTerminal(e.stderr) && !isPipe(e.stdout)
	}
	// Never draw while the terminal is being read: the bar would overwrite
	// what the user types.
	if slices.Contains(files, "-") && e.onTerminal(e.stdin) {
		p.on = false
	}
	if !p.on {
		return p
	}
	p.total = filesSize(files)
	delay := progressDelay
	if mode == "always" {
		delay = 0
	}
	p.nfiles = len(files)
	p.clearOnSignal(e)
	p.wg.Add(1)
	go p.run(e, delay, "hashing")
	return p
}

// filesSize returns the total size of files, or -1 if one of them is
// standard input or not a regular file (its size is not known).
func filesSize(files []string) int64 {
	var total int64
	for _, name := range files {
		st, err := os.Stat(name)
		if name == "-" || err != nil || !st.Mode().IsRegular() {
			return -1
		}
		total += st.Size()
	}
	return total
}

// extend adds files, the next batch of a list checked a batch at a time,
// to the work the bar counts, so that one bar runs through the whole list
// (none for the first batch, which newProgress counted); more says whether
// another batch may follow. A bar of known size whose new files' sizes are
// not known keeps the size it has.
func (p *progress) extend(e *env, files []string, more bool) {
	if !p.on {
		return
	}
	if slices.Contains(files, "-") && e.onTerminal(e.stdin) {
		p.finish() // as newProgress: no bar while the terminal is read
		return
	}
	n := filesSize(files)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.nfiles += len(files)
	if p.total >= 0 && n >= 0 {
		p.total += n
	}
	p.more = more
	if p.bar != nil && p.total >= 0 {
		p.bar.ChangeMax64(p.max())
	}
}

// max is the bar's size: one more than the bytes known while more files
// may follow, so that the bar, which ends once it reaches its size, stays
// up between a batch and the next.
func (p *progress) max() int64 {
	if p.more && p.total >= 0 {
		return p.total + 1
	}
	return p.total
}

// newWorkProgress is a bar for a job of total units that is not reading
// files (key derivation): the caller reports with set.
func newWorkProgress(e *env, mode string, total int64, what string) *progress {
	p := &progress{stop: make(chan struct{}), total: total}
	p.on = mode == "always" || (mode == "auto" && e.onTerminal(e.stderr))
	if p.on {
		delay := progressDelay / 2
		if mode == "always" {
			delay = 0
		}
		p.wg.Add(1)
		go p.run(e, delay, what)
	}
	return p
}

func isPipe(w any) bool {
	f, ok := fileOf(w)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&(os.ModeNamedPipe|os.ModeSocket) != 0
}

func (p *progress) run(e *env, delay time.Duration, what string) {
	defer p.wg.Done()
	select {
	case <-p.stop:
		return
	case <-time.After(delay):
	}
	opts := []progressbar.Option{
		progressbar.OptionSetWriter(e.stderr),
		progressbar.OptionSetDescription(what),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(100 * time.Millisecond),
		progressbar.OptionShowElapsedTimeOnFinish(),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSetRenderBlankState(true),
		// No drawing from the library's own goroutine (it animates a bar of
		// unknown length): all drawing happens under p.mu, in run.
		progressbar.OptionSetSpinnerChangeInterval(0),
	}
	if what == "hashing" {
		opts = append(opts, progressbar.OptionShowBytes(true))
	}
	p.mu.Lock()
	p.bar = progressbar.NewOptions64(p.max(), opts...)
	p.mu.Unlock()
	t := time.NewTicker(100 * time.Millisecond)
	defer t.Stop()
	for {
		p.mu.Lock()
		p.describe()
		p.bar.Set64(p.done.Load())
		p.mu.Unlock()
		select {
		case <-p.stop:
			return
		case <-t.C:
		}
	}
}

// describe puts the files hashed so far in a hashing bar's description;
// the caller holds p.mu.
func (p *progress) describe() {
	if p.nfiles > 0 {
		p.bar.Describe(fmt.Sprintf("hashing %d/%d files", p.files.Load(), p.nfiles))
	}
}

func (p *progress) add(n int)   { p.done.Add(int64(n)) }
func (p *progress) set(n int64) { p.done.Store(n) }
func (p *progress) fileDone()   { p.files.Add(1) }

// clearOnSignal makes Ctrl-C and SIGTERM wipe the bar before the command
// dies by the signal (as kdf does), so the terminal is left clean.
func (p *progress) clearOnSignal(e *env) {
	p.sigs = make(chan os.Signal, 1)
	signal.Notify(p.sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		s, ok := <-p.sigs
		if !ok {
			return
		}
		p.mu.Lock()
		if p.bar != nil {
			p.bar.Clear()
		}
		fmt.Fprintf(e.stderr, "%s: interrupted\n", e.prog)
		os.Exit(dieBySignal(s))
	}()
}

// pause keeps the bar from drawing until resume is called, and first wipes
// it from the terminal when wipe is set, so that a line can be printed where
// it was; the next tick draws it again below.
func (p *progress) pause(wipe bool) (resume func()) {
	p.mu.Lock()
	if wipe && p.bar != nil {
		p.bar.Clear()
	}
	return p.mu.Unlock
}

// finish stops and removes the bar, if any: a nil progress is none.
func (p *progress) finish() {
	if p == nil || !p.on {
		return
	}
	select {
	case <-p.stop:
		return
	default:
		close(p.stop)
	}
	if p.sigs != nil {
		signal.Stop(p.sigs)
		close(p.sigs)
	}
	p.wg.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		p.describe()
		p.bar.Set64(p.done.Load())
		p.bar.Finish()
		p.bar.Clear()
		p.bar = nil // a later pause has nothing to wipe
	}
}
