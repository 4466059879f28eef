// Package pbkdf2 implements the password-based key derivation function
// PBKDF2 of [RFC 8018] section 5.2 (PKCS #5 v2.1), with HMAC as the
// pseudorandom function. [Key] is a drop-in replacement for crypto/pbkdf2.Key:
// the same generic signature, outputs and errors.
//
// # Which function should I use
//
// PBKDF2 is the password hash required by many standards (FIPS 140, WPA2,
// PKCS #12) but it is cheap to attack with parallel hardware: for new
// password storage prefer Argon2id (package argon2) or scrypt. If PBKDF2 is
// required, use HMAC-SHA-256 with at least 600,000 iterations or
// HMAC-SHA-512 with at least 210,000 (OWASP's 2023 advice), a random salt of
// 16 bytes or more, and a key no longer than the hash output (every further
// hash-sized block costs the defender as much as the first and gains the
// attacker nothing).
//
// [DeriveKey] takes a [context.Context], so that a server can abandon a
// derivation whose request was cancelled, and an optional progress callback.
//
// For SHA-256, SHA-224 and the SHA-512 family of this module, each iteration
// is exactly two compressions from the precomputed inner and outer HMAC
// chaining values, over one pre-padded block, with no allocation; other
// hashes go through package hmac, whose keyed states are precomputed once.
//
// [RFC 8018]: https://www.rfc-editor.org/rfc/rfc8018
package pbkdf2

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"math"
	"math/bits"
	"runtime"

	"github.com/hashkit/hashkit/hmac"
	"github.com/hashkit/hashkit/internal/hashfn"
	"github.com/hashkit/hashkit/internal/preempt"
)

// DefaultMaxWork is the work limit CheckWork applies when maxWork is 0: 1 GiB
// (see Work). It admits every iteration count in common use (OWASP's
// 600,000 for HMAC-SHA-256, 210,000 for HMAC-SHA-512 and 1,300,000 for
// HMAC-SHA-1, passlib's defaults: all under 200 MiB) with room to spare:
// 8 million iterations of HMAC-SHA-256 or SHA-1, 4 million of HMAC-SHA-512:
// 1.5 s (HMAC-SHA-256 with SHA extensions) to 5 s (HMAC-SHA-512) on one core
// of a 2020s x86-64 server.
const DefaultMaxWork = 1 << 30

// ErrCostExceeded is wrapped by the error of CheckWork when the work is
// over the limit.
var ErrCostExceeded = errors.New("hashkit/pbkdf2: cost budget exceeded")

var (
	errIter      = errors.New("hashkit/pbkdf2: iteration count must be at least 1")
	errKeyLength = errors.New("hashkit/pbkdf2: key length must be at least 1")
	errTooLong   = errors.New("hashkit/pbkdf2: key length too long: at most (2^32 - 1) hash lengths")
	errKeyCap    = fmt.Errorf("hashkit/pbkdf2: key length exceeds MaxKeyLen = %d, the longest DeriveKey derives (Key has no cap but cannot be cancelled)", MaxKeyLen)
)

// MaxKeyLen is the longest key DeriveKey derives, 1 MiB: Go zeroes a new
// slice in one step that no context can interrupt, and that costs
// milliseconds per MiB where it faults the pages in, so a much longer key
// could not be cancelled within milliseconds. Key, which takes no context, has no such cap; a key longer
// than the hash's output is rarely wise anyway (see the package comment).
const MaxKeyLen = 1 << 20

// Work returns the work of a derivation in bytes processed by the hash's
// compression function: two blocks per iteration for each hash-sized block
// of the key (iter*ceil(keyLength/Size)*2*BlockSize). The password and
// salt, hashed once per key block at most, are not counted. It returns
// math.MaxInt64 if that does not fit, or for parameters below 1. It panics
// if h is nil or returns nil.
func Work[H hash.Hash](h func() H, iter, keyLength int) int64 {
	probe := hashfn.Probe("hashkit/pbkdf2", h)
	if iter < 1 || keyLength < 1 {
		return math.MaxInt64
	}
	blocks := (uint64(keyLength) + uint64(probe.Size()) - 1) / uint64(probe.Size())
	hi1, w := bits.Mul64(blocks, uint64(iter))
	hi2, w := bits.Mul64(w, 2*uint64(probe.BlockSize()))
	if hi1|hi2 != 0 || w > math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(w)
}

