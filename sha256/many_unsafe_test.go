package sha256

import "unsafe"

// digestsAt views b (a multiple of 32 bytes) as digests, for placing dst
// in guarded memory.
func digestsAt(b []byte) [][Size]byte {
	return unsafe.Slice((*[Size]byte)(unsafe.Pointer(&b[0])), len(b)/Size)
}
