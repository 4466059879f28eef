package main

import (
	"errors"
	"fmt"
	"hash"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hashkit/hashkit/blake1"
	"github.com/hashkit/hashkit/blake2b"
	"github.com/hashkit/hashkit/blake2s"
	"github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/blake3/hazmat"
	"github.com/hashkit/hashkit/k12"
	"github.com/hashkit/hashkit/md5"
	"github.com/hashkit/hashkit/ripemd160"
	"github.com/hashkit/hashkit/sha1"
	"github.com/hashkit/hashkit/sha256"
	"github.com/hashkit/hashkit/sha3"
	"github.com/hashkit/hashkit/sha512"
)

// digest is a hash in progress, whatever its kind: Finish returns its
// output at the length the user asked for.
type digest interface {
	io.Writer
	Finish() []byte
}

// options are what the sum command passes to an algorithm's constructor.
type options struct {
	length  int    // output bytes; 0 is the algorithm's default
	key     []byte // keyed mode, nil otherwise
	context string // BLAKE3 derive-key context
	derive  bool
}

// algorithm is one entry of `hashkit list`. Names and default lengths follow
// the familiar tools (coreutils' sha256sum and b2sum, b3sum); tags are the
// BSD-style names those tools print with --tag.
type algorithm struct {
	name     string
	tag      string
	size     int  // default output length in bytes
	variable bool // -l may choose another length in [minLen, maxLen]
	prefix   bool // an XOF: a shorter output is the start of a longer one
	minLen   int
	maxLen   int
	keyed    bool // accepts --key-file
	doc      string
	new      func(o options) (digest, error)
}

// fixed adapts a constructor of a fixed-size hash.
func fixed(mk func() hash.Hash) func(options) (digest, error) {
	return func(options) (digest, error) { return hashDigest{mk()}, nil }
}

type hashDigest struct{ hash.Hash }

// hashed adapts the results of a hash's constructor.
func hashed(h hash.Hash, err error) (digest, error) {
	if err != nil {
		return nil, err
	}
	return hashDigest{h}, nil
}

// kmac adapts a KMAC constructor: the customization string is empty and
// the key, which KMAC needs, comes from --key-file.
func kmac(name string, mk func(key, S []byte, outLen int) (*sha3.KMAC, error)) func(options) (digest, error) {
	return func(o options) (digest, error) {
		if o.key == nil {
			return nil, errors.New(name + " needs a key (--key-file)")
		}
		return hashed(mk(o.key, nil, o.length))
	}
}

func (d hashDigest) Finish() []byte { return d.Sum(nil) }

// xofDigest reads n bytes of an extendable output, from the reader out
// returns once the input is written.
type xofDigest struct {
	w   io.Writer
	out func() io.Reader
	n   int
}

func (d xofDigest) Write(p []byte) (int, error) { return d.w.Write(p) }
func (d xofDigest) Finish() []byte {
	out := make([]byte, d.n)
	if _, err := io.ReadFull(d.out(), out); err != nil {
		panic(err) // XOF readers do not fail before their end
	}
	return out
}

// Output is the output as a stream, for lengths too long to hold.
func (d xofDigest) Output() io.Reader { return io.LimitReader(d.out(), int64(d.n)) }

// streamer is a digest whose output can be read piece by piece.
type streamer interface{ Output() io.Reader }

// turboSHAKE adapts a TurboSHAKE constructor, with the domain byte 0x1F of
// plain hashing.
func turboSHAKE(mk func(D byte) (*k12.TurboSHAKE, error)) func(options) (digest, error) {
	return func(o options) (digest, error) {
		x, err := mk(0x1F)
		if err != nil {
			return nil, err
		}
		return xof(x, o.length), nil
	}
}

// xof returns the digest of the first n bytes of x's output.
func xof(x io.ReadWriter, n int) digest { return xofDigest{w: x, out: reader(x), n: n} }

// reader returns r, as xofDigest's out.
func reader(r io.Reader) func() io.Reader { return func() io.Reader { return r } }

// unbounded is the longest output of an XOF: sum writes long outputs as
// they are read (longOutput), so, as b3sum, it sets no limit of its own.
const unbounded = math.MaxInt