// CheckWork returns an error wrapping ErrCostExceeded, naming the
// parameters and the limit, if a derivation of iter iterations and
// keyLength bytes with h is more than maxWork bytes of work (see Work); a
// maxWork of 0 means DefaultMaxWork, a negative one no limit. Key and
// DeriveKey set no limit (the iteration count is the caller's own): call
// CheckWork first when iter comes from a stored hash string that an
// attacker may have written. Parameters Key refuses (iter or keyLength
// below 1) get Key's error instead, whatever maxWork. It panics if h is nil
// or returns nil.
func CheckWork[H hash.Hash](h func() H, iter, keyLength int, maxWork int64) error {
	switch {
	case iter < 1:
		return errIter
	case keyLength < 1:
		return errKeyLength
	}
	if maxWork == 0 {
		maxWork = DefaultMaxWork
	}
	if w := Work(h, iter, keyLength); maxWork > 0 && w > maxWork {
		return fmt.Errorf("%w: %d iterations for a %d-byte key is %d bytes of work, over the limit %d", ErrCostExceeded, iter, keyLength, w, maxWork)
	}
	return nil
}

// Key derives a key of keyLength bytes from password and salt with iter
// iterations of HMAC with the hash made by h (RFC 8018 section 5.2).
//
// It returns an error if iter or keyLength is below 1, or keyLength is above
// (2^32 - 1) times the hash's output size. It panics if h is nil or returns
// nil. It cannot be cancelled: use DeriveKey where that matters.
func Key[H hash.Hash](h func() H, password string, salt []byte, iter, keyLength int) ([]byte, error) {
	return derive(nil, h, password, salt, iter, keyLength, nil)
}

// DeriveKey is Key with a context and a progress callback. It checks ctx
// after every few thousand iterations' worth of work (well under a
// millisecond with SHA-256), whatever the iteration count, key length and
// salt length, and, if ctx is done, stops and returns ctx.Err(); a nil ctx
// means context.Background(). It refuses a key longer than MaxKeyLen, with
// an error. If progress is
// not nil, it is called with the fraction of the work done, at most about a
// hundred times, the last time with 1 on success; it runs on the calling
// goroutine and must not block for long.
func DeriveKey[H hash.Hash](ctx context.Context, h func() H, password string, salt []byte, iter, keyLength int, progress func(fraction float64)) ([]byte, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	return derive(ctx, h, password, salt, iter, keyLength, progress)
}

// checkEvery is the work, in iterations, between two looks at the context
// and progress: about 100 µs with the SHA-256 fast path. The loops over
// iterations look after every checkEvery of them; the per-block and salt
// work, small pieces, adds up in pending until it reaches checkEvery.
const checkEvery = 2048

// saltPiece is how much of the salt is hashed between two accountings: a
// salt can be as large as the caller likes (scrypt's is its whole B).
const saltPiece = 64 << 10

// monitor accounts the work done for cancellation and progress.
type monitor struct {
	ctx      context.Context
	progress func(float64)
	pending  int // work since the last look at ctx
	written  int // bytes of the key written (emit)
	done     uint64
	total    uint64
	reported uint64 // hundredths already reported
}

// step accounts n more iterations' worth of work and, once checkEvery of
// them have added up, returns ctx's error, if any.
func (m *monitor) step(n int) error {
	if m.ctx == nil {
		return nil
	}
	if m.pending += n; m.pending < checkEvery {
		return nil
	}
	n, m.pending = m.pending, 0
	if runtime.GOARCH == "wasm" {
		// No preemption there: let the goroutine that would cancel ctx (or
		// the timer behind its deadline) run.
		runtime.Gosched()
	}
	if err := m.ctx.Err(); err != nil {
		return err
	}
	if m.progress != nil {
		m.done += uint64(n)
		if pct := m.done * 100 / m.total; pct > m.reported && pct < 100 {
			m.reported = pct
			m.progress(float64(m.done) / float64(m.total))
		}
	}
	return nil
}

