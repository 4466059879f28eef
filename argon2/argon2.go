// Package argon2 implements the Argon2 memory-hard password hashing function
// of [RFC 9106] in its three variants, Argon2d, Argon2i and Argon2id, versions
// 0x13 (current) and 0x10 (for old hashes), and the PHC string format used to
// store Argon2 hashes (`$argon2id$v=19$m=65536,t=3,p=4$salt$hash`).
//
// # Which function should I use
//
// For password hashing, use Argon2id through [Hash] and [Verify], which
// write and check PHC strings. [Key], [IDKey] and [DKey] are drop-in
// replacements for golang.org/x/crypto/argon2's Key and IDKey (and the
// Argon2d function it lacks), with the same output for every input they
// accept. [DeriveKey] is the full interface: a context, the variant and
// version, a secret (pepper) and associated data, a memory limit, a reusable
// work buffer, and a progress callback; it returns errors instead of
// panicking.
//
// # Parameters
//
// RFC 9106 section 4 recommends Argon2id with t=1 and 2 GiB of memory, or,
// where that is too much, t=3 and 64 MiB; 4 lanes, a 16-byte random salt and
// a 32-byte key. Lanes are processed on separate goroutines.
//
// [RFC 9106]: https://www.rfc-editor.org/rfc/rfc9106
package argon2

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"runtime"
)

// The Argon2 versions.
const (
	// Version is the current version, 0x13 (19), the default.
	Version = 0x13
	// Version10 is the older version 0x10 (16), for hashes made with it.
	Version10 = 0x10
)

// Variant selects Argon2d, Argon2i or Argon2id; the values are RFC 9106's
// type field y.
type Variant int

const (
	Argon2d  Variant = 0 // data-dependent memory access (cryptocurrencies, no side channels)
	Argon2i  Variant = 1 // data-independent memory access
	Argon2id Variant = 2 // Argon2i for the first half pass, then Argon2d (recommended)
)

// String returns "argon2d", "argon2i" or "argon2id", the PHC identifiers.
func (v Variant) String() string {
	switch v {
	case Argon2d:
		return "argon2d"
	case Argon2i:
		return "argon2i"
	case Argon2id:
		return "argon2id"
	}
	return fmt.Sprintf("Variant(%d)", int(v))
}

// DefaultMaxMemory is the memory limit of DeriveKey when Params.MaxMemory is
// 0: 2 GiB, the memory of RFC 9106's first recommended option, plus 1 MiB
// for the key and the lanes' bookkeeping.
const DefaultMaxMemory = 2<<30 + 1<<20

// DefaultMaxWork is the work limit of DeriveKey and Verify when
// Params.MaxWork is 0: 4 GiB plus 1 MiB (see Params.Work). It admits every
// parameter set in common use: RFC 9106's two recommendations (t=1 over
// 2 GiB, t=3 over 64 MiB: 2 GiB and 192 MiB), libsodium's SENSITIVE limits
// (t=4 over 1 GiB: 4 GiB, its largest), OWASP's (m=47104 KiB t=1 to m=7168
// t=5: under 50 MiB) and passlib's defaults; it takes about 4 s on one core
// of a 2020s x86-64 server. (scrypt's and pbkdf2's defaults, in the same
// unit, are smaller: the largest parameters in use for them are.)
const DefaultMaxWork = 4<<30 + 1<<20

// ErrCostExceeded is wrapped by the error DeriveKey returns when the
// parameters are valid and fit in MaxMemory but their Work is over
// Params.MaxWork. That check comes last, before any allocation.
var ErrCostExceeded = errors.New("hashkit/argon2: cost budget exceeded")

