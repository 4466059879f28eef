package bench

import (
	"bytes"
	"io"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/blake3/bao"
	"github.com/hashkit/hashkit/blake3/hazmat"
	lukebao "lukechampine.com/blake3/bao"
)

// TestBaoCPUTimeRatios measures the Bao targets by thread CPU time
// on one core (GOMAXPROCS 1; see cpuTimeMedians): combined encode and
// decode of 16 MiB against hashkit's blake3.Sum256 of the same bytes
// (targets 1.15x and 1.25x) and against lukechampine.com/blake3/bao
// (targets 2x with group 0, 1.5x with group 4); outboard encodings too.
// Run it with
// HASHKIT_CPUTIME=1 go test -run BaoCPUTime -v.
func TestBaoCPUTimeRatios(t *testing.T) {
	measuring(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	const size = 16 << 20
	in := baoInput(size)
	sum := func() { sink256 = blake3.Sum256(in) }
	for _, group := range []int{0, 4} {
		opt := &bao.Options{GroupSize: 1024 << group}
		enc, root, _ := bao.Encode(in, opt)
		ob, _, _ := bao.EncodeOutboard(in, opt)
		d, _ := bao.NewDecoder(bytes.NewReader(enc), &root, opt)
		do, _ := bao.NewOutboardDecoder(bytes.NewReader(in), bytes.NewReader(ob), &root, opt)
		ours := map[string]func(){
			"encode": func() { bao.Encode(in, opt) },
			"decode": func() {
				d.Seek(0, io.SeekStart)
				if _, err := io.Copy(io.Discard, d); err != nil {
					t.Fatal(err)
				}
			},
			"Decode": func() {
				if _, err := bao.Decode(enc, &root, opt); err != nil {
					t.Fatal(err)
				}
			},
			"DecodeOutboard": func() {
				if _, err := bao.DecodeOutboard(in, ob, &root, opt); err != nil {
					t.Fatal(err)
				}
			},
			"outboard encode": func() { bao.EncodeOutboard(in, opt) },
			"outboard decode": func() {
				do.Seek(0, io.SeekStart)
				if _, err := io.Copy(io.Discard, do); err != nil {
					t.Fatal(err)
				}
			},
		}
		peers := map[string]func(){
			"encode":          func() { lukebao.EncodeBuf(in, group, false) },
			"decode":          func() { lukebao.Decode(io.Discard, bytes.NewReader(enc), nil, group, root) },
			"outboard encode": func() { lukebao.EncodeBuf(in, group, true) },
			"Decode": func() {
				var b bytes.Buffer
				lukebao.Decode(&b, bytes.NewReader(enc), nil, group, root)
			},
			"DecodeOutboard":  func() { lukebao.VerifyBuf(in, ob, group, root) },
			"outboard decode": func() { lukebao.Decode(io.Discard, bytes.NewReader(in), bytes.NewReader(ob), group, root) },
		}
		for _, op := range []string{"encode", "decode", "Decode", "outboard encode", "outboard decode", "DecodeOutboard"} {
			mo, ms := cpuTimeMedians(t, 3, 9, ours[op], sum)
			t.Logf("group %d %s: hashkit %9v, Sum256 %9v: %.2fx Sum256's time", group, op, mo, ms, float64(mo)/float64(ms))
			mo, mp := cpuTimeMedians(t, 3, 9, ours[op], peers[op])
			t.Logf("group %d %s: hashkit %9v, lukechampine %9v: %.2fx faster", group, op, mo, mp, float64(mp)/float64(mo))
		}
	}
}

// TestHazmatCPUTime measures the subtree target: 16 MiB hashed as
// 16 subtrees of 1 MiB on 2 goroutines and merged, against blake3.Sum256
// of the same bytes with GOMAXPROCS 2, by process CPU time (both threads)
// and by wall time, medians of interleaved batches. Run it with
// HASHKIT_CPUTIME=1 go test -run HazmatCPUTime -v.
func TestHazmatCPUTime(t *testing.T) {
	measuring(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	const size, piece = 16 << 20, 1 << 20
	in := baoInput(size)
	subs := make([]*hazmat.Subtree, size/piece)
	for i := range subs {
		subs[i], _ = hazmat.NewSubtree(hazmat.Hash(), uint64(i*piece))
	}
	cvs := make([]hazmat.ChainingValue, len(subs))
	pieces := func() {
		var wg sync.WaitGroup
		for w := range 2 {
			wg.Go(func() {
				for i := w; i < len(subs); i += 2 {
					subs[i].Reset()
					subs[i].Write(in[i*piece : (i+1)*piece])
					cvs[i], _ = subs[i].ChainingValue()
				}
			})
		}
		wg.Wait()
		for n := len(cvs); n > 2; n /= 2 {
			for i := range n / 2 {
				cvs[i] = hazmat.MergeNonRoot(cvs[2*i], cvs[2*i+1], hazmat.Hash())
			}
		}
		sink256 = hazmat.MergeRoot(cvs[0], cvs[1], hazmat.Hash())
	}
	sum := func() { sink256 = blake3.Sum256(in) }
	mo, ms := mediansBy(processCPU, 5, 15, pieces, sum)
	t.Logf("CPU time: subtrees %9v, Sum256 %9v: %.2fx Sum256's", mo, ms, float64(mo)/float64(ms))
	wall := func() time.Duration { return time.Duration(time.Now().UnixNano()) }
	mo, ms = mediansBy(wall, 5, 15, pieces, sum)
	t.Logf("wall time: subtrees %9v, Sum256 %9v: %.2fx Sum256's", mo, ms, float64(mo)/float64(ms))
}
