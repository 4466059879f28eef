// Package hazmat exposes the [BLAKE3] tree: any subtree of 2^k chunks (1 KiB
// each) that starts at an aligned input offset can be hashed on its own, by
// another goroutine or another machine, and the chaining values of two
// sibling subtrees merged into their parent's, up to the root hash or the
// root's extendable output. It mirrors the hazmat module of the official
// Rust crate (blake3::hazmat, since 1.8.0) in Go form; unlike it, every
// misuse this package can detect (an offset that is not a multiple of 1024,
// input past a subtree's maximum length, an empty subtree, a subtree at a
// non-zero offset finalized as a whole hash, a Mode made from a nil key) is
// an error, not a panic, wherever the function returns one: the Merge
// functions, which return none, panic on a Mode made from a nil key.
//
// A [Subtree] hashes on the same kernels and multi-core path as
// [blake3.Hasher]: a subtree of 1 MiB costs what hashing 1 MiB costs.
//
// The tree's shape is fixed by the input length: the left child of a node
// of n bytes (more than one chunk) covers the first [LeftSubtreeLen](n)
// bytes, and a subtree starting at offset spans at most
// [MaxSubtreeLen](offset) bytes. Merging chaining values in any other shape,
// or with the root flag at a node that is not the root, gives a value that
// is not the BLAKE3 hash of anything: this is the "hazardous material" the
// name warns of. A chaining value is not a hash; never publish one as a
// digest of its input (it carries no length and no root flag). The package
// blake3/bao builds verified streaming on top of the same tree.
//
// [BLAKE3]: https://github.com/BLAKE3-team/BLAKE3-specs/blob/master/blake3.pdf
package hazmat

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/blake3/internal/seam"
)

// ChunkLen is the length in bytes of a BLAKE3 chunk, the leaf of the tree.
const ChunkLen = 1024

// Mode selects the BLAKE3 function a tree computes: the hash, the keyed
// hash, or key derivation (the material hash under a context key). The zero
// Mode is [Hash]. Every subtree and merge of one tree must use the same Mode.
//
// [Keyed] and [DeriveKeyMaterial] given a nil key return a Mode that
// computes nothing (never the plain hash, which would silently drop the
// key): [NewSubtree] refuses it with [ErrNilKey], and [MergeNonRoot],
// [MergeRoot] and [MergeRootXOF] panic.
type Mode struct {
	m seam.Mode
}

func init() {
	seam.ModeOf = func(m any) seam.Mode { return m.(Mode).m }
}

// Hash returns the Mode of the plain BLAKE3 hash, as [blake3.New].
func Hash() Mode { return Mode{} }

// Keyed returns the Mode of the BLAKE3 keyed hash under key, as
// [blake3.NewKeyed]. A nil key gives a Mode that NewSubtree refuses with
// ErrNilKey and the Merge functions panic on.
func Keyed(key *[32]byte) Mode {
	if key == nil {
		return Mode{seam.Mode{Kind: seam.NilKey}}
	}
	return Mode{seam.Mode{Kind: seam.Keyed, Key: *key}}
}

// DeriveKeyMaterial returns the Mode that hashes key material under
// contextKey, the result of [ContextKey]: the tree of
// [blake3.NewDeriveKey](context). A nil contextKey gives a Mode that
// NewSubtree refuses with ErrNilKey and the Merge functions panic on.
func DeriveKeyMaterial(contextKey *[32]byte) Mode {
	if contextKey == nil {
		return Mode{seam.Mode{Kind: seam.NilKey}}
	}
	return Mode{seam.Mode{Kind: seam.DeriveKeyMaterial, Key: *contextKey}}
}

// mustHaveKey panics, naming the function f, if m was made from a nil key.
func (m *Mode) mustHaveKey(f string) {
	if m.m.Kind == seam.NilKey {
		panic("hashkit/blake3/hazmat: " + f + " with a Mode made by Keyed or DeriveKeyMaterial from a nil key")
	}
}

