package sha2

import "encoding/binary"

// One-shot sums. They hash the whole blocks of data in place and pad only
// the tail, in one stack buffer, so a short message costs one or two
// compression calls and no copy of a Digest.

// Sum256 returns the SHA-256 hash of data.
func Sum256(data []byte) [Size256]byte {
	h := IV256
	return sum256(&h, data)
}

// Sum224 returns the SHA-224 hash of data.
func Sum224(data []byte) [Size224]byte {
	h := IV224
	s := sum256(&h, data)
	return [Size224]byte(s[:Size224])
}

// sum256 finishes hashing data from the chaining value h, as the whole
// message (FIPS 180-4 section 5.1.1 padding with len(data) as the length).
func sum256(h *[8]uint32, data []byte) [Size256]byte {
	var tail [2 * BlockSize256]byte
	n := len(data) &^ (BlockSize256 - 1)
	r := len(data) - n
	if n == BlockSize256 && r < 56 {
		// A single block and a short tail: one call for both blocks is
		// cheaper than two.
		n, r = 0, BlockSize256+r
	} else if n > 0 {
		block256(h, data[:n])
	}
	copy(tail[:], data[n:])
	tail[r] = 0x80
	end := (r + 8 + BlockSize256) &^ (BlockSize256 - 1) // room for 0x80 and the length
	binary.BigEndian.PutUint64(tail[end-8:], uint64(len(data))<<3)
	block256(h, tail[:end])
	var out [Size256]byte
	for i, v := range h {
		binary.BigEndian.PutUint32(out[4*i:], v)
	}
	return out
}

// Sum512 returns the final SHA-512 family hash value of data for kind, of
// which the first Size() bytes of a Digest512 of that kind are the hash.
func Sum512(kind Kind512, data []byte) [Size512]byte {
	h := *kinds512[kind].iv
	var tail [2 * BlockSize512]byte
	n := len(data) &^ (BlockSize512 - 1)
	r := len(data) - n
	if n > 0 {
		block512(&h, data[:n])
	}
	copy(tail[:], data[n:])
	tail[r] = 0x80
	end := (r + 16 + BlockSize512) &^ (BlockSize512 - 1) // room for 0x80 and the 128-bit length
	binary.BigEndian.PutUint64(tail[end-16:], uint64(len(data))>>61)
	binary.BigEndian.PutUint64(tail[end-8:], uint64(len(data))<<3)
	block512(&h, tail[:end])
	var out [Size512]byte
	for i, v := range h {
		binary.BigEndian.PutUint64(out[8*i:], v)
	}
	return out
}
