package k12

import (
	"bytes"
	"hash"

	"github.com/hashkit/hashkit/internal/keccak"
)

// KangarooTwelve (RFC 9861 section 3). The input string is
// S = M || C || length_encode(|C|). If S fits in one chunk (8192 bytes), the
// output is TurboSHAKE(S, 0x07, L). Otherwise S is cut into chunks
// S_0 .. S_{n-1} of 8192 bytes (the last may be shorter), each chunk after
// the first is hashed into a chaining value CV_i = TurboSHAKE(S_i, 0x0B, c)
// (c = 32 bytes for KT128, 64 for KT256), and the output is
// TurboSHAKE(S_0 || 0x03 0x00^7 || CV_1 || ... || CV_{n-1} ||
// length_encode(n-1) || 0xFF 0xFF, 0x06, L).
//
// A KT streams this as follows. S_0 goes straight into the final node's
// sponge (its first bytes are S_0 in both cases; only the domain byte
// differs, and that is chosen at the end). Runs of whole chunks that start
// at a chunk boundary in a Write go through keccak.Leaves, many at once,
// without a copy. Other bytes wait in a buffer of up to bufChunks chunks,
// hashed by keccak.Leaves when it is full, so that writes of any size and
// alignment still get the multi-state kernels. At the end, the buffered
// whole chunks go through keccak.Leaves and the last partial chunk into a
// second sponge, which then takes the customization. The one-shot functions
// need no buffer: their input is contiguous, and only its tail goes through
// that sponge.
const (
	chunkSize  = 8192
	dsSingle   = 0x07 // S fits in one chunk
	dsFinal    = 0x06 // the final node of a tree
	dsLeaf     = 0x0B // a chunk S_i, i >= 1
	cvSize128  = 32
	cvSize256  = 64
	leafBatch  = 64      // chunks per keccak.Leaves call from a stack buffer
	cvBufBytes = 64 * 64 // leafBatch chaining values of at most 64 bytes
	bufChunks  = 8       // chunks a streaming KT buffers: one eight-state kernel call
	bufSize    = bufChunks * chunkSize
)

// marker follows S_0 in the final node of a tree (RFC 9861 section 3.2:
// 0x03 followed by seven zero bytes).
var marker = [8]byte{0x03}

// KT is a KT128, KT256 or MarsupilamiFourteen instance (RFC 9861 section
// 3): a streaming XOF whose output equals SumKT128, SumKT256 or SumM14 of
// everything written, with the
// customization given to the constructor. It implements [hash.XOF],
// [hash.Cloner] (and so [hash.Hash], whose Sum gives the default output
// length) and binary marshalling. The zero value is not usable: make one
// with NewKT128, NewKT256 or NewM14.
//
// Writes of any size give the same result. Once the message passes 8 KiB, a
// KT keeps a buffer of up to 64 KiB (allocated once, kept across Reset) to
// hash chunks eight at a time; a single Write of about 2 MiB or more is
// hashed on up to GOMAXPROCS goroutines.
type KT struct {
	final  keccak.Sponge // S_0, then for trees the marker and the chaining values
	leaf   keccak.Sponge // the last, partial chunk, while finishing (and in the one-shots)
	buf    []byte        // pending bytes of S after S_0, from a chunk boundary; < bufSize
	n      uint64        // bytes of S absorbed so far (buffered ones included)
	custom []byte        // the customization string C; never modified
	cvLen  uint8
	done   bool // C and the final node's suffix are absorbed; reading
}

// NewKT128 returns a KT128 XOF with the customization string customization
// (which may be empty). The slice is copied.
func NewKT128(customization []byte) *KT {
	d := new(KT)
	d.init(BlockSize128, cvSize128, rounds, bytes.Clone(customization))
	return d
}

// NewKT256 returns a KT256 XOF with the customization string customization
// (which may be empty). The slice is copied.
func NewKT256(customization []byte) *KT {
	d := new(KT)
	d.init(BlockSize256, cvSize256, rounds, bytes.Clone(customization))
	return d
}

// NewM14 returns a MarsupilamiFourteen XOF with the customization string
// customization (which may be empty). The slice is copied.
func NewM14(customization []byte) *KT {
	d := new(KT)
	d.init(BlockSize256, cvSize256, roundsM14, bytes.Clone(customization))
	return d
}

func (d *KT) init(rate, cvLen, rounds int, custom []byte) {
	d.final.Init(rate, rounds, dsSingle)
	d.leaf.Init(rate, rounds, dsLeaf)
	d.buf = d.buf[:0]
	d.n = 0
	d.custom = custom
	d.cvLen = uint8(cvLen)
	d.done = false
}

// Write absorbs more of the message. It never returns an error. It panics if
// called after Read.
func (d *KT) Write(p []byte) (int, error) {
	mustBeMade(&d.final, "KT")
	if d.done {
		panic("hashkit/k12: Write after Read")
	}
	d.writeBuffered(p)
	return len(p), nil
}

