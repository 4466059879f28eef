// Package seam is how blake3/hazmat and blake3/bao reach the tree of
// package blake3 (its kernels, its multi-core Write, its output reader)
// without blake3 exporting anything beyond its peers' API: blake3 sets the
// functions below from its init, which runs before any importer of blake3
// can call them. Values of blake3's types cross as any, asserted on both
// sides.
package seam

// Kinds of Mode.
const (
	Hash = iota
	Keyed
	DeriveKeyMaterial
	// NilKey is the Mode hazmat.Keyed or hazmat.DeriveKeyMaterial makes
	// from a nil key: it has no key, and every use of it is refused (an
	// error where one can be returned, a panic otherwise), never taken for
	// Hash.
	NilKey
)

// Mode is the key and flags of a tree: Key is the 32-byte key of Keyed or
// the context key of DeriveKeyMaterial, unused for Hash and NilKey.
type Mode struct {
	Kind uint8
	Key  [32]byte
}

var (
	// InitSubtree sets h, a *blake3.Hasher, to hash in mode m a subtree
	// whose first chunk has index counter (a multiple of a power of two at
	// least the subtree's chunk count), with no input yet.
	InitSubtree func(h any, m *Mode, counter uint64)
	// ChainingValue returns the non-root chaining value of the input
	// written to h since InitSubtree, which must not be empty.
	ChainingValue func(h any) [32]byte
	// Parent returns the non-root chaining value of the parent of left and
	// right.
	Parent func(left, right *[32]byte, m *Mode) [32]byte
	// Root returns the 32-byte root hash of the parent of left and right.
	Root func(left, right *[32]byte, m *Mode) [32]byte
	// RootXOF returns a *blake3.OutputReader of the output of the root
	// parent of left and right.
	RootXOF func(left, right *[32]byte, m *Mode) any
	// ContextKey returns the context key of key derivation for context.
	ContextKey func(context string) [32]byte
	// Subtrees writes to out the chaining values of the consecutive
	// subtrees of chunks chunks (a power of two) that make up in, the first
	// starting at chunk counter (a multiple of chunks), on the wide
	// kernels: len(in) is a multiple of chunks*1024 and out holds 32 bytes
	// for each.
	Subtrees func(in []byte, m *Mode, counter uint64, chunks int, out []byte)
	// CopyChunks copies, for each k < len(srcOffs), the 1024-byte chunk at
	// srcOffs[k] in src to dstOffs[k] in dst (the copies overlap no chunk
	// read) and writes its chaining value, as the chunk with index
	// counter+k, to out[32*k:], on the wide kernels that hash a chunk as
	// they copy it; meanwhile it copies ntSrc to ntDst (if not empty) as
	// CopyNT with fence does, its non-temporal stores spread between the
	// hashing, and may bring next, the input hashed after, into the cache.
	CopyChunks func(dst []byte, dstOffs []int, src []byte, srcOffs []int, m *Mode, counter uint64, out, ntDst, ntSrc, next []byte)
	// CopyNT copies src to dst, which is at least as long, with
	// non-temporal stores where the CPU has them: for destinations larger
	// than the caches, whose lines are then not read before being written.
	// The last call of a batch sets fence, which orders the batch's stores
	// before any that follow.
	CopyNT func(dst, src []byte, fence bool)
	// PrefetchStream reports whether the stream kernel writes large
	// outputs with ordinary stores and prefetches their lines instead:
	// CopyNT then copies, and an encoder passes CopyChunks, as next, the
	// place in the encoding of the subtree it encodes after.
	PrefetchStream func() bool
	// Parents writes to out the chaining value of each 64-byte pair of
	// chaining values of in (a multiple of 64 bytes), on the wide kernels.
	// out may start at in.
	Parents func(in []byte, m *Mode, out []byte)

	// ModeOf returns the Mode of a hazmat.Mode, set by blake3/hazmat.
	ModeOf func(m any) Mode
)
