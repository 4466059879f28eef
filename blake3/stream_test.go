package blake3

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// Tests of the Hasher's buffer of bufChunks chunks: writes that end just
// before, at and after each power of two of chunks up to the buffer and
// beyond it, random splits with Clone and marshalling in between, and
// states of the version 1 format, which kept a partly compressed chunk.

// bufferBoundaries are write sizes around 1, 2, 4, 8, 16 and 32 chunks.
func bufferBoundaries() []int {
	ls := []int{1, BlockSize}
	for _, k := range []int{1, 2, 4, 8, 16, 32} {
		ls = append(ls, k*chunkLen-1, k*chunkLen, k*chunkLen+1)
	}
	return ls
}

// keyOf returns the key of the mode flags (0 or flagKeyedHash): the IV or
// key.
func keyOf(flags uint32, key *[8]uint32) *[8]uint32 {
	if flags != 0 {
		return key
	}
	return &iv
}

// oneShot returns Sum and 100 bytes of output of in, hashed as a whole.
func oneShot(in []byte, key *[8]uint32, flags uint32) ([]byte, []byte) {
	r := OutputReader{root: messageRoot(in, key, flags)}
	out := make([]byte, 100)
	r.Read(out)
	return out[:Size], out
}

// checkHasher compares h's Sum and output with want's, and that Sum left
// h unchanged.
func checkHasher(t *testing.T, h *Hasher, wantSum, wantOut []byte, what string) {
	t.Helper()
	if got := h.Sum(nil); !bytes.Equal(got, wantSum) {
		t.Fatalf("%s: Sum %x, want %x", what, got, wantSum)
	}
	out := make([]byte, len(wantOut))
	h.XOF().Read(out)
	if !bytes.Equal(out, wantOut) {
		t.Fatalf("%s: output %x, want %x", what, out[:16], wantOut[:16])
	}
}

// TestBufferBoundaries writes a message in three pieces, the first two of
// every size in bufferBoundaries, clones after the first and marshals after
// the second, for the hash and the keyed hash.
func TestBufferBoundaries(t *testing.T) {
	in := hashtest.RandBytes(41, 70*chunkLen+5)
	key := [8]uint32{9, 8, 7, 6, 5, 4, 3, 2}
	sizes := bufferBoundaries()
	if testing.Short() {
		in = in[:34*chunkLen+5]
		sizes = []int{1, 2*chunkLen + 1, 16*chunkLen - 1, 16 * chunkLen, 16*chunkLen + 1}
	}
	hashtest.AllImplementations(t, "blake3", func(t *testing.T) {
		for _, flags := range []uint32{0, flagKeyedHash} {
			k := keyOf(flags, &key)
			wantSum, wantOut := oneShot(in, k, flags)
			for _, a := range sizes {
				for _, b := range sizes {
					var h Hasher
					h.init(k, flags)
					h.Write(in[:a])
					c, _ := h.Clone()
					h.Write(in[a : a+b])
					if flags == 0 {
						st, err := h.MarshalBinary()
						if err != nil {
							t.Fatal(err)
						}
						h = Hasher{}
						h.init(k, flags)
						if err := h.UnmarshalBinary(st); err != nil {
							t.Fatalf("after %d, %d bytes: %v", a, b, err)
						}
					}
					h.Write(in[a+b:])
					checkHasher(t, &h, wantSum, wantOut, "writes of "+strconv.Itoa(a)+", "+strconv.Itoa(b)+" and the rest")
					// The clone goes on in pieces of b bytes (of at least 61:
					// one-byte pieces are TestStreamingSplits' job).
					hc := c.(*Hasher)
					step := max(b, 61)
					for p := in[a:]; len(p) > 0; p = p[min(step, len(p)):] {
						hc.Write(p[:min(step, len(p))])
					}
					checkHasher(t, hc, wantSum, wantOut, "clone after "+strconv.Itoa(a)+", then pieces of "+strconv.Itoa(step))
				}
			}
		}
	})
}

