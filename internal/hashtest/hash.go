package hashtest

import (
	"bytes"
	"encoding"
	"hash"
	"io"
	"math/rand/v2"
	"testing"
)

// TestHash checks the hash.Hash contract, and hash.Cloner and the binary
// marshalling interfaces where the hasher implements them, for hashers made by
// mk. The checks follow the Go source's internal/testhash: Sum appends
// without changing state, Write leaves its input alone, Reset, no reads
// outside the slice, any split of the input equals one write, Clone
// independence; and a marshal round trip after every prefix length, with
// corrupted states rejected.
func TestHash(t *testing.T, mk func() hash.Hash) {
	t.Helper()
	h := mk()
	s := &hashSuite{mk: mk, size: h.Size(), bs: h.BlockSize(), rng: rand.New(rand.NewPCG(1, 2))}
	if s.size <= 0 || s.bs <= 0 {
		t.Fatalf("Size() = %d, BlockSize() = %d", s.size, s.bs)
	}
	s.msg = randBytes(s.rng, 3*s.bs+5)

	// The steps run in this order because they draw from the one rng.
	runSteps(t, h, []step{
		{"SumAppends", s.sumAppends}, {"WriteLeavesInput", s.writeLeavesInput},
		{"Reset", s.reset}, {"NoReadsOutsideSlice", s.noReadsOutsideSlice},
		{"Splits", s.splits}, {"Clone", s.clone},
		{"Marshal", func(t *testing.T) { testMarshal(t, mk, s.msg) }},
	})
}

// step is a named subtest of TestHash or TestXOF.
type step struct {
	name string
	run  func(t *testing.T)
}

// runSteps runs each step as a subtest, except Clone and Marshal where h
// does not implement hash.Cloner or encoding.BinaryMarshaler.
func runSteps(t *testing.T, h any, steps []step) {
	_, cloner := h.(hash.Cloner)
	_, marshaler := h.(encoding.BinaryMarshaler)
	for _, s := range steps {
		if (s.name == "Clone" && !cloner) || (s.name == "Marshal" && !marshaler) {
			continue
		}
		t.Run(s.name, s.run)
	}
}

// hashSuite holds what the steps of TestHash share: the constructor, its
// sizes, a message of a few blocks and the random source.
type hashSuite struct {
	mk       func() hash.Hash
	size, bs int
	msg      []byte
	rng      *rand.Rand
}

func (s *hashSuite) sumAppends(t *testing.T) {
	h := s.mk()
	h.Write(s.msg[:s.bs+1])
	prefix := []byte("prefix")
	out := h.Sum(bytes.Clone(prefix))
	if len(out) != len(prefix)+s.size || !bytes.Equal(out[:len(prefix)], prefix) {
		t.Fatalf("Sum(prefix) = %x: does not append %d bytes to the prefix", out, s.size)
	}
	if again := h.Sum(nil); !bytes.Equal(again, out[len(prefix):]) {
		t.Fatal("second Sum differs: Sum changed the state")
	}
	h.Write(s.msg[s.bs+1:])
	if got, want := h.Sum(nil), oneShot(s.mk, s.msg); !bytes.Equal(got, want) {
		t.Fatal("Write after Sum does not continue the message")
	}
	if got := h.Size(); got != s.size {
		t.Fatalf("Size changed from %d to %d", s.size, got)
	}
}

func (s *hashSuite) writeLeavesInput(t *testing.T) {
	h := s.mk()
	in := bytes.Clone(s.msg)
	n, err := h.Write(in)
	if n != len(in) || err != nil {
		t.Fatalf("Write = %d, %v; want %d, nil", n, err, len(in))
	}
	if !bytes.Equal(in, s.msg) {
		t.Fatal("Write modified its input")
	}
}

func (s *hashSuite) reset(t *testing.T) {
	h := s.mk()
	empty := h.Sum(nil)
	h.Write(s.msg)
	h.Reset()
	if got := h.Sum(nil); !bytes.Equal(got, empty) {
		t.Fatal("Reset does not return to the initial state")
	}
	h.Write(s.msg[:7])
	if got, want := h.Sum(nil), oneShot(s.mk, s.msg[:7]); !bytes.Equal(got, want) {
		t.Fatal("hashing after Reset differs from a new hasher")
	}
}

// noReadsOutsideSlice hashes the same bytes placed inside two larger buffers
// with different neighbours: the results must be the same.
func (s *hashSuite) noReadsOutsideSlice(t *testing.T) {
	bs := s.bs
	for _, n := range []int{0, 1, bs - 1, bs, bs + 1, 2*bs + 3} {
		a := randBytes(s.rng, n+64)
		b := randBytes(s.rng, n+64)
		copy(b[32:32+n], a[32:32+n])
		if !bytes.Equal(oneShot(s.mk, a[32:32+n]), oneShot(s.mk, b[32:32+n])) {
			t.Fatalf("length %d: result depends on bytes outside the slice", n)
		}
	}
}

