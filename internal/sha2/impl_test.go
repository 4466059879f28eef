package sha2

import (
	"runtime"
	"slices"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
)

// blockCounts are the numbers of blocks the kernel tests hash in one call:
// small counts, and counts around the 64 KiB pieces of the dispatch.
var blockCounts = []int{0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 1023, 1024, 1025, 2049}

// TestBlock256Kernels runs Block256 on every implementation and compares
// the chaining value with block256Generic, from random starting values.
func TestBlock256Kernels(t *testing.T) {
	msg := hashtest.RandBytes(256, 2049*BlockSize256)
	seed := hashtest.RandBytes(257, 32*len(blockCounts))
	testBlockKernels(t, "sha256", BlockSize256, 3, msg, seed, Block256, block256Generic)
}

// TestBlock512Kernels is TestBlock256Kernels for Block512.
func TestBlock512Kernels(t *testing.T) {
	msg := hashtest.RandBytes(512, 2049*BlockSize512)
	seed := hashtest.RandBytes(513, 64*len(blockCounts))
	testBlockKernels(t, "sha512", BlockSize512, 5, msg, seed, Block512, block512Generic)
}

// testBlockKernels compares block with generic on every implementation of
// pkg, for each count in blockCounts (those over 64 only outside -short): the
// i-th count of blocks of msg, from offset i*step where msg is long enough
// (so also unaligned), from the chaining value whose words are read
// little-endian from the i-th 8-word slice of seed.
func testBlockKernels[W uint32 | uint64](t *testing.T, pkg string, blockSize, step int, msg, seed []byte, block, generic func(*[8]W, []byte)) {
	ws := len(seed) / len(blockCounts) / 8 // bytes per word
	hashtest.AllImplementations(t, pkg, func(t *testing.T) {
		for i, n := range blockCounts {
			if testing.Short() && n > 64 {
				continue
			}
			var h [8]W
			for j := range h {
				for k := range ws {
					h[j] |= W(seed[8*ws*i+ws*j+k]) << (8 * k)
				}
			}
			want := h
			off := i * step
			p := msg[:n*blockSize]
			if n*blockSize+off <= len(msg) {
				p = msg[off : off+n*blockSize]
			}
			generic(&want, p)
			block(&h, p)
			if h != want {
				t.Fatalf("%d blocks: %x, generic %x", n, h, want)
			}
		}
	})
}

// TestKernelsRegistered checks the registry: every amd64 or arm64 kernel,
// best first (the dispatch and HASHKIT_DISABLE rely on these names), and none
// elsewhere or under purego.
func TestKernelsRegistered(t *testing.T) {
	names256, _ := cpu.Registered("sha256")
	names512, _ := cpu.Registered("sha512")
	want256, want512 := []string{"shani", "avx2", "avx2lean", "onecall", "onecallsse", "manyavx512", "manyshani", "manyavx2"}, []string{"avx512", "avx512ymm", "avx2ymm", "avx2", "avx512lean"}
	if runtime.GOARCH == "arm64" {
		want256, want512 = []string{"sha2", "onecall"}, []string{"sha512"}
	}
	if !useAsm {
		want256, want512 = nil, nil
	}
	if !slices.Equal(names256, want256) || !slices.Equal(names512, want512) {
		t.Fatalf("registered sha256 %v, sha512 %v; want %v, %v", names256, names512, want256, want512)
	}
	t.Logf("available here: sha256 %v, sha512 %v", cpu.Impls("sha256"), cpu.Impls("sha512"))
}
