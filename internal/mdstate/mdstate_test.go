package mdstate

import (
	"bytes"
	"testing"
)

func TestRoundTripAndErrors(t *testing.T) {
	f := New("md5", "md5\x01", 4)
	h := []uint32{1, 2, 3, 0xfedcba98}
	st := f.Append([]byte("prefix"), h, []byte("abc"), 64*7+3)
	st = st[len("prefix"):]
	if len(st) != f.Size() || f.Size() != 4+16+64+8 {
		t.Fatalf("state is %d bytes, Size %d", len(st), f.Size())
	}
	var got [4]uint32
	buf, n, err := f.Parse(st, got[:])
	if err != nil || n != 64*7+3 || !bytes.Equal(buf[:3], []byte("abc")) || got != [4]uint32(h) {
		t.Fatalf("Parse = %x, %d, %v, words %x", buf, n, err, got)
	}
	bad := bytes.Clone(st)
	bad[4+16+3] = 1
	for _, tc := range []struct {
		b    []byte
		want string
	}{
		{nil, "hashkit/md5: invalid hash state identifier"},
		{[]byte("sha\x01"), "hashkit/md5: invalid hash state identifier"},
		{st[:len(st)-1], "hashkit/md5: invalid hash state size"},
		{bad, "hashkit/md5: invalid hash state: nonzero bytes past the buffered input"},
	} {
		var w [4]uint32
		if _, _, err := f.Parse(tc.b, w[:]); err == nil || err.Error() != tc.want || w != [4]uint32{} {
			t.Errorf("Parse(%x) = %v, words %x; want %q and no words", tc.b, err, w, tc.want)
		}
	}
}

// TestZeroTail checks the test of the bytes past the buffered input for
// every buffered length and every position of one nonzero byte.
func TestZeroTail(t *testing.T) {
	f := New("sha1", "sha\x01", 5)
	var h [5]uint32
	for nx := range BlockSize {
		st := f.Append(nil, h[:], make([]byte, nx), 1<<40+uint64(nx))
		for pos := range BlockSize {
			bad := bytes.Clone(st)
			bad[4+20+pos] = 0x10
			_, _, err := f.Parse(bad, h[:])
			if (err != nil) != (pos >= nx) {
				t.Fatalf("%d buffered bytes, nonzero byte at %d: error %v", nx, pos, err)
			}
		}
	}
}

// TestPad checks Pad against the byte-by-byte definition for every
// position, with the bytes before it kept and garbage after it cleared.
func TestPad(t *testing.T) {
	for n := range BlockSize {
		var buf, want [BlockSize]byte
		for i := range buf {
			buf[i] = byte(0xA5 ^ i)
		}
		copy(want[:n], buf[:n])
		want[n] = 0x80
		Pad(&buf, n)
		if buf != want {
			t.Fatalf("Pad(n=%d) = %x, want %x", n, buf, want)
		}
	}
}

// TestUnmarshal checks that Unmarshal restores every field from a state and
// changes none of them when the state is rejected.
func TestUnmarshal(t *testing.T) {
	f := New("ripemd160", "rmd\x01", 5)
	h := []uint32{5, 4, 3, 2, 1}
	st := f.Append(nil, h, []byte("abcde"), 64*3+5)
	var got [5]uint32
	var x [BlockSize]byte
	nx, n := -1, uint64(0)
	if err := f.Unmarshal(st, got[:], &x, &nx, &n); err != nil {
		t.Fatal(err)
	}
	if got != [5]uint32(h) || string(x[:5]) != "abcde" || x[5] != 0 || nx != 5 || n != 64*3+5 {
		t.Fatalf("Unmarshal gave words %x, buffer %q, nx %d, n %d", got, x[:8], nx, n)
	}
	bad := bytes.Clone(st)
	bad[4+20+7] = 1
	x2, nx2, n2, w2 := x, nx, n, got
	for _, b := range [][]byte{bad, st[:len(st)-1], nil} {
		if err := f.Unmarshal(b, w2[:], &x2, &nx2, &n2); err == nil {
			t.Fatalf("Unmarshal(%x) accepted it", b)
		}
		if x2 != x || nx2 != nx || n2 != n || w2 != got {
			t.Fatalf("rejected Unmarshal(%x) changed the state", b)
		}
	}
}