func (s *hashSuite) splits(t *testing.T) {
	msg := s.msg
	want := oneShot(s.mk, msg)
	h := s.mk()
	// Every three-way split of the message.
	for i := 0; i <= len(msg); i++ {
		for j := i; j <= len(msg); j++ {
			h.Reset()
			h.Write(msg[:i])
			h.Write(msg[i:j])
			h.Write(msg[j:])
			if got := h.Sum(nil); !bytes.Equal(got, want) {
				t.Fatalf("split at %d, %d: %x, want %x", i, j, got, want)
			}
		}
	}
	// A prime-length write cycle over a longer message.
	long := randBytes(s.rng, 17*s.bs+11)
	want = oneShot(s.mk, long)
	h.Reset()
	for p := long; len(p) > 0; {
		n := min(len(p), 7)
		h.Write(p[:n])
		p = p[n:]
	}
	if got := h.Sum(nil); !bytes.Equal(got, want) {
		t.Fatal("7-byte writes differ from one write")
	}
}

func (s *hashSuite) clone(t *testing.T) {
	msg, cut := s.msg, s.bs+3
	h := s.mk()
	h.Write(msg[:cut])
	c, err := h.(hash.Cloner).Clone()
	if err != nil {
		t.Fatalf("Clone: %v", err)
	}
	h2 := c.(hash.Hash)
	h.Write(msg[cut:])
	h2.Write([]byte("other"))
	if got, want := h.Sum(nil), oneShot(s.mk, msg); !bytes.Equal(got, want) {
		t.Fatal("writing to the clone changed the original")
	}
	want := oneShot(s.mk, append(bytes.Clone(msg[:cut]), "other"...))
	if got := h2.Sum(nil); !bytes.Equal(got, want) {
		t.Fatal("writing to the original changed the clone")
	}
}

// testMarshal resumes from the marshalled state after every prefix of msg,
// then checks that corrupted states are rejected without a panic.
func testMarshal(t *testing.T, mk func() hash.Hash, msg []byte) {
	want := oneShot(mk, msg)
	var golden []byte
	for i := 0; i <= len(msg); i++ {
		h := mk()
		h.Write(msg[:i])
		state := marshalChecked(t, h, i)
		h2 := mk()
		h2.Write([]byte("garbage that Unmarshal must overwrite"))
		if err := Unmarshal(h2, state); err != nil {
			t.Fatalf("UnmarshalBinary after %d bytes: %v", i, err)
		}
		h2.Write(msg[i:])
		if got := h2.Sum(nil); !bytes.Equal(got, want) {
			t.Fatalf("resumed after %d bytes: %x, want %x", i, got, want)
		}
		if i == len(msg)/2 {
			golden = state
		}
	}
	checkCorruptStates(t, mk().(encoding.BinaryUnmarshaler), golden)
}

// marshalChecked returns h's MarshalBinary after n bytes and checks that
// AppendBinary appends the same state.
func marshalChecked(t *testing.T, h hash.Hash, n int) []byte {
	state, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		t.Fatalf("MarshalBinary after %d bytes: %v", n, err)
	}
	a, ok := h.(encoding.BinaryAppender)
	if !ok {
		t.Fatal("implements BinaryMarshaler but not BinaryAppender")
	}
	app, err := a.AppendBinary([]byte("xy"))
	if err != nil || !bytes.Equal(app[:2], []byte("xy")) || !bytes.Equal(app[2:], state) {
		t.Fatalf("AppendBinary after %d bytes differs from MarshalBinary (%v)", n, err)
	}
	return state
}

// checkCorruptStates feeds u truncated, extended and flipped copies of the
// valid state golden, then random bytes (half of them starting with golden's
// magic, so the deeper checks are reached): each must be rejected with an
// error and none may panic.
func checkCorruptStates(t *testing.T, u encoding.BinaryUnmarshaler, golden []byte) {
	for _, bad := range [][]byte{nil, golden[:len(golden)-1], append(bytes.Clone(golden), 0), flip(golden, 0), flip(golden, 1), flip(golden, 2)} {
		if err := u.UnmarshalBinary(bad); err == nil {
			t.Errorf("UnmarshalBinary accepted a corrupted state of %d bytes", len(bad))
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		b := randBytes(rng, rng.IntN(len(golden)+8))
		if rng.IntN(2) == 0 && len(b) >= 4 {
			copy(b, golden[:4])
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("UnmarshalBinary(%x) panicked: %v", b, r)
				}
			}()
			_ = u.UnmarshalBinary(b)
		}()
	}
}

// TestXOF checks the hash.XOF contract for XOFs made by mk: reads split at
// any point equal one read, Reset, Write after Read panics, Clone
// independence mid-squeeze, and the hash.Hash checks of TestHash on the
// first 32 bytes of output where mk's XOF also satisfies them.
func TestXOF(t *testing.T, mk func() hash.XOF) {
	t.Helper()
	rng := rand.New(rand.NewPCG(5, 6))
	s := &xofSuite{mk: mk, msg: randBytes(rng, 2*mk().BlockSize()+3)}
	ref := mk()
	ref.Write(s.msg)
	s.want = s.read(t, ref, xofOutLen)

	runSteps(t, ref, []step{
		{"ReadSplits", s.readSplits}, {"WriteSplits", s.writeSplits},
		{"Reset", s.reset}, {"WriteAfterReadPanics", s.writeAfterReadPanics},
		{"Clone", s.clone}, {"Marshal", s.marshal},
	})
}

