package pbkdf2

import (
	"encoding/binary"
	"hash"

	"github.com/hashkit/hashkit/internal/preempt"
	"github.com/hashkit/hashkit/internal/sha2"
)

// The SHA-2 fast paths. After the first, every U_j is HMAC over U_{j-1},
// a message of exactly one hash output, so both the inner and the outer
// hash compress a single block laid out the same way: the previous digest,
// 0x80, zeros, and the bit length of one key block plus one digest (FIPS
// 180-4 section 5.1). One block buffer therefore serves both compressions:
// each writes its digest over the first bytes of the block and leaves the
// padding in place.

// key256 is HMAC-SHA-256 or HMAC-SHA-224: internal/sha2's keyed state.
type key256 struct {
	sha2.HMAC256
	size int
}

func fast256(probe hash.Hash) (k key256, ok bool) {
	k.size, ok = sha2.Fresh256(probe)
	return k, ok
}

func (k *key256) init(password string) {
	var buf [sha2.BlockSize256]byte
	k.Init(k.size, keyBytes(buf[:], password))
	clear(buf[:])
}

// keyBytes returns password as bytes: in buf, without allocating, when it
// fits (a key of at most one block, the usual case).
func keyBytes(buf []byte, password string) []byte {
	if len(password) <= len(buf) {
		return buf[:copy(buf, password)]
	}
	return []byte(password)
}

// first returns U_1 = HMAC(P, S || INT(i)) as words, from salted, the state
// after S.
func (k *key256) first(salted *sha2.HMAC256, i uint32) [8]uint32 {
	var ctr [4]byte
	binary.BigEndian.PutUint32(ctr[:], i)
	k.HMAC256 = *salted
	k.Write(ctr[:])
	return k.SumWords()
}

// put256 writes h over the first bytes of blk; for SHA-224 (size 28) it
// restores the padding byte that the eighth word overwrote.
func put256(blk *[sha2.BlockSize256]byte, h *[8]uint32, size int) {
	binary.BigEndian.PutUint32(blk[0:], h[0])
	binary.BigEndian.PutUint32(blk[4:], h[1])
	binary.BigEndian.PutUint32(blk[8:], h[2])
	binary.BigEndian.PutUint32(blk[12:], h[3])
	binary.BigEndian.PutUint32(blk[16:], h[4])
	binary.BigEndian.PutUint32(blk[20:], h[5])
	binary.BigEndian.PutUint32(blk[24:], h[6])
	if size == sha2.Size224 {
		binary.BigEndian.PutUint32(blk[28:], 0x80000000)
	} else {
		binary.BigEndian.PutUint32(blk[28:], h[7])
	}
}

func (k *key256) derive(out []byte, password string, salt []byte, iter int, m *monitor) error {
	k.init(password)
	if err := absorb(k.HMAC256.Write, salt, sha2.BlockSize256, m); err != nil {
		return err
	}
	salted := k.HMAC256
	// The padding of U, a message of one digest after the key block.
	var blk [sha2.BlockSize256]byte
	blk[k.size] = 0x80
	binary.BigEndian.PutUint64(blk[56:], uint64(sha2.BlockSize256+k.size)<<3)
	var tb [64]byte
	for i := uint32(1); len(out) > 0; {
		if len(out) > k.size && k.has2() {
			// Two or more blocks left: T_i and T_i+1 together.
			var u, t [16]uint32
			u0 := k.first(&salted, i)
			u1 := k.first(&salted, i+1)
			if err := m.step(2); err != nil {
				return err
			}
			copy(u[:8], u0[:])
			copy(u[8:], u1[:])
			t = u
			for j := 1; j < iter; {
				n := min(iter-j, checkEvery/2)
				k.iter2(&u, &t, n)
				j += n
				if err := m.step(2 * n); err != nil {
					return err
				}
			}
			for w, v := range t {
				binary.BigEndian.PutUint32(tb[4*w:], v)
			}
			out = m.emit(out, tb[:2*k.size])
			i += 2
			continue
		}
		u := k.first(&salted, i)
		if err := m.step(1); err != nil {
			return err
		}
		t := u
		for j := 1; j < iter; {
			n := min(iter-j, checkEvery)
			k.iter(&blk, &u, &t, n)
			j += n
			if err := m.step(n); err != nil {
				return err
			}
		}
		for w, v := range t {
			binary.BigEndian.PutUint32(tb[4*w:], v)
		}
		out = m.emit(out, tb[:k.size])
		i++
	}
	clear(blk[:])
	clear(tb[:])
	return nil
}