// ContextKey returns the context key of BLAKE3 key derivation for context,
// which should be a hardcoded, globally unique, application-specific string
// (see [blake3.NewDeriveKey]).
func ContextKey(context string) [32]byte { return seam.ContextKey(context) }

// ChainingValue is the 32-byte non-root chaining value of a subtree.
type ChainingValue [32]byte

// Errors of a [Subtree].
var (
	// ErrOffset is returned for an offset that is not a multiple of
	// ChunkLen.
	ErrOffset = errors.New("hashkit/blake3/hazmat: offset is not a multiple of 1024")
	// ErrTooLong is returned by Write for input past MaxSubtreeLen(offset).
	ErrTooLong = errors.New("hashkit/blake3/hazmat: input longer than the subtree's maximum length")
	// ErrEmpty is returned by ChainingValue for a subtree without input:
	// the empty input has no chaining value, only a root hash.
	ErrEmpty = errors.New("hashkit/blake3/hazmat: empty subtree has no chaining value")
	// ErrNotRoot is returned by Root and RootXOF for a subtree at a
	// non-zero offset, which is never the root.
	ErrNotRoot = errors.New("hashkit/blake3/hazmat: a subtree at a non-zero offset is not the root")
	// ErrNilKey is returned by NewSubtree for a Mode made by Keyed or
	// DeriveKeyMaterial from a nil key.
	ErrNilKey = errors.New("hashkit/blake3/hazmat: Mode made by Keyed or DeriveKeyMaterial from a nil key")
)

// Subtree hashes the input of one subtree of the BLAKE3 tree, the bytes at
// [offset, offset+n) of a larger input, where n is at most
// MaxSubtreeLen(offset). Its input is written with Write; ChainingValue
// then gives the value to merge with its sibling. A Subtree at offset 0
// may also be the whole input: Root and RootXOF give its hash.
//
// A Subtree must not be copied after first use: make a new one. The zero
// Subtree is NewSubtree(Hash(), 0).
type Subtree struct {
	h       blake3.Hasher
	mode    seam.Mode
	offset  uint64
	max     uint64 // the most input; 0 with limited false: up to 2^64 - 1
	limited bool
	n       uint64 // input so far
}

// NewSubtree returns a Subtree in mode for the input that starts at byte
// offset of the whole input. It returns ErrOffset unless offset is a
// multiple of 1024 (ChunkLen), and ErrNilKey for a mode made from a nil
// key.
func NewSubtree(mode Mode, offset uint64) (*Subtree, error) {
	if mode.m.Kind == seam.NilKey {
		return nil, ErrNilKey
	}
	if offset%ChunkLen != 0 {
		return nil, fmt.Errorf("%w (offset %d)", ErrOffset, offset)
	}
	s := &Subtree{mode: mode.m, offset: offset}
	s.max, s.limited = MaxSubtreeLen(offset)
	seam.InitSubtree(&s.h, &s.mode, offset/ChunkLen)
	return s, nil
}

// Offset returns the offset in the whole input at which s starts.
func (s *Subtree) Offset() uint64 { return s.offset }

// Len returns the number of bytes written to s since NewSubtree or Reset.
func (s *Subtree) Len() uint64 { return s.n }

// Reset discards the input written to s, keeping its mode and offset.
func (s *Subtree) Reset() {
	s.h.Reset()
	s.n = 0
}

// Write absorbs p. If the input so far plus p would exceed
// MaxSubtreeLen(offset) (or 2^64 - 1 bytes at offset 0) it writes nothing
// and returns 0 and an error wrapping ErrTooLong. Large writes are hashed on
// several goroutines as [blake3.Hasher.Write] says.
func (s *Subtree) Write(p []byte) (int, error) {
	n := uint64(len(p))
	if total := s.n + n; total < s.n || (s.limited && total > s.max) {
		return 0, fmt.Errorf("%w (offset %d: at most %d bytes, got %d more after %d)", ErrTooLong, s.offset, s.max, n, s.n)
	}
	s.h.Write(p)
	s.n += n
	return len(p), nil
}

