package blake3

import "errors"

// The keyed hash and key derivation modes: Hashers whose key replaces the
// IV, given or hashed from a context string.

// NewKeyed returns a Hasher computing the BLAKE3 keyed hash (a MAC and PRF)
// under key, which must be KeySize (32) bytes long; otherwise it returns an
// error. Keyed Hashers do not implement binary marshalling of their state
// usefully: MarshalBinary returns an error, since the state holds the key.
func NewKeyed(key []byte) (*Hasher, error) {
	if len(key) != KeySize {
		return nil, errors.New("hashkit/blake3: invalid key size")
	}
	h := new(Hasher)
	var k [8]uint32
	loadCV(&k, (*[cvLen]byte)(key))
	h.init(&k, flagKeyedHash)
	return h, nil
}

// NewDeriveKey returns a Hasher deriving keys in the BLAKE3 key derivation
// mode for context, which should be a hardcoded, globally unique,
// application-specific string. Write the key material to it, then Read (or
// Sum) the derived key. As with [NewKeyed], its state does not marshal.
func NewDeriveKey(context string) *Hasher {
	h := new(Hasher)
	k := contextKey(context)
	h.init(&k, flagDeriveKeyMaterial)
	return h
}

// DeriveKey fills out with key material derived from material in the BLAKE3
// key derivation mode for context (see [NewDeriveKey]). Any length of out is
// allowed; the first bytes do not depend on len(out).
func DeriveKey(context string, material, out []byte) {
	k := contextKey(context)
	r := OutputReader{root: messageRoot(material, &k, flagDeriveKeyMaterial)}
	r.Read(out)
}

// contextKey hashes context with DERIVE_KEY_CONTEXT into the key of the
// material hash (specification, section 2.6).
func contextKey(context string) [8]uint32 {
	var n node
	if len(context) <= chunkLen {
		// Common case: one chunk, fed from the string without a copy to
		// the heap.
		var c chunkState
		c.reset(&iv, 0)
		for len(context) > 0 {
			if c.bufLen == BlockSize {
				compressBlock(&c.cv, &c.buf, 0, BlockSize, flagDeriveKeyContext|c.startFlag())
				c.blocks++
				c.bufLen = 0
			}
			k := copy(c.buf[c.bufLen:], context)
			c.bufLen += uint8(k)
			context = context[k:]
		}
		n = c.node(flagDeriveKeyContext)
	} else {
		n = messageRoot([]byte(context), &iv, flagDeriveKeyContext)
	}
	var out [BlockSize]byte
	n.rootBlock(&out, 0)
	var k [8]uint32
	loadCV(&k, (*[cvLen]byte)(out[:]))
	return k
}