// iter runs n iterations from U = *u, XORing each new U into *t; blk holds
// the padding of U (set up by derive).
func (k *key256) iter(blk *[sha2.BlockSize256]byte, u, t *[8]uint32, n int) {
	if k.size == sha2.Size256 {
		sha2.PBKDF2Iter256(&k.IH, &k.OH, u, t, n)
		return
	}
	k.iterGeneric(blk, u, t, n)
}

// has2 reports whether iter2 can run: for SHA-256, not SHA-224.
func (k *key256) has2() bool { return k.size == sha2.Size256 }

// iter2 is iter for two chains at once (u[0:8], t[0:8] and u[8:16],
// t[8:16]); only if has2.
func (k *key256) iter2(u, t *[16]uint32, n int) { sha2.PBKDF2Iter256x2(&k.IH, &k.OH, u, t, n) }

// iterGeneric runs n iterations from U = *u, XORing each new U into *t;
// blk holds the padding of U (set up by derive).
func (k *key256) iterGeneric(blk *[sha2.BlockSize256]byte, u, t *[8]uint32, n int) {
	h := *u
	var pc preempt.Counter // a preemption point per preempt.Piece hashed
	for range n {
		put256(blk, &h, k.size)
		h = k.IH
		sha2.Block256(&h, blk[:])
		put256(blk, &h, k.size)
		h = k.OH
		sha2.Block256(&h, blk[:])
		t[0] ^= h[0]
		t[1] ^= h[1]
		t[2] ^= h[2]
		t[3] ^= h[3]
		t[4] ^= h[4]
		t[5] ^= h[5]
		t[6] ^= h[6]
		t[7] ^= h[7]
		pc.Add(2 * sha2.BlockSize256)
	}
	*u = h
}

// key512 is key256 for the SHA-512 family.
type key512 struct {
	sha2.HMAC512
	kind sha2.Kind512
	size int
}

func fast512(probe hash.Hash) (k key512, ok bool) {
	k.kind, ok = sha2.Fresh512(probe)
	k.size = probe.Size()
	return k, ok
}

func (k *key512) init(password string) {
	var buf [sha2.BlockSize512]byte
	k.Init(k.kind, keyBytes(buf[:], password))
	clear(buf[:])
}

func (k *key512) first(salted *sha2.HMAC512, i uint32) [8]uint64 {
	var ctr [4]byte
	binary.BigEndian.PutUint32(ctr[:], i)
	k.HMAC512 = *salted
	k.Write(ctr[:])
	return k.SumWords()
}

// put512 writes the first size bytes of h over blk, followed by the
// padding byte and zeros up to byte 64.
func put512(blk *[sha2.BlockSize512]byte, h *[8]uint64, size int) {
	binary.BigEndian.PutUint64(blk[0:], h[0])
	binary.BigEndian.PutUint64(blk[8:], h[1])
	binary.BigEndian.PutUint64(blk[16:], h[2])
	binary.BigEndian.PutUint64(blk[24:], h[3])
	binary.BigEndian.PutUint64(blk[32:], h[4])
	binary.BigEndian.PutUint64(blk[40:], h[5])
	binary.BigEndian.PutUint64(blk[48:], h[6])
	binary.BigEndian.PutUint64(blk[56:], h[7])
	if size < sha2.Size512 {
		tail := blk[size:64]
		clear(tail)
		tail[0] = 0x80
	} else {
		blk[64] = 0x80
	}
}

func (k *key512) derive(out []byte, password string, salt []byte, iter int, m *monitor) error {
	k.init(password)
	if err := absorb(k.HMAC512.Write, salt, sha2.BlockSize512, m); err != nil {
		return err
	}
	salted := k.HMAC512
	var blk [sha2.BlockSize512]byte
	binary.BigEndian.PutUint64(blk[120:], uint64(sha2.BlockSize512+k.size)<<3)
	var tb [64]byte
	var pc preempt.Counter // a preemption point per preempt.Piece hashed
	for i := uint32(1); len(out) > 0; i++ {
		u := k.first(&salted, i)
		if err := m.step(1); err != nil {
			return err
		}
		t := u
		for j := 1; j < iter; {
			n := min(iter-j, checkEvery)
			for range n {
				put512(&blk, &u, k.size)
				u = k.IH
				sha2.Block512(&u, blk[:])
				put512(&blk, &u, k.size)
				u = k.OH
				sha2.Block512(&u, blk[:])
				for w := range t {
					t[w] ^= u[w]
				}
				pc.Add(2 * sha2.BlockSize512)
			}
			j += n
			if err := m.step(n); err != nil {
				return err
			}
		}
		for w, v := range t {
			binary.BigEndian.PutUint64(tb[8*w:], v)
		}
		out = m.emit(out, tb[:k.size])
	}
	clear(blk[:])
	clear(tb[:])
	return nil
}
