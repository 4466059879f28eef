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
			for len(in) > 0 {
				k := min(len(in), wideChunks*chunkLen)
				hashChunks(in[:k], &key, counter, flags, out)
				in, out, counter = in[k:], out[k/chunkLen*cvLen:], counter+uint64(k/chunkLen)
				if len(in) > 0 {
					preempt.Point() // between two 64 KiB pieces (see internal/preempt)
				}
			}
			return
		}
		size := chunks * chunkLen
		for ; len(in) > 0; in, out = in[size:], out[cvLen:] {
			cv := hashSubtreeSeq(in[:size], &key, counter, flags)
			copy(out, cv[:])
			counter += uint64(chunks)
			if len(in) > size {
				preempt.Point()
			}
		}
	}
	seam.Parents = func(in []byte, m *seam.Mode, out []byte) {
		key, flags := modeKey(m)
		hashParents(in, &key, flags, out)
	}
}

// modeKey returns the key words and flags of m.
func modeKey(m *seam.Mode) ([8]uint32, uint32) {
	var k [8]uint32
	switch m.Kind {
	case seam.Keyed:
		loadCV(&k, &m.Key)
		return k, flagKeyedHash
	case seam.DeriveKeyMaterial:
		loadCV(&k, &m.Key)
		return k, flagDeriveKeyMaterial
	}
	return iv, 0
}