// Params are the parameters of DeriveKey.
type Params struct {
	Variant Variant
	// Version is Version (0x13, also used when 0) or Version10.
	Version int
	// Time is the number of passes t, at least 1.
	Time uint32
	// Memory is the memory size m in KiB, at least 8*Lanes. Argon2 uses
	// 4*Lanes*floor(Memory/(4*Lanes)) blocks of 1 KiB.
	Memory uint32
	// Lanes is the degree of parallelism p, 1 to 2^24-1.
	Lanes uint32
	// Threads bounds the goroutines that process lanes; 0 means
	// min(Lanes, GOMAXPROCS). The output does not depend on it.
	Threads int
	// KeyLen is the tag length in bytes, 4 to MaxKeyLen.
	KeyLen uint32
	// Secret is the optional secret value K (a pepper), AssociatedData the
	// optional associated data X.
	Secret, AssociatedData []byte
	// MaxMemory bounds the memory DeriveKey allocates, in bytes: the
	// blocks (unless Buffer holds them), the key and 4 bytes per lane. 0 means
	// DefaultMaxMemory, a negative value no limit beyond the platform's.
	MaxMemory int64
	// MaxWork bounds the work, in bytes processed (see Work): 0 means
	// DefaultMaxWork, a negative value no limit. It is what stops a
	// stored hash from an untrusted source from running for hours: a
	// Verify of "$argon2id$v=19$m=8,t=4294967295,p=1$..." is refused at
	// once.
	MaxWork int64
	// Buffer, if not nil, is used as working memory instead of a new
	// allocation (so a server can bound its memory under concurrency); it
	// must hold the parameters' blocks. It is zeroed before DeriveKey
	// returns, or, if ctx is cancelled first, right after, on another
	// goroutine. Calls that share a Buffer run one at a time: a call waits
	// (until its ctx is done) while another one uses it or zeroes it.
	Buffer *Buffer
	// Progress, if not nil, is called with the fraction of the work done, at
	// most about a hundred times per call and last with 1, one call at a
	// time. It must not block for long.
	Progress func(fraction float64)
}

// Work returns the work of a derivation with p in bytes processed by the
// compression functions: Time passes over the Memory's 1 KiB blocks, 8 KiB
// for the first two blocks of each lane, and 4 bytes per byte of the tag
// (one 128-byte BLAKE2b block per 32 bytes). The inputs, hashed once, are
// not counted. Argon2 processes about 1 GiB per second on one core of a
// 2020s x86-64 server, scrypt about 0.5, PBKDF2 0.2 (HMAC-SHA-512) to 0.65
// (HMAC-SHA-256 with SHA extensions). It returns math.MaxInt64 where that does not fit.
func (p Params) Work() int64 {
	q := max(uint64(p.Lanes), 1)
	m := uint64(p.Memory) / (4 * q) * (4 * q) // blocksFor, with Lanes 0 as 1
	hi, w := bits.Mul64(uint64(p.Time), m*blockSize)
	w, c := bits.Add64(w, 8192*uint64(p.Lanes)+4*uint64(p.KeyLen), 0)
	if hi != 0 || c != 0 || w > math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(w)
}

// Buffer is reusable working memory for DeriveKey.
type Buffer struct {
	blocks []block
	// busy holds a token while a call uses the blocks, until they are
	// zeroed again (after a cancelled call's return).
	busy chan struct{}
}

