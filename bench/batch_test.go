package bench

import (
	stdsha256 "crypto/sha256"
	"strconv"
	"strings"
	"testing"

	"github.com/prysmaticlabs/gohashtree"
	zeebo "github.com/zeebo/blake3"
	xsha3 "golang.org/x/crypto/sha3"

	"github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/sha256"
	"github.com/hashkit/hashkit/sha3"
)

// The batch functions (many messages of one length in one call) against
// github.com/prysmaticlabs/gohashtree for Merkle layers and against loops
// of the one-message functions of hashkit and the peers. Run with -cpu 1
// for the one-core figures; the /n=1048576 cases run once with -cpu 1 and
// once with -cpu 2 give the two-core scaling (not -cpu 1,2 in one run: the
// testing package then runs sub-benchmarks with the wrong GOMAXPROCS,
// golang/go#49980).

// TestBatchPeers checks the batch functions against the peers here (the
// package tests compare with the standard library).
func TestBatchPeers(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 16, 17, 100} {
		nodes := make([][32]byte, 2*n)
		for i := range nodes {
			copy(nodes[i][:], hashtest.RandBytes(uint64(i), 32))
		}
		ours, theirs := make([][32]byte, n), make([][32]byte, n)
		if err := sha256.SumPairs(ours, nodes); err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			if err := gohashtree.Hash(theirs, nodes); err != nil {
				t.Fatal(err)
			}
		}
		for i := range n {
			if ours[i] != theirs[i] {
				t.Fatalf("%d pairs: parent %d differs from gohashtree", n, i)
			}
		}
		for _, l := range []int{0, 1, 64, 136, 1024} {
			data := hashtest.RandBytes(uint64(l), n*l)
			k, b3 := make([][32]byte, n), make([][32]byte, n)
			if err := sha3.SumManyKeccak256(k, data, l); err != nil {
				t.Fatal(err)
			}
			if err := blake3.SumMany(b3, data, l); err != nil {
				t.Fatal(err)
			}
			h := xsha3.NewLegacyKeccak256()
			for i := range n {
				h.Reset()
				h.Write(data[i*l : (i+1)*l])
				if [32]byte(h.Sum(nil)) != k[i] {
					t.Fatalf("%d messages of %d bytes: Keccak-256 %d differs from x/crypto", n, l, i)
				}
				if zeebo.Sum256(data[i*l:(i+1)*l]) != b3[i] {
					t.Fatalf("%d messages of %d bytes: BLAKE3 %d differs from zeebo", n, l, i)
				}
			}
		}
	}
}

// batchCase is one measurement: data, n messages of size bytes, and the
// functions that hash them, hashkit's batch function first.
type batchCase struct {
	name    string // case/n=/size=
	data    []byte
	impls   []batchImpl
	repsCPU int // calls per timed round in TestBatchCPUTimeRatios
}

type batchImpl struct {
	name string
	f    func(data []byte)
}