// Read fills p with the next bytes of output. The first call ends the
// message. It never returns an error.
func (d *KT) Read(p []byte) (int, error) {
	mustBeMade(&d.final, "KT")
	if !d.done {
		d.finish()
	}
	d.final.Squeeze(p)
	return len(p), nil
}

// Reset returns d to its initial state, keeping its customization.
func (d *KT) Reset() {
	mustBeMade(&d.final, "KT")
	d.init(d.final.Rate(), int(d.cvLen), d.final.Rounds(), d.custom)
}

// BlockSize returns the rate of the underlying TurboSHAKE in bytes: 168 for
// KT128, 136 for KT256. (The tree's chunks are 8192 bytes.)
func (d *KT) BlockSize() int { return d.final.Rate() }

// Size returns the default output length in bytes, the one that reaches
// the security level: 32 for KT128, 64 for KT256.
func (d *KT) Size() int { return defaultSize(d.final.Rate()) }

// Sum appends Size bytes of output to b without changing d: the first Size
// bytes for the message written so far, or after Read the next Size bytes.
// It makes a KT a [hash.Hash] (as [hash.Cloner] requires); use Read for
// other lengths.
func (d *KT) Sum(b []byte) []byte {
	mustBeMade(&d.final, "KT")
	c := *d // finishing c reads the shared buffer but never writes to it
	if !c.done {
		c.finish()
	}
	b = append(b, make([]byte, c.Size())...)
	c.final.Squeeze(b[len(b)-c.Size():])
	return b
}

// Clone returns an independent copy of d. The error is always nil.
func (d *KT) Clone() (hash.Cloner, error) {
	c := *d // the customization is shared: it is never modified
	if d.buf != nil {
		c.buf = append(make([]byte, 0, cap(d.buf)), d.buf...)
	}
	return &c, nil
}

// writeBuffered absorbs p as the next bytes of S for Write.
func (d *KT) writeBuffered(p []byte) {
	if d.n > chunkSize && len(p) < min(chunkSize, cap(d.buf)-len(d.buf)) {
		// A short write past S_0 that leaves the buffer short of full only
		// appends: tiny writes then cost little more than the copy.
		d.buf = append(d.buf, p...)
		d.n += uint64(len(p))
		return
	}
	if d.n == 0 && len(p) >= 2*chunkSize {
		p = d.firstChunks(p)
	}
	if d.n < chunkSize {
		k := min(len(p), chunkSize-int(d.n))
		d.final.Absorb(p[:k])
		d.n += uint64(k)
		p = p[k:]
		if len(p) == 0 {
			return
		}
	}
	if d.n == chunkSize {
		d.final.Absorb(marker[:]) // S grows past S_0; len(p) > 0 moves n on
	}
	for len(p) > 0 {
		if len(d.buf) == 0 && len(p) >= chunkSize {
			full := len(p) - len(p)%chunkSize
			d.leaves(p[:full])
			d.n += uint64(full)
			p = p[full:]
			continue
		}
		if d.buf == nil {
			d.buf = make([]byte, 0, bufSize)
		}
		k := min(len(p), bufSize-len(d.buf))
		d.buf = append(d.buf, p[:k]...)
		d.n += uint64(k)
		p = p[k:]
		if len(d.buf) == bufSize {
			d.leaves(d.buf)
			d.buf = d.buf[:0]
		}
	}
}

// write absorbs p as the next bytes of S without the buffer: the one-shots
// and the end of the message use it, after flushBuffer.
func (d *KT) write(p []byte) {
	if d.n == 0 && len(p) >= 2*chunkSize {
		p = d.firstChunks(p)
	}
	for {
		p = d.absorb(p)
		if len(p) == 0 {
			return
		}
		full := len(p) - len(p)%chunkSize
		d.leaves(p[:full])
		d.n += uint64(full)
		p = p[full:]
	}
}

// absorb absorbs p into S_0 or the current chunk, finishing chunks as they
// fill up, until p is used up (it returns nil) or the rest of p starts at a
// chunk boundary of the tree and holds at least one whole chunk, which it
// returns for d.leaves. The caller then absorbs that whole chunk, so the
// marker, written when S grows past the first chunk, is written once.
func (d *KT) absorb(p []byte) []byte {
	for len(p) > 0 {
		if d.n < chunkSize {
			k := min(len(p), chunkSize-int(d.n))
			d.final.Absorb(p[:k])
			d.n += uint64(k)
			p = p[k:]
			continue
		}
		if d.n == chunkSize {
			d.final.Absorb(marker[:])
		}
		pos := int((d.n - chunkSize) % chunkSize)
		if pos == 0 && len(p) >= chunkSize {
			return p
		}
		k := min(len(p), chunkSize-pos)
		d.leaf.Absorb(p[:k])
		d.n += uint64(k)
		p = p[k:]
		if pos+k == chunkSize {
			d.finishLeaf()
		}
	}
	return nil
}