// ChainingValue returns the non-root chaining value of the input written so
// far, for merging with its sibling by MergeNonRoot, MergeRoot or
// MergeRootXOF. It does not change s. An empty subtree has none: the error
// is ErrEmpty.
func (s *Subtree) ChainingValue() (ChainingValue, error) {
	if s.n == 0 {
		return ChainingValue{}, fmt.Errorf("%w (offset %d)", ErrEmpty, s.offset)
	}
	return seam.ChainingValue(&s.h), nil
}

// Root returns the 32-byte hash (or keyed hash, or derived key) of the input
// written so far as a whole input, which only a Subtree at offset 0 can be;
// at any other offset the error is ErrNotRoot. It does not change s.
func (s *Subtree) Root() ([32]byte, error) {
	if s.offset != 0 {
		return [32]byte{}, fmt.Errorf("%w (offset %d)", ErrNotRoot, s.offset)
	}
	var out [32]byte
	s.h.Sum(out[:0])
	return out, nil
}

// RootXOF is Root for output of any length: a reader of the root's
// extendable output. The error is ErrNotRoot at a non-zero offset.
func (s *Subtree) RootXOF() (*blake3.OutputReader, error) {
	if s.offset != 0 {
		return nil, fmt.Errorf("%w (offset %d)", ErrNotRoot, s.offset)
	}
	return s.h.XOF(), nil
}

// MergeNonRoot returns the chaining value of the parent of the sibling
// subtrees left and right, which must not be the root of the whole input.
// It panics if mode was made from a nil key.
func MergeNonRoot(left, right ChainingValue, mode Mode) ChainingValue {
	mode.mustHaveKey("MergeNonRoot")
	return seam.Parent((*[32]byte)(&left), (*[32]byte)(&right), &mode.m)
}

// MergeRoot returns the 32-byte hash (or keyed hash, or derived key) of the
// whole input whose root's children are left and right. It panics if mode
// was made from a nil key.
func MergeRoot(left, right ChainingValue, mode Mode) [32]byte {
	mode.mustHaveKey("MergeRoot")
	return seam.Root((*[32]byte)(&left), (*[32]byte)(&right), &mode.m)
}

// MergeRootXOF is MergeRoot for output of any length: it returns a reader
// of the extendable output of the root whose children are left and right.
// It panics if mode was made from a nil key.
func MergeRootXOF(left, right ChainingValue, mode Mode) *blake3.OutputReader {
	mode.mustHaveKey("MergeRootXOF")
	return seam.RootXOF((*[32]byte)(&left), (*[32]byte)(&right), &mode.m).(*blake3.OutputReader)
}

// MaxSubtreeLen returns the most bytes a subtree that starts at offset can
// span: 1024 times the largest power of two that divides offset/1024, with
// limited true. At offset 0 there is no limit (the subtree may be the
// whole input) and limited is false. An offset that is not a multiple of
// 1024 starts no subtree: the result is 0, true.
func MaxSubtreeLen(offset uint64) (n uint64, limited bool) {
	if offset == 0 {
		return 0, false
	}
	if offset%ChunkLen != 0 {
		return 0, true
	}
	return offset & -offset, true
}

// LeftSubtreeLen returns the length of the left child of a node that spans
// n bytes: the largest power of two of whole chunks that leaves at least
// one byte to the right. A node of at most one chunk (n <= 1024) has no
// children, and the result is 0.
func LeftSubtreeLen(n uint64) uint64 {
	if n <= ChunkLen {
		return 0
	}
	full := (n - 1) / ChunkLen
	return uint64(ChunkLen) << (63 - bits.LeadingZeros64(full))
}