var algorithms = []*algorithm{
	{name: "md5", tag: "MD5", size: 16, new: fixed(md5.New), doc: "MD5 (broken; compatibility only)"},
	{name: "sha1", tag: "SHA1", size: 20, new: fixed(sha1.New), doc: "SHA-1 (broken; compatibility only)"},
	{name: "ripemd160", tag: "RIPEMD160", size: 20, new: fixed(ripemd160.New), doc: "RIPEMD-160"},
	{name: "sha224", tag: "SHA224", size: 28, new: fixed(sha256.New224), doc: "SHA-224 (FIPS 180-4)"},
	{name: "sha256", tag: "SHA256", size: 32, new: fixed(sha256.New), doc: "SHA-256 (FIPS 180-4), the default"},
	{name: "sha384", tag: "SHA384", size: 48, new: fixed(sha512.New384), doc: "SHA-384 (FIPS 180-4)"},
	{name: "sha512", tag: "SHA512", size: 64, new: fixed(sha512.New), doc: "SHA-512 (FIPS 180-4)"},
	{name: "sha512-224", tag: "SHA512-224", size: 28, new: fixed(sha512.New512_224), doc: "SHA-512/224 (FIPS 180-4)"},
	{name: "sha512-256", tag: "SHA512-256", size: 32, new: fixed(sha512.New512_256), doc: "SHA-512/256 (FIPS 180-4)"},
	{name: "blake224", tag: "BLAKE-224", size: 28, new: fixed(blake1.New224), doc: "BLAKE-224 (SHA-3 finalist)"},
	{name: "blake256", tag: "BLAKE-256", size: 32, new: fixed(blake1.New256), doc: "BLAKE-256 (SHA-3 finalist)"},
	{name: "blake384", tag: "BLAKE-384", size: 48, new: fixed(blake1.New384), doc: "BLAKE-384 (SHA-3 finalist)"},
	{name: "blake512", tag: "BLAKE-512", size: 64, new: fixed(blake1.New512), doc: "BLAKE-512 (SHA-3 finalist)"},
	{name: "blake2b", tag: "BLAKE2b", size: 64, variable: true, minLen: 1, maxLen: 64, keyed: true,
		doc: "BLAKE2b (RFC 7693), as b2sum", new: func(o options) (digest, error) { return hashed(blake2b.New(o.length, o.key)) }},
	{name: "blake3", tag: "BLAKE3", size: 32, variable: true, prefix: true, minLen: 1, maxLen: unbounded, keyed: true,
		doc: "BLAKE3, as b3sum (--keyed, --derive-key)", new: func(o options) (digest, error) {
			switch {
			case o.derive:
				key := hazmat.ContextKey(o.context)
				return newBLAKE3Digest(blake3.NewDeriveKey(o.context), hazmat.DeriveKeyMaterial(&key), o.length), nil
			case o.key != nil:
				h, err := blake3.NewKeyed(o.key)
				if err != nil {
					return nil, err
				}
				return newBLAKE3Digest(h, hazmat.Keyed((*[32]byte)(o.key)), o.length), nil
			}
			return newBLAKE3Digest(blake3.New(), hazmat.Hash(), o.length), nil
		}},
	{name: "blake2s", tag: "BLAKE2s", size: 32, variable: true, minLen: 1, maxLen: 32, keyed: true,
		doc: "BLAKE2s (RFC 7693)", new: func(o options) (digest, error) { return hashed(blake2s.New(o.length, o.key)) }},
	{name: "sha3-224", tag: "SHA3-224", size: 28, new: fixed(func() hash.Hash { return sha3.New224() }), doc: "SHA3-224 (FIPS 202)"},
	{name: "sha3-256", tag: "SHA3-256", size: 32, new: fixed(func() hash.Hash { return sha3.New256() }), doc: "SHA3-256 (FIPS 202)"},
	{name: "sha3-384", tag: "SHA3-384", size: 48, new: fixed(func() hash.Hash { return sha3.New384() }), doc: "SHA3-384 (FIPS 202)"},
	{name: "sha3-512", tag: "SHA3-512", size: 64, new: fixed(func() hash.Hash { return sha3.New512() }), doc: "SHA3-512 (FIPS 202)"},
	{name: "keccak-224", tag: "KECCAK-224", size: 28, new: fixed(func() hash.Hash { return sha3.NewLegacyKeccak224() }), doc: "Keccak-224 (original padding)"},
	{name: "keccak-256", tag: "KECCAK-256", size: 32, new: fixed(func() hash.Hash { return sha3.NewLegacyKeccak256() }), doc: "Keccak-256 (original padding, as Ethereum)"},
	{name: "keccak-384", tag: "KECCAK-384", size: 48, new: fixed(func() hash.Hash { return sha3.NewLegacyKeccak384() }), doc: "Keccak-384 (original padding)"},
	{name: "keccak-512", tag: "KECCAK-512", size: 64, new: fixed(func() hash.Hash { return sha3.NewLegacyKeccak512() }), doc: "Keccak-512 (original padding)"},
	{name: "shake128", tag: "SHAKE128", size: 32, variable: true, prefix: true, minLen: 1, maxLen: unbounded, doc: "SHAKE128 (FIPS 202)",
		new: func(o options) (digest, error) { return xof(sha3.NewSHAKE128(), o.length), nil }},
	{name: "shake256", tag: "SHAKE256", size: 64, variable: true, prefix: true, minLen: 1, maxLen: unbounded, doc: "SHAKE256 (FIPS 202)",
		new: func(o options) (digest, error) { return xof(sha3.NewSHAKE256(), o.length), nil }},
	{name: "kmac128", tag: "KMAC128", size: 32, variable: true, minLen: 1, maxLen: 1 << 20, keyed: true, doc: "KMAC128 (SP 800-185; needs --key-file)",
		new: kmac("kmac128", sha3.NewKMAC128)},
	{name: "kmac256", tag: "KMAC256", size: 64, variable: true, minLen: 1, maxLen: 1 << 20, keyed: true, doc: "KMAC256 (SP 800-185; needs --key-file)",
		new: kmac("kmac256", sha3.NewKMAC256)},
	{name: "parallelhash128", tag: "PARALLELHASH128", size: 32, variable: true, minLen: 1, maxLen: 1 << 20, doc: "ParallelHash128 (SP 800-185), 8 KiB blocks, multi-core",
		new: func(o options) (digest, error) { return hashed(sha3.NewParallelHash128(8192, nil, o.length)) }},
	{name: "parallelhash256", tag: "PARALLELHASH256", size: 64, variable: true, minLen: 1, maxLen: 1 << 20, doc: "ParallelHash256 (SP 800-185), 8 KiB blocks, multi-core",
		new: func(o options) (digest, error) { return hashed(sha3.NewParallelHash256(8192, nil, o.length)) }},
	{name: "turboshake128", tag: "TURBOSHAKE128", size: 32, variable: true, prefix: true, minLen: 1, maxLen: unbounded, doc: "TurboSHAKE128 (RFC 9861), D=0x1F",
		new: turboSHAKE(k12.NewTurboSHAKE128)},
	{name: "turboshake256", tag: "TURBOSHAKE256", size: 64, variable: true, prefix: true, minLen: 1, maxLen: unbounded, doc: "TurboSHAKE256 (RFC 9861), D=0x1F",
		new: turboSHAKE(k12.NewTurboSHAKE256)},
	{name: "kt128", tag: "KT128", size: 32, variable: true, prefix: true, minLen: 1, maxLen: unbounded, doc: "KangarooTwelve KT128 (RFC 9861), multi-core",
		new: func(o options) (digest, error) { return xof(k12.NewKT128(nil), o.length), nil }},
	{name: "m14", tag: "M14", size: 64, variable: true, prefix: true, minLen: 1, maxLen: unbounded, doc: "MarsupilamiFourteen (KT256 with 14 rounds), multi-core",
		new: func(o options) (digest, error) { return xof(k12.NewM14(nil), o.length), nil }},
	{name: "kt256", tag: "KT256", size: 64, variable: true, prefix: true, minLen: 1, maxLen: unbounded, doc: "KangarooTwelve KT256 (RFC 9861), multi-core",
		new: func(o options) (digest, error) { return xof(k12.NewKT256(nil), o.length), nil }},
}