// firstChunks starts S from a write that holds S_0 and at least one whole
// chunk after it: keccak.LeavesAfter absorbs S_0 into the final node in one
// state of the eight-state kernel while the others hash up to seven chunks.
// It returns the rest of p.
func (d *KT) firstChunks(p []byte) []byte {
	var cvs [7 * cvSize256]byte
	cvLen := int(d.cvLen)
	k := min(len(p)/chunkSize-1, 7)
	keccak.LeavesAfter(&d.final, cvs[:k*cvLen], p[:(k+1)*chunkSize], chunkSize, d.final.Rate(), d.final.Rounds(), dsLeaf, cvLen)
	d.final.Absorb(marker[:])
	d.final.Absorb(cvs[:k*cvLen])
	d.n = uint64((k + 1) * chunkSize)
	return p[(k+1)*chunkSize:]
}

// finishLeaf squeezes the chaining value of the completed chunk into the
// final node and starts the next chunk.
func (d *KT) finishLeaf() {
	var cv [cvSize256]byte
	d.leaf.Squeeze(cv[:d.cvLen])
	d.final.Absorb(cv[:d.cvLen])
	d.leaf.Reset()
}

// leaves hashes whole chunks p (a multiple of chunkSize) into chaining
// values and absorbs them into the final node, in batches whose values fit
// a stack buffer. Inputs that keccak.Leaves will spread over several
// goroutines go in one call instead, so each goroutine gets a long run; the
// values then take one heap buffer.
func (d *KT) leaves(p []byte) {
	var stack [cvBufBytes]byte
	cvLen := int(d.cvLen)
	cvs := stack[:leafBatch*cvLen]
	if n := len(p) / chunkSize; n > leafBatch && keccak.LeavesSpread(n, chunkSize, d.final.Rounds()) {
		cvs = make([]byte, n*cvLen)
	}
	for len(p) > 0 {
		k := min(len(p)/chunkSize, len(cvs)/cvLen)
		keccak.Leaves(cvs[:k*cvLen], p[:k*chunkSize], chunkSize, d.final.Rate(), d.final.Rounds(), dsLeaf, cvLen)
		d.final.Absorb(cvs[:k*cvLen])
		p = p[k*chunkSize:]
	}
}

// flushBuffer hashes the buffered whole chunks and moves the partial one
// into the leaf sponge, where write continues it.
func (d *KT) flushBuffer() {
	if len(d.buf) == 0 {
		return
	}
	full := len(d.buf) - len(d.buf)%chunkSize
	d.leaves(d.buf[:full])
	d.leaf.Absorb(d.buf[full:])
	d.buf = d.buf[:0]
}

// finish appends C || length_encode(|C|) to S and closes the final node.
func (d *KT) finish() {
	d.flushBuffer()
	d.write(d.custom)
	var enc [9]byte
	d.absorb(lengthEncode(&enc, uint64(len(d.custom))))
	if d.n > chunkSize {
		if (d.n-chunkSize)%chunkSize != 0 {
			d.finishLeaf()
		}
		chunks := (d.n - chunkSize + chunkSize - 1) / chunkSize // n-1 in RFC 9861
		d.final.Absorb(lengthEncode(&enc, chunks))
		d.final.Absorb([]byte{0xFF, 0xFF})
		d.final.SetDomain(dsFinal)
	}
	d.done = true
}

// lengthEncode returns length_encode(x) of RFC 9861 section 3.3 in buf: x
// as big-endian bytes without leading zeros (none for 0), then the number of
// those bytes.
func lengthEncode(buf *[9]byte, x uint64) []byte {
	n := 0
	for v := x; v > 0; v >>= 8 {
		n++
	}
	for i := range n {
		buf[i] = byte(x >> (8 * (n - 1 - i)))
	}
	buf[n] = byte(n)
	return buf[:n+1]
}

// SumKT128 returns length bytes of KT128 output for data and the
// customization string customization (which may be empty). It panics if
// length is negative.
func SumKT128(data, customization []byte, length int) []byte {
	out := make([]byte, length)
	sumKT(out, data, customization, BlockSize128, cvSize128, rounds)
	return out
}

// SumKT256 returns length bytes of KT256 output for data and the
// customization string customization (which may be empty). It panics if
// length is negative.
func SumKT256(data, customization []byte, length int) []byte {
	out := make([]byte, length)
	sumKT(out, data, customization, BlockSize256, cvSize256, rounds)
	return out
}

// SumM14 returns length bytes of MarsupilamiFourteen output for data and
// the customization string customization (which may be empty). It panics if
// length is negative.
func SumM14(data, customization []byte, length int) []byte {
	out := make([]byte, length)
	sumKT(out, data, customization, BlockSize256, cvSize256, roundsM14)
	return out
}

func sumKT(out, data, custom []byte, rate, cvLen, rounds int) {
	var d KT
	d.init(rate, cvLen, rounds, custom)
	d.write(data)
	d.finish()
	d.final.Squeeze(out)
}