// batchCases returns the cases of the targets; the 2^20-message
// ones only with all.
func batchCases(all bool) []*batchCase {
	var cases []*batchCase
	// One output buffer for every case, made here rather than with the
	// package: 32 MiB live from start-up doubles the heap goal of every
	// benchmark in the binary, whose allocations then run into fresh pages.
	batchOut := make([][32]byte, 1<<20)
	add := func(name string, n, size int, impls ...batchImpl) {
		if n >= 1<<20 && !all {
			return
		}
		cases = append(cases, &batchCase{
			name:    name + "/n=" + strconv.Itoa(n) + "/size=" + strconv.Itoa(size),
			data:    hashtest.RandBytes(uint64(size), n*size),
			impls:   impls,
			repsCPU: max(1, (8<<20)/(n*size+1)),
		})
	}
	// SHA-256 Merkle layers: n pairs of 32-byte nodes (the case's data only
	// give its size: the nodes are a slice of their own).
	for _, n := range []int{1 << 12, 1 << 16, 1 << 20} {
		nodes := make([][32]byte, 2*n)
		for i := range nodes {
			nodes[i][0] = byte(i)
		}
		out := batchOut[:n]
		nodeBytes := digestBytes(nodes)
		add("merkle", n, 64,
			batchImpl{"hashkit", func([]byte) { sha256.SumPairs(out, nodes) }},
			batchImpl{"gohashtree", func([]byte) { gohashtree.Hash(out, nodes) }},
			batchImpl{"stdlib-loop", func([]byte) {
				for i := range n {
					out[i] = stdsha256.Sum256(nodeBytes[64*i : 64*i+64])
				}
			}})
	}
	// SHA-256 of n messages.
	for _, c := range [][2]int{{1 << 12, 64}, {1 << 12, 256}, {1 << 20, 64}} {
		n, size := c[0], c[1]
		out := batchOut[:n]
		add("sha256", n, size,
			batchImpl{"hashkit", func(data []byte) { sha256.SumMany(out, data, size) }},
			batchImpl{"hashkit-loop", func(data []byte) {
				for i := range n {
					out[i] = sha256.Sum256(data[i*size : (i+1)*size])
				}
			}},
			batchImpl{"stdlib-loop", func(data []byte) {
				for i := range n {
					out[i] = stdsha256.Sum256(data[i*size : (i+1)*size])
				}
			}})
	}
	// Keccak-256 of n messages.
	for _, c := range [][2]int{{1 << 12, 64}, {1 << 12, 136}, {1 << 20, 64}} {
		n, size := c[0], c[1]
		out := batchOut[:n]
		h := xsha3.NewLegacyKeccak256()
		add("keccak256", n, size,
			batchImpl{"hashkit", func(data []byte) { sha3.SumManyKeccak256(out, data, size) }},
			batchImpl{"hashkit-loop", func(data []byte) {
				for i := range n {
					out[i] = sha3.SumKeccak256(data[i*size : (i+1)*size])
				}
			}},
			batchImpl{"xcrypto-loop", func(data []byte) {
				for i := range n {
					h.Reset()
					h.Write(data[i*size : (i+1)*size])
					h.Sum(out[i][:0])
				}
			}})
	}
	// SHAKE128 matrix expansion: 4 streams of 34-byte seeds, 840 bytes each.
	stream := make([]byte, 4*840)
	add("shake128x4", 4, 34,
		batchImpl{"hashkit", func(data []byte) {
			var x sha3.SHAKEMany
			x.Init128(4, data, 34)
			x.Read(stream)
		}},
		batchImpl{"hashkit-loop", func(data []byte) {
			for i := range 4 {
				h := sha3.NewSHAKE128()
				h.Write(data[34*i : 34*i+34])
				h.Read(stream[840*i : 840*i+840])
			}
		}},
		batchImpl{"xcrypto-loop", func(data []byte) {
			for i := range 4 {
				h := xsha3.NewShake128()
				h.Write(data[34*i : 34*i+34])
				h.Read(stream[840*i : 840*i+840])
			}
		}})
	// BLAKE3 of n messages.
	for _, c := range [][2]int{{1 << 12, 64}, {1 << 12, 1024}, {1 << 20, 64}} {
		n, size := c[0], c[1]
		out := batchOut[:n]
		add("blake3", n, size,
			batchImpl{"hashkit", func(data []byte) { blake3.SumMany(out, data, size) }},
			batchImpl{"hashkit-loop", func(data []byte) {
				for i := range n {
					out[i] = blake3.Sum256(data[i*size : (i+1)*size])
				}
			}},
			batchImpl{"zeebo-loop", func(data []byte) {
				for i := range n {
					out[i] = zeebo.Sum256(data[i*size : (i+1)*size])
				}
			}})
	}
	return cases
}

// digestBytes returns the bytes of the nodes, back to back.
func digestBytes(d [][32]byte) []byte {
	b := make([]byte, 0, 32*len(d))
	for i := range d {
		b = append(b, d[i][:]...)
	}
	return b
}

// BenchmarkBatch: batch/impl=<name>/n=<messages>/size=<bytes>, so that
// benchstat -col /impl puts the peers side by side. The 2^20-message
// cases, for the two-core comparison, only outside -short.
func BenchmarkBatch(b *testing.B) {
	for _, c := range batchCases(!testing.Short()) {
		name, rest, _ := strings.Cut(c.name, "/")
		for _, im := range c.impls {
			b.Run(name+"/impl="+im.name+"/"+rest, func(b *testing.B) {
				b.SetBytes(int64(len(c.data)))
				b.ReportAllocs()
				for b.Loop() {
					im.f(c.data)
				}
			})
		}
	}
}
