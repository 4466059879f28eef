package blake3

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestKernels calls the dispatching kernels directly, under every
// implementation, and compares them with the portable functions: chunk
// and parent hashing at every count up to 33 (each SIMD width in lanes and
// one more or less) and counters that carry into the high word, single
// blocks at every block length and flag combination, and output blocks.
func TestKernels(t *testing.T) {
	in := hashtest.RandBytes(21, 33*chunkLen)
	key := [8]uint32{0x01234567, 0x89abcdef, 3, 4, 5, 6, 7, 0xffffffff}
	counters := []uint64{0, 1, 1<<32 - 5, 1<<32 - 1, 1<<54 - 40}
	hashtest.AllImplementations(t, "blake3", func(t *testing.T) {
		for n := 0; n <= 33; n++ {
			for _, ctr := range counters {
				for _, flags := range []uint32{0, flagKeyedHash, flagDeriveKeyMaterial} {
					want := make([]byte, n*cvLen+7)
					got := bytes.Clone(want)
					hashChunksGeneric(in[:n*chunkLen], &key, ctr, flags, want)
					hashChunks(in[:n*chunkLen], &key, ctr, flags, got)
					if !bytes.Equal(got, want) {
						t.Fatalf("hashChunks(%d chunks, counter %#x, flags %d) differs", n, ctr, flags)
					}
				}
			}
			want := make([]byte, n*cvLen+7)
			got := bytes.Clone(want)
			hashParentsGeneric(in[:n*BlockSize], &key, flagKeyedHash, want)
			hashParents(in[:n*BlockSize], &key, flagKeyedHash, got)
			if !bytes.Equal(got, want) {
				t.Fatalf("hashParents(%d pairs) differs", n)
			}
			// In place, as hashSubtree uses it.
			buf := bytes.Clone(in[:n*BlockSize])
			hashParents(buf, &key, 0, buf[:n*cvLen])
			hashParentsGeneric(in[:n*BlockSize], &key, 0, want)
			if !bytes.Equal(buf[:n*cvLen], want[:n*cvLen]) {
				t.Fatalf("hashParents(%d pairs) in place differs", n)
			}
		}
		for blockLen := uint32(0); blockLen <= BlockSize; blockLen++ {
			for flags := uint32(0); flags < 128; flags += 9 {
				block := (*[BlockSize]byte)(in[blockLen:])
				ctr := counters[int(blockLen)%len(counters)]
				cv, cvWant := key, key
				compressBlock(&cv, block, ctr, blockLen, flags)
				compressBlockGeneric(&cvWant, block, ctr, blockLen, flags)
				if cv != cvWant {
					t.Fatalf("compressBlock(len %d, flags %d) differs", blockLen, flags)
				}
				var out, outWant [BlockSize]byte
				compressOut(&out, &key, block, ctr, blockLen, flags)
				compressOutGeneric(&outWant, &key, block, ctr, blockLen, flags)
				if out != outWant {
					t.Fatalf("compressOut(len %d, flags %d) differs", blockLen, flags)
				}
			}
		}
		// Runs of whole blocks of a chunk (compressBlocks).
		for n := 1; n <= chunkLen/BlockSize; n++ {
			for _, se := range [][2]uint32{{0, 0}, {flagChunkStart, 0}, {0, flagChunkEnd}, {flagChunkStart, flagChunkEnd}} {
				ctr := counters[n%len(counters)]
				cv, cvWant := key, key
				compressBlocks(&cv, in[3:3+n*BlockSize], ctr, flagKeyedHash, se[0], se[1])
				for i := range n {
					f := uint32(flagKeyedHash)
					if i == 0 {
						f |= se[0]
					}
					if i == n-1 {
						f |= se[1]
					}
					compressBlockGeneric(&cvWant, (*[BlockSize]byte)(in[3+i*BlockSize:]), ctr, BlockSize, f)
				}
				if cv != cvWant {
					t.Fatalf("compressBlocks(%d blocks, start %d, end %d) differs", n, se[0], se[1])
				}
			}
		}
		root := node{cv: key, counter: 0, blockLen: 17, flags: flagChunkStart | flagChunkEnd}
		copy(root.block[:], in)
		for _, n := range []int{0, 1, 2, 3, 15, 16, 17, 33} {
			for _, ctr := range counters {
				got := make([]byte, n*BlockSize)
				want := make([]byte, n*BlockSize)
				outputBlocks(&root, ctr, got)
				for i := range n {
					s := compressGeneric(&root.cv, &root.block, ctr+uint64(i), root.blockLen, root.flags|flagRoot)
					for j, w := range s {
						want[i*BlockSize+4*j], want[i*BlockSize+4*j+1], want[i*BlockSize+4*j+2], want[i*BlockSize+4*j+3] = byte(w), byte(w>>8), byte(w>>16), byte(w>>24)
					}
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("outputBlocks(%d blocks, counter %#x) differs", n, ctr)
				}
			}
		}
	})
}

