package hkdf

import "github.com/hashkit/hashkit/internal/sha1"

// key1 is HMAC-SHA-1 for HKDF: internal/sha1's key, with MACs over up to
// three pieces on a keyed state on the stack.
type key1 struct{ sha1.HMACKey }

// mac sets out to the MAC of a | b | c.
func (k *key1) mac(out *[sha1.Size]byte, a []byte, b string, c []byte) {
	m := sha1.HMAC{HMACKey: k.HMACKey}
	m.Reset()
	m.Write(a)
	m.WriteString(b)
	m.Write(c)
	*out = m.Sum()
}

// expand fills out with HKDF-Expand under the key k (RFC 5869 section 2.3).
func (k *key1) expand(out []byte, info string) {
	var t [sha1.Size]byte
	var ctr [1]byte
	prev := t[:0]
	for done := 0; done < len(out); {
		ctr[0]++
		k.mac(&t, prev, info, ctr[:])
		prev = t[:]
		done += copy(out[done:], prev)
	}
	clear(t[:])
}