// randomPiece returns a write size near a block, chunk or buffer boundary,
// or anywhere up to 40 KiB.
func randomPiece(rng *rand.Rand) int {
	switch rng.IntN(4) {
	case 0:
		return rng.IntN(2 * BlockSize)
	case 1:
		return rng.IntN(4)*chunkLen + rng.IntN(5) - 2
	case 2:
		return rng.IntN(3)*bufChunks*chunkLen + rng.IntN(2*chunkLen+1) - chunkLen
	default:
		return rng.IntN(40 * chunkLen)
	}
}

// TestRandomSplits writes messages of random lengths in random pieces,
// with Clone, marshalling and Reset at random points in between.
func TestRandomSplits(t *testing.T) {
	trials := 300
	if testing.Short() {
		trials = 40
	}
	in := hashtest.RandBytes(42, 100*chunkLen)
	key := [8]uint32{1, 1, 2, 3, 5, 8, 13, 21}
	hashtest.AllImplementations(t, "blake3", func(t *testing.T) {
		rng := rand.New(rand.NewPCG(43, 44))
		for trial := range trials {
			flags := uint32(0)
			k := &iv
			if rng.IntN(3) == 0 {
				flags, k = flagKeyedHash, &key
			}
			msg := in[:rng.IntN(len(in))]
			wantSum, wantOut := oneShot(msg, k, flags)
			var h Hasher
			h.init(k, flags)
			if rng.IntN(4) == 0 {
				// Start from a used Hasher.
				h.Write(in[:rng.IntN(20000)])
				h.Reset()
			}
			var pieces []int
			for p := msg; len(p) > 0; {
				n := max(0, min(randomPiece(rng), len(p)))
				switch rng.IntN(8) {
				case 0:
					c, _ := h.Clone()
					h.Write(bytes.Repeat([]byte{1}, 100)) // must not reach the clone
					h = *c.(*Hasher)
				case 1:
					if flags == 0 {
						st, _ := h.AppendBinary(nil)
						h = Hasher{}
						h.init(k, flags)
						if err := h.UnmarshalBinary(st); err != nil {
							t.Fatalf("trial %d: %v", trial, err)
						}
					}
				}
				h.Write(p[:n])
				p = p[n:]
				pieces = append(pieces, n)
			}
			if !bytes.Equal(h.Sum(nil), wantSum) {
				t.Fatalf("trial %d: %d bytes, flags %d, pieces %v: wrong Sum", trial, len(msg), flags, pieces)
			}
			checkHasher(t, &h, wantSum, wantOut, "trial "+strconv.Itoa(trial))
		}
	})
}

// marshalV1 encodes the version 1 state that the Hasher before the buffer
// kept after in: the chaining values of the whole chunks before the last
// as one per 1 bit of their number, and the last chunk partly compressed,
// its last 1 to 64 bytes in the block buffer. It follows the format's
// description, independently of the Hasher.
func marshalV1(in []byte) []byte {
	whole := 0
	if len(in) > 0 {
		whole = (len(in) - 1) / chunkLen
	}
	b := []byte(magicV1)
	b = append(b, 0)
	b = binary.BigEndian.AppendUint64(b, 0)
	b = binary.BigEndian.AppendUint64(b, uint64(whole))
	last := in[whole*chunkLen:]
	blocks := 0
	if len(last) > 0 {
		blocks = (len(last) - 1) / BlockSize
	}
	cv := iv
	for i := range blocks {
		f := uint32(0)
		if i == 0 {
			f = flagChunkStart
		}
		compressBlockGeneric(&cv, (*[BlockSize]byte)(last[i*BlockSize:]), uint64(whole), BlockSize, f)
	}
	for _, w := range cv {
		b = binary.LittleEndian.AppendUint32(b, w)
	}
	tail := last[blocks*BlockSize:]
	b = append(b, byte(blocks), byte(len(tail)))
	var block [BlockSize]byte
	copy(block[:], tail)
	b = append(b, block[:]...)
	b = append(b, byte(bits.OnesCount(uint(whole))))
	// Largest subtree first: one per 1 bit of whole, from the top bit.
	start := 0
	for bit := 63; bit >= 0; bit-- {
		if size := 1 << bit; whole&size != 0 {
			n := refTree(in[start*chunkLen:(start+size)*chunkLen], &iv, uint64(start), 0)
			cv := n.chainingValue()
			b = append(b, cv[:]...)
			start += size
		}
	}
	return b
}

