package sha2

import "encoding/binary"

// One-shot sums. They hash the whole blocks of data in place and pad only
// the tail, so a short message costs one or two compressions and no copy of
// a Digest: with the SHA-NI kernel and AVX-512BW all in one call whose tail
// and padding never leave registers (sum256SHANI), otherwise with the tail
// padded in one stack buffer.

// Sum256 returns the SHA-256 hash of data.
func Sum256(data []byte) [Size256]byte { return sum256(&IV256, data) }

// Sum224 returns the SHA-224 hash of data.
func Sum224(data []byte) [Size224]byte {
	s := sum256(&IV224, data)
	return [Size224]byte(s[:Size224])
}

// sum256 hashes data, the whole message, from the initial value iv (which
// it does not change).
func sum256(iv *[8]uint32, data []byte) [Size256]byte {
	var out [Size256]byte
	if finish256OneCall(&out, iv, data, uint64(len(data))) {
		return out
	}
	h := *iv
	n := len(data) &^ (BlockSize256 - 1)
	if n == BlockSize256 && len(data)-n < 56 {
		// A single block and a short tail: one call for both blocks is
		// cheaper than two.
		n = 0
	} else if n > 0 {
		block256(&h, data[:n])
	}
	return finish256(&h, data[n:], uint64(len(data)))
}

// finish256 appends the FIPS 180-4 section 5.1.1 padding for a message of
// total bytes to its last bytes rest (at most 119), compresses the one or
// two blocks from the chaining value h and returns the final hash value. h
// is scratch: its value afterwards is unspecified (the one-call kernel
// leaves it, the portable path advances it).
func finish256(h *[8]uint32, rest []byte, total uint64) [Size256]byte {
	var out [Size256]byte
	if finish256OneCall(&out, h, rest, total) {
		return out
	}
	var tail [2 * BlockSize256]byte
	r := copy(tail[:], rest)
	tail[r] = 0x80
	end := (r + 8 + BlockSize256) &^ (BlockSize256 - 1) // room for 0x80 and the length
	binary.BigEndian.PutUint64(tail[end-8:], total<<3)
	block256(h, tail[:end])
	for i, v := range h {
		binary.BigEndian.PutUint32(out[4*i:], v)
	}
	return out
}

// Sum512 returns the final SHA-512 family hash value of data for kind, of
// which the first Size() bytes of a Digest512 of that kind are the hash.
func Sum512(kind Kind512, data []byte) [Size512]byte {
	h := *kinds512[kind].iv
	n := len(data) &^ (BlockSize512 - 1)
	if n > 0 {
		block512(&h, data[:n])
	}
	return finish512(&h, data[n:], uint64(len(data)))
}

// finish512 appends the FIPS 180-4 section 5.1.2 padding for a message of
// total bytes (the 128-bit bit count is total>>61 : total<<3) to its last
// bytes rest (fewer than 128), compresses into h and returns the final hash
// value.
func finish512(h *[8]uint64, rest []byte, total uint64) [Size512]byte {
	var tail [2 * BlockSize512]byte
	r := copy(tail[:], rest)
	tail[r] = 0x80
	end := (r + 16 + BlockSize512) &^ (BlockSize512 - 1) // room for 0x80 and the length
	binary.BigEndian.PutUint64(tail[end-16:], total>>61)
	binary.BigEndian.PutUint64(tail[end-8:], total<<3)
	block512(h, tail[:end])
	var out [Size512]byte
	for i, v := range h {
		binary.BigEndian.PutUint64(out[8*i:], v)
	}
	return out
}
