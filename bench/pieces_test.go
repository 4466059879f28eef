package bench

import (
	"bytes"
	stdsha256 "crypto/sha256"
	stdsha3 "crypto/sha3"
	stdsha512 "crypto/sha512"
	"fmt"
	"hash"
	"io"
	"testing"

	circlk12 "github.com/cloudflare/circl/xof/k12"
	"github.com/hashkit/hashkit/blake2b"
	"github.com/hashkit/hashkit/blake2s"
	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/k12"
	"github.com/hashkit/hashkit/sha256"
	"github.com/hashkit/hashkit/sha3"
	"github.com/hashkit/hashkit/sha512"
	xblake2b "golang.org/x/crypto/blake2b"
	xblake2s "golang.org/x/crypto/blake2s"
)

// A streamer is one family's streaming hasher, hashkit's or a peer's:
// start returns a fresh one, finish reads its 32- or 64-byte result.
type streamer struct {
	start  func() io.Writer
	finish func(w io.Writer, out []byte)
}

func sumFinish(w io.Writer, out []byte) { w.(hash.Hash).Sum(out[:0]) }

func readFinish(w io.Writer, out []byte) { w.(io.Reader).Read(out) }

func mustHash(h hash.Hash, err error) hash.Hash {
	if err != nil {
		panic(err)
	}
	return h
}

// pieceFamilies pairs each family's streaming hasher with its fastest Go
// peer's, for BenchmarkPieces and TestPiecesCPUTime (BLAKE3 has its own,
// BenchmarkBLAKE3Pieces, against two peers).
var pieceFamilies = []struct {
	name, peer   string
	ours, theirs streamer
	outLen       int
}{
	{"SHA-256", "stdlib",
		streamer{func() io.Writer { return sha256.New() }, sumFinish},
		streamer{func() io.Writer { return stdsha256.New() }, sumFinish}, 32},
	{"SHA-512", "stdlib",
		streamer{func() io.Writer { return sha512.New() }, sumFinish},
		streamer{func() io.Writer { return stdsha512.New() }, sumFinish}, 64},
	{"SHA3-256", "stdlib",
		streamer{func() io.Writer { return sha3.New256() }, sumFinish},
		streamer{func() io.Writer { return stdsha3.New256() }, sumFinish}, 32},
	{"BLAKE2b-512", "xcrypto",
		streamer{func() io.Writer { return mustHash(blake2b.New(64, nil)) }, sumFinish},
		streamer{func() io.Writer { return mustHash(xblake2b.New(64, nil)) }, sumFinish}, 64},
	{"BLAKE2s-256", "xcrypto",
		streamer{func() io.Writer { return mustHash(blake2s.New(32, nil)) }, sumFinish},
		streamer{func() io.Writer { return mustHash(xblake2s.New256(nil)) }, sumFinish}, 32},
	{"KT128", "circl",
		streamer{func() io.Writer { return k12.NewKT128(nil) }, readFinish},
		streamer{func() io.Writer { s := circlk12.NewDraft10(nil); return &s }, readFinish}, 32},
}

// pieceSizes are the write sizes of the streaming checks, from one byte to
// the 64 KiB that io.Copy-sized callers and the assembly pieces use.
var pieceSizes = []int{1, 16, 64, 512, 4096, 65536}

// writePieces writes in to a fresh hasher in pieces of the given size and
// reads its result.
func writePieces(s streamer, in []byte, piece int, out []byte) {
	w := s.start()
	for p := in; len(p) > 0; p = p[min(piece, len(p)):] {
		w.Write(p[:min(piece, len(p))])
	}
	s.finish(w, out)
}

// BenchmarkPieces measures New, 1 MiB written in pieces of 1 B to 64 KiB,
// and the result, for every streaming family against its peer: how close
// streaming stays to the one-shot speed whatever the caller's write size.
func BenchmarkPieces(b *testing.B) {
	in := make([]byte, 1<<20)
	out := make([]byte, 64)
	for _, f := range pieceFamilies {
		for _, piece := range pieceSizes {
			for _, im := range []struct {
				name string
				s    streamer
			}{{"hashkit", f.ours}, {f.peer, f.theirs}} {
				b.Run(fmt.Sprintf("alg=%s/impl=%s/piece=%d", f.name, im.name, piece), func(b *testing.B) {
					b.SetBytes(int64(len(in)))
					for b.Loop() {
						writePieces(im.s, in, piece, out[:f.outLen])
					}
				})
			}
		}
	}
}

// TestPiecesMatchPeers checks that every pair in pieceFamilies computes the
// same result at every piece size, so BenchmarkPieces compares like with
// like.
func TestPiecesMatchPeers(t *testing.T) {
	in := hashtest.RandBytes(3, 100_003)
	for _, f := range pieceFamilies {
		for _, piece := range pieceSizes {
			a, b := make([]byte, f.outLen), make([]byte, f.outLen)
			writePieces(f.ours, in, piece, a)
			writePieces(f.theirs, in, piece, b)
			if !bytes.Equal(a, b) {
				t.Errorf("%s in %d B pieces: hashkit %x, %s %x", f.name, piece, a, f.peer, b)
			}
		}
	}
}
