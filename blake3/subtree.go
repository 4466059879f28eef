package blake3

import (
	"github.com/hashkit/hashkit/blake3/internal/seam"
	"github.com/hashkit/hashkit/internal/preempt"
)

// The tree as blake3/hazmat and blake3/bao use it: subtrees at an offset,
// their non-root chaining values and the parents that merge them, on the
// same kernels and Write as a Hasher (see package seam).

func init() {
	seam.InitSubtree = func(h any, m *seam.Mode, counter uint64) {
		key, flags := modeKey(m)
		hh := h.(*Hasher)
		hh.stack.base = counter
		hh.init(&key, flags)
	}
	seam.ChainingValue = func(h any) [32]byte {
		n := h.(*Hasher).rootNode()
		return n.chainingValue()
	}
	seam.Parent = func(left, right *[32]byte, m *seam.Mode) [32]byte {
		key, flags := modeKey(m)
		n := parentNode(left, right, &key, flags)
		return n.chainingValue()
	}
	seam.Root = func(left, right *[32]byte, m *seam.Mode) [32]byte {
		key, flags := modeKey(m)
		n := parentNode(left, right, &key, flags)
		var out [BlockSize]byte
		n.rootBlock(&out, 0)
		return [32]byte(out[:32])
	}
	seam.RootXOF = func(left, right *[32]byte, m *seam.Mode) any {
		key, flags := modeKey(m)
		return &OutputReader{root: parentNode(left, right, &key, flags)}
	}
	seam.ContextKey = func(context string) [32]byte {
		k := contextKey(context)
		var out [32]byte
		putCV(out[:], &k)
		return out
	}
	seam.Subtrees = func(in []byte, m *seam.Mode, counter uint64, chunks int, out []byte) {
		key, flags := modeKey(m)
		if chunks == 1 {
			// Pieces of wideChunks chunks (64 KiB), the last one maybe short.
			n := (len(in) + chunkLen - 1) / chunkLen
			preempt.Steps(n, wideChunks, func(i, j int) {
				piece := in[i*chunkLen : min(len(in), j*chunkLen)]
				hashChunks(piece, &key, counter+uint64(i), flags, out[i*cvLen:])
			})
			return
		}
		size := chunks * chunkLen
		preempt.Steps(len(in)/size, 1, func(i, _ int) {
			cv := hashSubtreeSeq(in[i*size:(i+1)*size], &key, counter+uint64(i*chunks), flags)
			copy(out[i*cvLen:], cv[:])
		})
	}
	seam.CopyChunks = func(dst []byte, dstOffs []int, src []byte, srcOffs []int, m *seam.Mode, counter uint64, out, ntDst, ntSrc, next []byte) {
		key, flags := modeKey(m)
		copyChunksNT(dst, dstOffs, src, srcOffs, &key, counter, flags, out, ntDst, ntSrc, next)
	}
	seam.CopyNT = copyNT
	seam.PrefetchStream = prefetchStream
	seam.Parents = func(in []byte, m *seam.Mode, out []byte) {
		key, flags := modeKey(m)
		hashParents(in, &key, flags, out)
	}
}

// modeKey returns the key words and flags of m. It panics on a Mode of no
// known kind (seam.NilKey, which hazmat and bao refuse before they get
// here): hashing it as the plain hash would drop a key the caller meant to
// give.
func modeKey(m *seam.Mode) ([8]uint32, uint32) {
	var k [8]uint32
	switch m.Kind {
	case seam.Hash:
		return iv, 0
	case seam.Keyed:
		loadCV(&k, &m.Key)
		return k, flagKeyedHash
	case seam.DeriveKeyMaterial:
		loadCV(&k, &m.Key)
		return k, flagDeriveKeyMaterial
	}
	panic("hashkit/blake3: tree Mode without a key (made by hazmat.Keyed or hazmat.DeriveKeyMaterial from a nil key)")
}