// TestCompressGeneric compares the unrolled compression with the loop form
// of the specification.
func TestCompressGeneric(t *testing.T) {
	in := hashtest.RandBytes(22, 200)
	for i := range 100 {
		cv := [8]uint32{uint32(i), 2, 3, 4, 5, 6, 7, uint32(i * 7)}
		block := (*[BlockSize]byte)(in[i:])
		if compressGeneric(&cv, block, uint64(i)<<30, uint32(i%65), uint32(i)) != compressReference(&cv, block, uint64(i)<<30, uint32(i%65), uint32(i)) {
			t.Fatalf("case %d differs", i)
		}
	}
}

// TestEveryLength compares Sum256, a Hasher fed in two random pieces, and
// 100 bytes of output, under every implementation, with the portable code
// at every length from 0 to 1100: one block, the blocks of one chunk and
// the chunk tails that the single-block kernels hash.
func TestEveryLength(t *testing.T) {
	in := hashtest.RandBytes(23, 1100)
	step := 1
	if testing.Short() {
		step = 7
	}
	want := make([][]byte, len(in)+1)
	cpu.Select("blake3", "")
	for n := 0; n <= len(in); n++ {
		want[n] = make([]byte, 100)
		r := OutputReader{root: messageRoot(in[:n], &iv, 0)}
		r.Read(want[n])
	}
	cpu.Restore("blake3")
	rng := rand.New(rand.NewPCG(24, 25))
	hashtest.AllImplementations(t, "blake3", func(t *testing.T) {
		for n := 0; n <= len(in); n += step {
			if s := Sum256(in[:n]); !bytes.Equal(s[:], want[n][:Size]) {
				t.Fatalf("Sum256 of %d bytes: %x, want %x", n, s, want[n][:Size])
			}
			h := New()
			cut := rng.IntN(n + 1)
			h.Write(in[:cut])
			h.Write(in[cut:n])
			got := make([]byte, 100)
			h.Read(got)
			if !bytes.Equal(got, want[n]) {
				t.Fatalf("%d bytes written as %d + %d: output %x, want %x", n, cut, n-cut, got[:16], want[n][:16])
			}
		}
	})
}

// TestSumChunkFlags compares sumChunk, which the batch functions call for
// keyed and derive-key messages of at most one chunk, with the reference
// under every implementation, with a key and flags other than Sum256's.
func TestSumChunkFlags(t *testing.T) {
	in := hashtest.RandBytes(26, chunkLen)
	key := contextKey("hashkit sumChunk test")
	step := 1
	if testing.Short() {
		step = 5
	}
	hashtest.AllImplementations(t, "blake3", func(t *testing.T) {
		for n := 0; n <= len(in); n += step {
			for _, flags := range []uint32{flagKeyedHash, flagDeriveKeyMaterial} {
				want := refOutput(in[:n], &key, flags, Size)
				if got := sumChunk(in[:n], &key, flags); !bytes.Equal(got[:], want) {
					t.Fatalf("%d bytes, flags %#x: %x, want %x", n, flags, got, want)
				}
			}
		}
	})
}