// acquire waits until no other call uses b, or ctx is done.
func (b *Buffer) acquire(ctx context.Context) error {
	select {
	case b.busy <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// release ends the use that acquire began.
func (b *Buffer) release() { <-b.busy }

// NewBuffer returns a buffer for up to memory KiB (one block per KiB). It
// returns an error if that does not fit in this platform's address space.
func NewBuffer(memory uint32) (*Buffer, error) {
	if uint64(memory) > uint64(math.MaxInt/blockSize) {
		return nil, errors.New("hashkit/argon2: memory too large for this platform")
	}
	return &Buffer{blocks: make([]block, memory), busy: make(chan struct{}, 1)}, nil
}

// Size returns the buffer's capacity in KiB.
func (b *Buffer) Size() uint32 { return uint32(len(b.blocks)) }

// MaxKeyLen is the longest tag DeriveKey computes, 1 MiB: Go zeroes a new
// slice in one step that no context can interrupt, and that costs
// milliseconds per MiB where it faults the pages in, so a much longer key
// could not be cancelled within milliseconds. Key, IDKey and DKey, which take no context, have no such
// cap.
const MaxKeyLen = 1 << 20

// ErrMemoryLimit is wrapped by the error DeriveKey returns when the
// parameters are valid but need more memory than Params.MaxMemory allows.
// That check comes after every parameter check and before any allocation.
var ErrMemoryLimit = errors.New("hashkit/argon2: memory limit exceeded")

// errorf formats an error with the package prefix.
func errorf(format string, args ...any) error {
	return fmt.Errorf("hashkit/argon2: "+format, args...)
}

// blocksFor returns m', the number of blocks for memory KiB and p lanes:
// 4p*floor(m/(4p)), as 64-bit arithmetic.
func blocksFor(memory, lanes uint32) uint64 {
	q := 4 * uint64(lanes)
	return uint64(memory) / q * q
}

// check validates p against RFC 9106 section 3.1 and the limits, before
// anything is allocated.
func (p *Params) check(password, salt []byte) (version uint32, mBlocks uint64, err error) {
	const max32 = math.MaxUint32
	switch p.Variant {
	case Argon2d, Argon2i, Argon2id:
	default:
		return 0, 0, errorf("unknown variant %d", int(p.Variant))
	}
	switch p.Version {
	case 0, Version:
		version = Version
	case Version10:
		version = Version10
	default:
		return 0, 0, errorf("version must be 0x13 or 0x10, not %#x", p.Version)
	}
	if p.Time < 1 {
		return 0, 0, errors.New("hashkit/argon2: time (passes) must be at least 1")
	}
	if p.Lanes < 1 || p.Lanes >= 1<<24 {
		return 0, 0, errorf("lanes (parallelism) must be between 1 and 2^24-1, not %d", p.Lanes)
	}
	if uint64(p.Memory) < 8*uint64(p.Lanes) {
		return 0, 0, errorf("memory must be at least 8*lanes = %d KiB, not %d", 8*uint64(p.Lanes), p.Memory)
	}
	if p.KeyLen < 4 {
		return 0, 0, errorf("key length must be at least 4 bytes, not %d", p.KeyLen)
	}
	if len(salt) < 8 {
		return 0, 0, errorf("salt must be at least 8 bytes, not %d", len(salt))
	}
	for _, f := range []struct {
		name string
		n    int
	}{{"password", len(password)}, {"salt", len(salt)}, {"secret", len(p.Secret)}, {"associated data", len(p.AssociatedData)}} {
		if uint64(f.n) > max32 {
			return 0, 0, errorf("%s longer than 2^32-1 bytes", f.name)
		}
	}
	mBlocks = blocksFor(p.Memory, p.Lanes)
	limit := p.MaxMemory
	if limit == 0 {
		limit = DefaultMaxMemory
	}
	// The key and the first pass's progress per lane (4 bytes each).
	need := uint64(p.KeyLen) + 4*uint64(p.Lanes)
	if p.Buffer != nil {
		if uint64(len(p.Buffer.blocks)) < mBlocks {
			return 0, 0, errorf("Buffer holds %d KiB, the parameters need %d", len(p.Buffer.blocks), mBlocks)
		}
	} else {
		need += mBlocks * blockSize
	}
	if limit > 0 && need > uint64(limit) {
		return 0, 0, fmt.Errorf("%w: memory of %d bytes (blocks, key and 4 per lane) exceeds the limit MaxMemory = %d", ErrMemoryLimit, need, limit)
	}
	budget := p.MaxWork
	if budget == 0 {
		budget = DefaultMaxWork
	}
	if w := p.Work(); budget > 0 && w > budget {
		return 0, 0, fmt.Errorf("%w: t=%d passes over m=%d KiB with p=%d lanes and a %d-byte tag is %d bytes of work, over MaxWork = %d (raise MaxWork to allow it)",
			ErrCostExceeded, p.Time, p.Memory, p.Lanes, p.KeyLen, w, budget)
	}
	// After the limits, so that parameters over them get the same error
	// whatever the key length, and a string over them the same error on
	// 32-bit platforms as on 64-bit ones.
	if p.KeyLen > MaxKeyLen {
		return 0, 0, errorf("key length of %d bytes exceeds MaxKeyLen = %d, the longest DeriveKey computes (IDKey has no cap but cannot be cancelled)", p.KeyLen, MaxKeyLen)
	}
	if mBlocks > uint64(math.MaxInt/blockSize) || p.KeyLen > math.MaxInt32 && math.MaxInt == math.MaxInt32 {
		return 0, 0, errorf("memory of %d KiB (or a key of %d bytes) is too large for this platform", p.Memory, p.KeyLen)
	}
	return version, mBlocks, nil
}

// DeriveKey computes the Argon2 tag of params.KeyLen bytes of password and
// salt.
//
// Every parameter outside RFC 9106's ranges is an error, returned before
// anything is allocated: time < 1, lanes 0 or >= 2^24, memory < 8*lanes KiB,
// key length < 4, salt shorter than 8 bytes, an input longer than 2^32-1
// bytes, an unknown variant or version, memory beyond MaxMemory
// (ErrMemoryLimit) or beyond what the platform can address (on 32-bit
// platforms), a Buffer too small, work beyond MaxWork (ErrCostExceeded),
// or a key longer than MaxKeyLen. If ctx is cancelled, DeriveKey stops
// within a few milliseconds and returns ctx.Err(); a nil ctx means
// context.Background(). The working memory is zeroed before DeriveKey
// returns, or, if ctx is cancelled first, right after, on another
// goroutine (zeroing a GiB takes longer than the cancellation bound),
// before it is freed or used again.
func DeriveKey(ctx context.Context, password, salt []byte, params Params) ([]byte, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	version, mBlocks, err := params.check(password, salt)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	threads := params.Threads
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	in := input{
		variant: params.Variant, version: version,
		time: params.Time, memory: params.Memory, lanes: params.Lanes, keyLen: params.KeyLen,
		password: password, salt: salt, secret: params.Secret, data: params.AssociatedData,
	}
	if params.Buffer != nil {
		if err := params.Buffer.acquire(ctx); err != nil {
			return nil, err
		}
	}
	return derive(ctx, &in, int(mBlocks), params.Buffer, threads, params.Progress)
}

// Key derives a key from password and salt with Argon2i, version 0x13, as
// golang.org/x/crypto/argon2.Key does, with the same output for every input
// it accepts: time passes over memory KiB, in threads lanes, keyLen bytes.
//
// Like x/crypto, Key accepts salts shorter than RFC 9106's 8 bytes, key
// lengths 1 to 3, and memory below 8*threads KiB, which it raises to
// 8*threads blocks (hashing the value given). It panics, as x/crypto does,
// if time or threads is 0, and also (where x/crypto fails less clearly) if
// keyLen is 0 or the memory does not fit in this platform's address space.
// It sets no memory or work limit and cannot be cancelled; use DeriveKey
// for untrusted parameters.
func Key(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte {
	return compatKey(Argon2i, password, salt, time, memory, threads, keyLen)
}

// IDKey is Key with Argon2id, as golang.org/x/crypto/argon2.IDKey.
func IDKey(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte {
	return compatKey(Argon2id, password, salt, time, memory, threads, keyLen)
}

// DKey is Key with Argon2d (which x/crypto does not export), with the same
// conventions and panics.
func DKey(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte {
	return compatKey(Argon2d, password, salt, time, memory, threads, keyLen)
}

func compatKey(v Variant, password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte {
	if time < 1 {
		panic("hashkit/argon2: number of rounds too small (time must be at least 1)")
	}
	if threads < 1 {
		panic("hashkit/argon2: parallelism degree too low (threads must be at least 1)")
	}
	if keyLen < 1 {
		panic("hashkit/argon2: key length must be at least 1")
	}
	mBlocks := max(blocksFor(memory, uint32(threads)), 8*uint64(threads))
	if mBlocks > uint64(math.MaxInt/blockSize) {
		panic("hashkit/argon2: memory too large for this platform")
	}
	in := input{
		variant: v, version: Version,
		time: time, memory: memory, lanes: uint32(threads), keyLen: keyLen,
		password: password, salt: salt,
	}
	key, err := derive(context.Background(), &in, int(mBlocks), nil, runtime.GOMAXPROCS(0), nil)
	if err != nil {
		panic("hashkit/argon2: " + err.Error())
	}
	return key
}
