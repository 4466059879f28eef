package pbkdf2

import (
	"encoding/binary"
	"hash"

	"github.com/hashkit/hashkit/internal/sha1"
)

// key1 is the SHA-1 fast path: internal/sha1's keyed state, and its loops
// that hash the fixed 20-byte U with the padding laid out once.
type key1 struct{ sha1.HMAC }

func fast1(probe hash.Hash) (k key1, ok bool) { return k, sha1.Fresh(probe) }

// first returns U_1 = HMAC(P, S || INT(i)) as words, from salted, the state
// after S.
func (k *key1) first(salted *sha1.HMAC, i uint32) [5]uint32 {
	var ctr [4]byte
	binary.BigEndian.PutUint32(ctr[:], i)
	k.HMAC = *salted
	k.Write(ctr[:])
	return k.SumWords()
}

func (k *key1) derive(out []byte, password string, salt []byte, iter int, m *monitor) error {
	var buf [sha1.BlockSize]byte
	k.Init(keyBytes(buf[:], password))
	clear(buf[:])
	if err := absorb(k.HMAC.Write, salt, sha1.BlockSize, m); err != nil {
		return err
	}
	salted := k.HMAC
	var tb [2 * sha1.Size]byte
	for i := uint32(1); len(out) > 0; {
		// With two or more blocks left, T_i and T_i+1 run together on the
		// interleaved loop.
		var u, t [10]uint32
		nb := 1
		if len(out) > sha1.Size {
			nb = 2
			u1 := k.first(&salted, i+1)
			copy(u[5:], u1[:])
		}
		u0 := k.first(&salted, i)
		copy(u[:5], u0[:])
		if err := m.step(nb); err != nil {
			return err
		}
		t = u
		for j := 1; j < iter; {
			n := min(iter-j, checkEvery/nb)
			if nb == 2 {
				sha1.PBKDF2Iterx2(&k.IH, &k.OH, &u, &t, n)
			} else {
				sha1.PBKDF2Iter(&k.IH, &k.OH, (*[5]uint32)(u[:5]), (*[5]uint32)(t[:5]), n)
			}
			j += n
			if err := m.step(nb * n); err != nil {
				return err
			}
		}
		for w, v := range t[:5*nb] {
			binary.BigEndian.PutUint32(tb[4*w:], v)
		}
		out = m.emit(out, tb[:nb*sha1.Size])
		i += uint32(nb)
	}
	clear(tb[:])
	return nil
}