// TestCopyChunks compares copyChunks and copyChunksNT, under every
// implementation, with copies followed by the portable chunk hashing:
// every count up to 33, the three modes, counters that carry, and chunks
// gathered from gaps into a run, scattered from a run into gaps (Bao's
// decoder and encoder), and both at unaligned offsets; copyChunksNT's
// second copy at every alignment of its destination, lengths from none to
// more than its kernel takes in the calls it makes, and sources at every
// offset against it, and its prefetches of the same lengths (which must
// not fault or change anything). Bytes of dst outside the copies stay as
// they were.
func TestCopyChunks(t *testing.T) {
	const room = 40 * (chunkLen + 200)
	src := hashtest.RandBytes(27, room)
	ntLens := []int{0, 1, 64, 65, 200, 4100, 2*ntLinesMax*64 + 300}
	ntSrc := hashtest.RandBytes(29, ntLens[len(ntLens)-1]+64)
	ntDst := make([]byte, len(ntSrc)+64)
	combo := 0
	key := [8]uint32{0x01234567, 0x89abcdef, 3, 4, 5, 6, 7, 0xffffffff}
	layouts := map[string]func(k int) (from, to int){
		"gather":    func(k int) (int, int) { return 5 + k*chunkLen + 64*(k%3+k/2), k * chunkLen },
		"scatter":   func(k int) (int, int) { return k * chunkLen, k*chunkLen + 64*(k+bitsLen(k)) },
		"unaligned": func(k int) (int, int) { return 3 + k*(chunkLen+17), 1 + k*(chunkLen+129) },
	}
	hashtest.AllImplementations(t, "blake3", func(t *testing.T) {
		for name, layout := range layouts {
			for n := 0; n <= 33; n++ {
				from, to := make([]int, n), make([]int, n)
				chunks := make([]byte, n*chunkLen)
				for k := range n {
					from[k], to[k] = layout(k)
					copy(chunks[k*chunkLen:], src[from[k]:from[k]+chunkLen])
				}
				for _, ctr := range []uint64{0, 1<<32 - 5} {
					for _, flags := range []uint32{0, flagKeyedHash, flagDeriveKeyMaterial} {
						want := make([]byte, n*cvLen+7)
						got := bytes.Clone(want)
						hashChunksGeneric(chunks, &key, ctr, flags, want)
						dst := bytes.Repeat([]byte{0xa5}, room)
						wantDst := bytes.Clone(dst)
						for k := range n {
							copy(wantDst[to[k]:], chunks[k*chunkLen:(k+1)*chunkLen])
						}
						combo++
						ntLen, off, rel := ntLens[combo%len(ntLens)], combo*7%64, combo*5%64
						for i := range ntDst {
							ntDst[i] = 0x5a
						}
						wantNT := bytes.Clone(ntDst)
						copy(wantNT[off:], ntSrc[rel:rel+ntLen])
						if combo%2 == 0 {
							copyChunks(dst, to, src, from, &key, ctr, flags, got)
							wantNT = ntDst
						} else {
							next := ntSrc[rel : rel+ntLens[(combo+3)%len(ntLens)]]
							copyChunksNT(dst, to, src, from, &key, ctr, flags, got, ntDst[off:], ntSrc[rel:rel+ntLen], next)
						}
						if !bytes.Equal(got, want) {
							t.Fatalf("%s: copyChunks(%d chunks, counter %#x, flags %d): chaining values differ", name, n, ctr, flags)
						}
						if !bytes.Equal(dst, wantDst) {
							t.Fatalf("%s: copyChunks(%d chunks, counter %#x, flags %d): copies differ", name, n, ctr, flags)
						}
						if !bytes.Equal(ntDst, wantNT) {
							t.Fatalf("%s: copyChunksNT(%d chunks, %d bytes from offset %d to offset %d): second copy differs", name, n, ntLen, rel, off)
						}
					}
				}
			}
		}
	})
}

// bitsLen is the number of bits of k, as pre-order's count of parents
// before a leaf grows.
func bitsLen(k int) int {
	n := 0
	for ; k > 0; k >>= 1 {
		n++
	}
	return n
}

// TestCopyNT compares copyNT with copy under every implementation, at
// every alignment of dst and of src against it and lengths around whole
// lines, with and without the fence: the bytes copied, and none past them.
func TestCopyNT(t *testing.T) {
	src := hashtest.RandBytes(28, 1200)
	hashtest.AllImplementations(t, "blake3", func(t *testing.T) {
		for off := range 64 {
			for rel := range 64 {
				for _, n := range []int{0, 1, 63, 64, 65, 127, 128, 200, 1024, 1025} {
					dst := bytes.Repeat([]byte{0xa5}, 1200)
					want := bytes.Clone(dst)
					copy(want[off:], src[rel:rel+n])
					copyNT(dst[off:], src[rel:rel+n], n%2 == 0)
					if !bytes.Equal(dst, want) {
						t.Fatalf("copyNT of %d bytes from offset %d to offset %d differs", n, rel, off)
					}
				}
			}
		}
	})
}