// TestMarshalV1 resumes version 1 states after every length around block,
// chunk and buffer boundaries, writes the rest in pieces of several sizes,
// and marshals again (as version 2) halfway.
func TestMarshalV1(t *testing.T) {
	in := hashtest.RandBytes(45, 40*chunkLen+3)
	want := Sum256(in)
	lengths := []int{0, 1, 63, 64, 65, 1000, 1023, 1024, 1025, 2047, 2048, 2500, 3*chunkLen + 65, 5*chunkLen - 1, 15*chunkLen + 960, 16*chunkLen + 17, 17 * chunkLen, 23*chunkLen + 130}
	for _, n := range lengths {
		st := marshalV1(in[:n])
		for _, step := range []int{1, 63, 100, chunkLen, 16*chunkLen + 1, len(in)} {
			if testing.Short() && step == 1 {
				continue
			}
			h := New()
			if err := h.UnmarshalBinary(st); err != nil {
				t.Fatalf("length %d: %v (state %s)", n, err, hex.EncodeToString(st))
			}
			half := n + (len(in)-n)/2
			for p := in[n:]; len(p) > 0; {
				k := min(step, len(p))
				if off := len(in) - len(p); off < half && off+k >= half {
					k = half - off
					st2, _ := h.MarshalBinary()
					h = New()
					if err := h.UnmarshalBinary(st2); err != nil {
						t.Fatalf("length %d, step %d, version 2 again: %v", n, step, err)
					}
				}
				h.Write(p[:k])
				p = p[k:]
			}
			if got := h.Sum(nil); !bytes.Equal(got, want[:]) {
				t.Fatalf("version 1 state after %d bytes, rest in pieces of %d: %x, want %x", n, step, got, want)
			}
		}
		// Sum and Read straight from the restored state.
		h := New()
		h.UnmarshalBinary(st)
		if got, w := h.Sum(nil), Sum256(in[:n]); !bytes.Equal(got, w[:]) {
			t.Fatalf("version 1 state after %d bytes: Sum %x, want %x", n, got, w)
		}
	}
	// A version 1 state with a buffer length above 64 is rejected.
	bad := marshalV1(in[:100])
	bad[len(magicV1)+1+8+8+cvLen+1] = BlockSize + 1
	if New().UnmarshalBinary(bad) == nil {
		t.Error("version 1 buffer length 65 accepted")
	}
}

// FuzzBufferedSplits writes a generated message in pieces of sizes near
// multiples of 128 bytes (so near every chunk and buffer boundary), with
// a Clone or marshalling round trip at a chosen piece, and compares with
// the one-shot hash.
func FuzzBufferedSplits(f *testing.F) {
	f.Add(uint64(1), uint16(40000), []byte{8, 0x80, 128, 0x81, 0, 0}, uint8(1), false)
	f.Add(uint64(2), uint16(33000), []byte{7, 0xff, 127, 1, 129, 0x7f}, uint8(2), true)
	key := [8]uint32{3, 1, 4, 1, 5, 9, 2, 6}
	f.Fuzz(func(t *testing.T, seed uint64, n uint16, cuts []byte, at uint8, keyed bool) {
		in := hashtest.RandBytes(seed, int(n)+int(n)/2)
		k, flags := &iv, uint32(0)
		if keyed {
			k, flags = &key, flagKeyedHash
		}
		wantSum, wantOut := oneShot(in, k, flags)
		var h Hasher
		h.init(k, flags)
		p := in
		for i := 0; i+1 < len(cuts) && len(p) > 0; i += 2 {
			if i/2 == int(at) {
				if c, _ := h.Clone(); at%2 == 0 {
					h.Write([]byte{1, 2, 3})
					h = *c.(*Hasher)
				} else if !keyed {
					st, _ := h.MarshalBinary()
					h = Hasher{}
					h.init(k, flags)
					if err := h.UnmarshalBinary(st); err != nil {
						t.Fatal(err)
					}
				}
			}
			piece := max(0, min(int(cuts[i])*128+int(int8(cuts[i+1])), len(p)))
			h.Write(p[:piece])
			p = p[piece:]
		}
		h.Write(p)
		checkHasher(t, &h, wantSum, wantOut, "fuzzed pieces")
	})
}

