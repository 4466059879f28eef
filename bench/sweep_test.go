package bench

import (
	stdhmac "crypto/hmac"
	stdmd5 "crypto/md5"
	stdsha1 "crypto/sha1"
	stdsha256 "crypto/sha256"
	stdsha3 "crypto/sha3"
	stdsha512 "crypto/sha512"
	"strconv"
	"testing"

	zeebo "github.com/zeebo/blake3"
	xblake2b "golang.org/x/crypto/blake2b"
	xblake2s "golang.org/x/crypto/blake2s"
	xripemd160 "golang.org/x/crypto/ripemd160"
	xsha3 "golang.org/x/crypto/sha3"

	"github.com/hashkit/hashkit/blake2b"
	"github.com/hashkit/hashkit/blake2s"
	"github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/hmac"
	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/md5"
	"github.com/hashkit/hashkit/ripemd160"
	"github.com/hashkit/hashkit/sha1"
	"github.com/hashkit/hashkit/sha256"
	"github.com/hashkit/hashkit/sha3"
	"github.com/hashkit/hashkit/sha512"
)

// sweepSizes are the message lengths of BenchmarkSweep: every block edge of
// the 64-, 128- and 136-byte-block hashes up to a few blocks, then powers of
// two, and BLAKE3 trees of three and six chunks, whose subtrees are not all
// of one size.
var sweepSizes = []int{0, 1, 8, 16, 31, 32, 33, 55, 56, 63, 64, 65, 100, 111, 112, 119, 120, 127, 128, 129,
	135, 136, 137, 160, 200, 256, 300, 512, 1000, 1024, 1025, 2048, 3072, 4096, 6144}

// sweepAlg is one row of BenchmarkSweep: a one-shot hash of hashkit and
// of its peer.
type sweepAlg struct {
	name     string
	hk, peer func([]byte)
}

// sweepAlgs returns the hashes BenchmarkSweep and TestSweepCPUTime time;
// the hash objects some of them reuse are their own.
func sweepAlgs() []sweepAlg {
	key := hashtest.RandBytes(1, 32)
	hkHMAC, peerHMAC := hmac.New(sha256.New, key), stdhmac.New(stdsha256.New, key)
	hkRIPEMD, peerRIPEMD := ripemd160.New(), xripemd160.New()
	peerKeccak := xsha3.NewLegacyKeccak256()
	var out []byte
	return []sweepAlg{
		{"SHA-256", func(p []byte) { sha256.Sum256(p) }, func(p []byte) { stdsha256.Sum256(p) }},
		{"SHA-512", func(p []byte) { sha512.Sum512(p) }, func(p []byte) { stdsha512.Sum512(p) }},
		{"SHA-1", func(p []byte) { sha1.Sum(p) }, func(p []byte) { stdsha1.Sum(p) }},
		{"MD5", func(p []byte) { md5.Sum(p) }, func(p []byte) { stdmd5.Sum(p) }},
		{"SHA3-256", func(p []byte) { sha3.Sum256(p) }, func(p []byte) { stdsha3.Sum256(p) }},
		{"Keccak-256", func(p []byte) { sha3.SumKeccak256(p) }, func(p []byte) { out = resum(peerKeccak, p, out) }},
		{"BLAKE2b-512", func(p []byte) { blake2b.Sum512(p) }, func(p []byte) { xblake2b.Sum512(p) }},
		{"BLAKE2s-256", func(p []byte) { blake2s.Sum256(p) }, func(p []byte) { xblake2s.Sum256(p) }},
		{"BLAKE3", func(p []byte) { blake3.Sum256(p) }, func(p []byte) { zeebo.Sum256(p) }},
		{"RIPEMD-160", func(p []byte) { out = resum(hkRIPEMD, p, out) }, func(p []byte) { out = resum(peerRIPEMD, p, out) }},
		{"HMAC-SHA256", func(p []byte) { out = resum(hkHMAC, p, out) }, func(p []byte) { out = resum(peerHMAC, p, out) }},
	}
}

// BenchmarkSweep times each one-shot hash and its peer at every length of
// sweepSizes, with the message at the start of a fresh buffer three pages
// longer (as when a program hashes the first bytes of a buffer; the pages
// after the message may not be mapped in yet). It is in none of docs/benchmarks.md's tables:
// it finds the lengths where hashkit falls behind (three slowdowns were
// found this way: SHA-512 and BLAKE2b calls of two or more blocks, and
// masked loads touching unmapped pages; a fourth, BLAKE3 trees cut into
// one kernel call per subtree, only showed at three and six chunks). Run it with -test.bench Sweep and
// compare with benchstat -col /impl; the peer column is "peer".
func BenchmarkSweep(b *testing.B) {
	algs := sweepAlgs()
	for _, a := range algs {
		for _, size := range sweepSizes {
			for _, im := range []struct {
				name string
				f    func([]byte)
			}{{"hashkit", a.hk}, {"peer", a.peer}} {
				b.Run("alg="+a.name+"/impl="+im.name+"/size="+strconv.Itoa(size), func(b *testing.B) {
					buf := make([]byte, size+3*4096)
					msg := buf[:copy(buf, hashtest.RandBytes(uint64(size), size))]
					b.SetBytes(int64(size))
					for b.Loop() {
						im.f(msg)
					}
				})
			}
		}
	}
}