// emit copies the block t to the start of out, the rest of the key, and
// returns what is left after it.
func (m *monitor) emit(out, t []byte) []byte {
	n := copy(out, t)
	m.written += n
	return out[n:]
}

// saltWork is the work, in iterations (two compressions each), of hashing
// a salt of n bytes with a hash of block size bs.
func saltWork(n, bs int) int { return n / (2 * bs) }

// absorb writes salt in pieces, accounting each.
func absorb(write func([]byte), salt []byte, bs int, m *monitor) error {
	for len(salt) > 0 {
		n := min(len(salt), saltPiece)
		write(salt[:n])
		salt = salt[n:]
		if err := m.step(saltWork(n, bs)); err != nil {
			return err
		}
	}
	return nil
}

func derive[H hash.Hash](ctx context.Context, h func() H, password string, salt []byte, iter, keyLength int, progress func(float64)) ([]byte, error) {
	probe := hashfn.Probe("hashkit/pbkdf2", h)
	if iter < 1 {
		return nil, errIter
	}
	if keyLength < 1 {
		return nil, errKeyLength
	}
	hLen := probe.Size()
	if uint64(keyLength) > (1<<32-1)*uint64(hLen) {
		return nil, errTooLong
	}
	if ctx != nil {
		if keyLength > MaxKeyLen {
			return nil, errKeyCap
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	nBlocks := (keyLength + hLen - 1) / hLen
	// Each block costs iter iterations; the fast paths hash the salt once,
	// the generic one once per block (counted in the same units).
	m := &monitor{ctx: ctx, progress: progress, total: uint64(nBlocks)*uint64(iter) + uint64(saltWork(len(salt), probe.BlockSize()))}
	out := make([]byte, keyLength)
	var err error
	if k, ok := fast256(probe); ok {
		err = k.derive(out, password, salt, iter, m)
	} else if k, ok := fast512(probe); ok {
		err = k.derive(out, password, salt, iter, m)
	} else if k, ok := fast1(probe); ok {
		err = k.derive(out, password, salt, iter, m)
	} else {
		err = deriveGeneric(hmac.New(hashfn.Plain(h), []byte(password)), out, salt, iter, m)
	}
	if err != nil {
		// Only the blocks written: clearing the rest of a large key would
		// fault in memory never touched.
		preempt.Clear(out[:m.written])
		return nil, err
	}
	if progress != nil {
		progress(1)
	}
	return out, nil
}

// deriveGeneric is RFC 8018 section 5.2 step 3 with the keyed PRF prf:
// T_i = U_1 ^ U_2 ^ ... ^ U_c, U_1 = PRF(P, S || INT(i)), U_j = PRF(P, U_{j-1}).
func deriveGeneric(prf hash.Hash, out, salt []byte, iter int, m *monitor) error {
	size := prf.Size()
	u := make([]byte, 0, size)
	t := make([]byte, size)
	var ctr [4]byte
	for i := 1; len(out) > 0; i++ {
		binary.BigEndian.PutUint32(ctr[:], uint32(i))
		prf.Reset()
		if err := absorb(func(p []byte) { prf.Write(p) }, salt, prf.BlockSize(), m); err != nil {
			return err
		}
		prf.Write(ctr[:])
		u = prf.Sum(u[:0])
		copy(t, u)
		if err := m.step(1); err != nil {
			return err
		}
		for j := 1; j < iter; {
			n := min(iter-j, checkEvery)
			for range n {
				prf.Reset()
				prf.Write(u)
				u = prf.Sum(u[:0])
				for k := range t {
					t[k] ^= u[k]
				}
			}
			j += n
			if err := m.step(n); err != nil {
				return err
			}
		}
		out = m.emit(out, t)
	}
	clear(u[:size])
	clear(t)
	return nil
}