// xofOutLen is the output length TestXOF reads: a few SHAKE128 blocks and a
// partial one.
const xofOutLen = 3*168 + 7

// xofSuite holds what the steps of TestXOF share: the constructor, a message
// of a few blocks and the xofOutLen bytes of output it gives.
type xofSuite struct {
	mk        func() hash.XOF
	msg, want []byte
}

func (s *xofSuite) read(t *testing.T, x hash.XOF, n int) []byte {
	out := make([]byte, n)
	if _, err := io.ReadFull(x, out); err != nil {
		t.Fatalf("Read: %v", err)
	}
	return out
}

func (s *xofSuite) readSplits(t *testing.T) {
	for _, step := range []int{1, 7, 31, 32, 136, 168, 200} {
		x := s.mk()
		x.Write(s.msg)
		var got []byte
		for len(got) < xofOutLen {
			got = append(got, s.read(t, x, min(step, xofOutLen-len(got)))...)
		}
		if !bytes.Equal(got, s.want) {
			t.Fatalf("reads of %d bytes differ from one read", step)
		}
	}
}

func (s *xofSuite) writeSplits(t *testing.T) {
	for i := 0; i <= len(s.msg); i++ {
		x := s.mk()
		x.Write(s.msg[:i])
		x.Write(s.msg[i:])
		if got := s.read(t, x, 64); !bytes.Equal(got, s.want[:64]) {
			t.Fatalf("split at %d differs", i)
		}
	}
}

func (s *xofSuite) reset(t *testing.T) {
	x := s.mk()
	x.Write([]byte("something"))
	s.read(t, x, 10)
	x.Reset()
	x.Write(s.msg)
	if got := s.read(t, x, xofOutLen); !bytes.Equal(got, s.want) {
		t.Fatal("Reset after Read does not return to the initial state")
	}
}

func (s *xofSuite) writeAfterReadPanics(t *testing.T) {
	x := s.mk()
	s.read(t, x, 1)
	defer func() {
		if recover() == nil {
			t.Fatal("Write after Read did not panic")
		}
	}()
	x.Write([]byte{1})
}

func (s *xofSuite) clone(t *testing.T) {
	x := s.mk()
	x.Write(s.msg)
	first := s.read(t, x, 40)
	c, err := x.(hash.Cloner).Clone()
	if err != nil {
		t.Fatal(err)
	}
	x2 := c.(hash.XOF)
	rest := s.read(t, x, xofOutLen-40)
	rest2 := s.read(t, x2, xofOutLen-40)
	if !bytes.Equal(append(first, rest...), s.want) || !bytes.Equal(rest2, rest) {
		t.Fatal("clone mid-squeeze is not independent")
	}
}

// marshal resumes from the marshalled state after every fifth prefix length
// and mid-squeeze, and checks that corrupted states are rejected.
func (s *xofSuite) marshal(t *testing.T) {
	for i := 0; i <= len(s.msg); i += 5 {
		x := s.mk()
		x.Write(s.msg[:i])
		y := s.mk()
		if err := Unmarshal(y, Marshal(t, x)); err != nil {
			t.Fatal(err)
		}
		y.Write(s.msg[i:])
		if got := s.read(t, y, 64); !bytes.Equal(got, s.want[:64]) {
			t.Fatalf("resumed after %d bytes differs", i)
		}
	}
	x := s.mk()
	x.Write(s.msg)
	first := s.read(t, x, 50)
	st := Marshal(t, x)
	y := s.mk()
	if err := Unmarshal(y, st); err != nil {
		t.Fatal(err)
	}
	if got := append(first, s.read(t, y, xofOutLen-50)...); !bytes.Equal(got, s.want) {
		t.Fatal("resumed mid-squeeze differs")
	}
	u := s.mk().(encoding.BinaryUnmarshaler)
	for _, bad := range [][]byte{nil, st[:len(st)-1], append(bytes.Clone(st), 0), flip(st, 0)} {
		if u.UnmarshalBinary(bad) == nil {
			t.Errorf("UnmarshalBinary accepted a corrupted state of %d bytes", len(bad))
		}
	}
}

func oneShot(mk func() hash.Hash, msg []byte) []byte {
	h := mk()
	h.Write(msg)
	return h.Sum(nil)
}

func flip(b []byte, i int) []byte {
	b = bytes.Clone(b)
	b[i] ^= 0x5a
	return b
}

func randBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// RandBytes returns n pseudo-random bytes from a generator seeded with seed,
// the same on every platform.
func RandBytes(seed uint64, n int) []byte {
	return randBytes(rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), n)
}

// UpTo returns the lengths 0, 1, ..., n.
func UpTo(n int) []int {
	l := make([]int, n+1)
	for i := range l {
		l[i] = i
	}
	return l
}