// normalName is an algorithm's name as the user may spell it (SHA256,
// sha3_256) in the form of the table.
func normalName(name string) string { return strings.ToLower(strings.ReplaceAll(name, "_", "-")) }

func lookup(name string) (*algorithm, error) {
	n := normalName(name)
	for _, a := range algorithms {
		if a.name == n {
			return a, nil
		}
	}
	return nil, fmt.Errorf("unknown algorithm %q (see `hashkit list`)", name)
}

// lookupTag finds the algorithm and output length of a BSD-style tag such as
// "SHA256" or "BLAKE2b-256" (the suffix is the length in bits).
func lookupTag(tag string) (*algorithm, int, error) {
	for _, a := range algorithms {
		if tag == a.tag {
			return a, a.size, nil
		}
	}
	if i := strings.LastIndexByte(tag, '-'); i > 0 {
		if bits, ok := tagBits(tag[i+1:]); ok && bits%8 == 0 {
			for _, a := range algorithms {
				if a.variable && tag[:i] == a.tag {
					return a, bits / 8, nil
				}
			}
		}
	}
	return nil, 0, fmt.Errorf("unknown algorithm tag %q", tag)
}

// tagBits reads a tag's length in bits as bsdTag writes it: decimal digits
// alone, without a sign or a leading zero. Sscanf's %d also took "256x" and
// "+256", which b2sum calls improperly formatted, and "0400", which b2sum
// reads as octal.
func tagBits(s string) (int, bool) {
	if s == "" || s[0] == '0' || strings.Trim(s, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// opensslNames are the names `openssl dgst` prints where they differ from
// the tags: OpenSSL 3's (SHA2-256, SHAKE-128) and 1.1's (BLAKE2b512), with
// the output length each stands for. SHAKE's is OpenSSL's default one
// (-xoflen changes it without changing the name, so another length could
// be a cut line).
var opensslNames = map[string]struct {
	alg  string
	size int
}{
	"SHA2-224": {"sha224", 28}, "SHA2-256": {"sha256", 32}, "SHA2-384": {"sha384", 48}, "SHA2-512": {"sha512", 64},
	"SHA2-512/224": {"sha512-224", 28}, "SHA2-512/256": {"sha512-256", 32},
	"BLAKE2B-512": {"blake2b", 64}, "BLAKE2S-256": {"blake2s", 32}, "BLAKE2b512": {"blake2b", 64}, "BLAKE2s256": {"blake2s", 32},
	"RIPEMD-160": {"ripemd160", 20}, "SHAKE-128": {"shake128", 16}, "SHAKE-256": {"shake256", 32},
}

// lookupOpenSSL finds the algorithm and output length of an openssl dgst
// name.
func lookupOpenSSL(name string) (*algorithm, int, error) {
	o, ok := opensslNames[name]
	if !ok {
		return nil, 0, fmt.Errorf("unknown algorithm tag %q", name)
	}
	a, err := lookup(o.alg)
	return a, o.size, err
}

// byHexLength is what a bare checksum line's length says in a list that
// names no algorithm, when no -a is given: SHA-2, whose four lengths are
// those of sha224sum to sha512sum. MD5's and SHA-1's lengths say nothing
// (weakByHexLength): a list of a strong algorithm cut to 16 or 20 bytes, or
// of RIPEMD-160, would otherwise be checked with a broken one.
var byHexLength = map[int]string{56: "sha224", 64: "sha256", 96: "sha384", 128: "sha512"}

// weakByHexLength are the lengths of the broken hashes that a bare line must
// name with -a or the list's name.
var weakByHexLength = map[int]string{32: "md5", 40: "sha1"}

// checkLength validates a requested output length for a.
func (a *algorithm) checkLength(n int) error {
	if n == a.size || (a.variable && n >= a.minLen && n <= a.maxLen) {
		return nil
	}
	if !a.variable {
		return fmt.Errorf("%s has a fixed length of %d bytes", a.name, a.size)
	}
	if n%8 == 0 && n/8 >= a.minLen && n/8 <= a.maxLen {
		return fmt.Errorf("%s length must be %d to %d bytes, not %d (-l counts bytes: b2sum -l %d is -l %d)", a.name, a.minLen, a.maxLen, n, n, n/8)
	}
	return fmt.Errorf("%s length must be %d to %d bytes, not %d", a.name, a.minLen, a.maxLen, n)
}

// bsdTag is the tag --tag prints: the plain tag at the default length, and
// the length in bits after a dash otherwise, as b2sum does.
func (a *algorithm) bsdTag(n int) string {
	if n == a.size {
		return a.tag
	}
	return fmt.Sprintf("%s-%d", a.tag, 8*n)
}

func sortedNames() []string {
	var names []string
	for _, a := range algorithms {
		names = append(names, a.name)
	}
	slices.Sort(names)
	return names
}