// pendingBoundaries are message lengths, a byte before, at and after
// multiples of the buffer, where Write hands whole buffers to the pending
// subtrees: around 16 and 32 chunks, every level of pending filling and
// emptying, and the top level's subtree of pendAlign chunks pushed onto the
// stack once and twice.
func pendingBoundaries(max int) []int {
	var ks []int
	for k := bufChunks; k*chunkLen < max; k += bufChunks {
		ks = append(ks, k)
	}
	if testing.Short() {
		ks = []int{16, 32, 48, 240, 256, 272, 512}
	}
	var ls []int
	for _, k := range ks {
		for _, d := range []int{-1, 0, 1} {
			if l := k*chunkLen + d; l <= max {
				ls = append(ls, l)
			}
		}
	}
	return ls
}

// TestPendingSubtrees writes messages in small pieces after a first write
// that leaves the chunk count aligned to pendAlign or not, and at each
// length of pendingBoundaries checks Sum and output, a Clone that goes on
// with one large write (which pushes the pending subtrees onto the stack
// before it absorbs), and a marshalled copy that goes on in pieces.
func TestPendingSubtrees(t *testing.T) {
	in := hashtest.RandBytes(45, 2*pendAlign*chunkLen+70*chunkLen+3)
	if testing.Short() {
		in = in[:2*pendAlign*chunkLen+5]
	}
	key := [8]uint32{3, 1, 4, 1, 5, 9, 2, 6}
	hashtest.AllImplementations(t, "blake3", func(t *testing.T) {
		for _, flags := range []uint32{0, flagKeyedHash} {
			k := keyOf(flags, &key)
			wantSum, wantOut := oneShot(in, k, flags)
			for _, first := range []int{0, 17*chunkLen + 1, pendAlign*chunkLen + 33*chunkLen + 5} {
				var h Hasher
				h.init(k, flags)
				h.Write(in[:first])
				pos := first
				for _, end := range pendingBoundaries(len(in)) {
					if end <= pos {
						continue
					}
					for ; pos < end; pos += min(1000, end-pos) {
						h.Write(in[pos:min(pos+1000, end)])
					}
					what := "first write " + strconv.Itoa(first) + ", pieces to " + strconv.Itoa(end)
					s, o := oneShot(in[:end], k, flags)
					checkHasher(t, &h, s, o, what)
					c, _ := h.Clone()
					hc := c.(*Hasher)
					hc.Write(in[end:])
					checkHasher(t, hc, wantSum, wantOut, what+", clone, the rest in one write")
					if flags != 0 {
						continue
					}
					st, err := h.MarshalBinary()
					if err != nil {
						t.Fatal(err)
					}
					var hm Hasher
					hm.init(k, flags)
					if err := hm.UnmarshalBinary(st); err != nil {
						t.Fatalf("%s: %v", what, err)
					}
					checkHasher(t, &hm, s, o, what+", unmarshalled")
					for p := in[end:]; len(p) > 0; p = p[min(3000, len(p)):] {
						hm.Write(p[:min(3000, len(p))])
					}
					checkHasher(t, &hm, wantSum, wantOut, what+", unmarshalled, the rest in pieces")
				}
				for ; pos < len(in); pos += min(1000, len(in)-pos) {
					h.Write(in[pos:min(pos+1000, len(in))])
				}
				checkHasher(t, &h, wantSum, wantOut, "first write "+strconv.Itoa(first)+", pieces to the end")
			}
		}
	})
}
