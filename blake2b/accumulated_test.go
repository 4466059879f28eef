package blake2b

import (
	"encoding/hex"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// TestAccumulated hashes 3000 generated cases (every digest size, keys of
// every length, with and without salt and personalization, inputs of 0 to
// 516 bytes) and feeds the digests into one accumulator hash, compared with
// the value CPython 3.11.7's hashlib (the BLAKE2 reference code) computes
// with this program (the first line printed is BLAKE2b's, the second
// BLAKE2s's):
//
//	import hashlib
//	def acc(alg, n, maxsize, saltlen):
//	    h = getattr(hashlib, alg)
//	    a = h()
//	    for i in range(n):
//	        size = 1 + i % maxsize
//	        key = bytes((i + j) % 256 for j in range((i * 7) % (maxsize + 1)))
//	        salt = b'' if i % 3 == 0 else bytes((3 * i + j) % 256 for j in range(saltlen))
//	        person = b'' if i % 5 == 0 else bytes((5 * i + j) % 256 for j in range(saltlen))
//	        msg = bytes((i * j + 1) % 256 for j in range((i * 13) % 517))
//	        a.update(h(msg, digest_size=size, key=key, salt=salt, person=person).digest())
//	    return a.hexdigest()
//	print(acc('blake2b', 3000, 64, 16))
//	print(acc('blake2s', 3000, 32, 8))
func TestAccumulated(t *testing.T) {
	const want = "3e40bf6c630d7d4551e4af6c80e3ce2cb46f8e21c0e824e30d204721a7945a0db93e30d0d6115da7cbb44339e237960309fbeb30c66ca68d7a39ce5e30dd1dc8"
	hashtest.AllImplementations(t, "blake2b", func(t *testing.T) {
		acc, _ := New(Size, nil)
		for i := range 3000 {
			p := Params{Size: 1 + i%64}
			p.Key = make([]byte, (i*7)%(64+1))
			for j := range p.Key {
				p.Key[j] = byte(i + j)
			}
			if i%3 != 0 {
				p.Salt = make([]byte, SaltSize)
				for j := range p.Salt {
					p.Salt[j] = byte(3*i + j)
				}
			}
			if i%5 != 0 {
				p.Personal = make([]byte, PersonalSize)
				for j := range p.Personal {
					p.Personal[j] = byte(5*i + j)
				}
			}
			msg := make([]byte, (i*13)%517)
			for j := range msg {
				msg[j] = byte(i*j + 1)
			}
			h, err := NewWithParams(&p)
			if err != nil {
				t.Fatal(err)
			}
			h.Write(msg)
			acc.Write(h.Sum(nil))
		}
		if got := hex.EncodeToString(acc.Sum(nil)); got != want {
			t.Errorf("accumulated digest %s, want %s", got, want)
		}
	})
}
