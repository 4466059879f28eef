package bench

import (
	"bytes"
	"crypto/sha256"
	"hash"
	"io"
	"testing"

	circlk12 "github.com/cloudflare/circl/xof/k12"
	zeebo "github.com/zeebo/blake3"
	xhkdf "golang.org/x/crypto/hkdf"
	xpbkdf2 "golang.org/x/crypto/pbkdf2"
	luke "lukechampine.com/blake3"

	"github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/hkdf"
	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/k12"
	"github.com/hashkit/hashkit/pbkdf2"
	"github.com/hashkit/hashkit/sha3"
)

// The rewrites of docs/migrating.md, each run against the peer
// whose call it replaces.

func mustEqual(t *testing.T, what string, got, want []byte) {
	t.Helper()
	if !bytes.Equal(got, want) {
		t.Errorf("%s: %x, peer %x", what, got, want)
	}
}

func TestMigrateXCrypto(t *testing.T) {
	secret, salt, info := hashtest.RandBytes(60, 40), hashtest.RandBytes(61, 16), []byte("context")
	const n = 100
	want := make([]byte, n)
	io.ReadFull(xhkdf.New(sha256.New, secret, salt, info), want)
	got, err := hkdf.Key(sha256.New, secret, salt, string(info), n)
	if err != nil {
		t.Fatal(err)
	}
	mustEqual(t, "hkdf.New", got, want)
	xprk := xhkdf.Extract(sha256.New, secret, salt)
	prk, _ := hkdf.Extract(sha256.New, secret, salt)
	mustEqual(t, "hkdf.Extract", prk, xprk)
	io.ReadFull(xhkdf.Expand(sha256.New, xprk, info), want)
	got, _ = hkdf.Expand(sha256.New, prk, string(info), n)
	mustEqual(t, "hkdf.Expand", got, want)

	password := []byte("password")
	got, _ = pbkdf2.Key(sha256.New, string(password), salt, 1000, 50)
	mustEqual(t, "pbkdf2.Key", got, xpbkdf2.Key(password, salt, 1000, 50, sha256.New))

	f := func() hash.Hash { return sha3.New256() } // was: var f func() hash.Hash = sha3.New256
	h := f()
	h.Write(info)
	sum := sha3.Sum256(info)
	mustEqual(t, "sha3.New256 as func() hash.Hash", h.Sum(nil), sum[:])
}

func TestMigrateZeebo(t *testing.T) {
	data := hashtest.RandBytes(62, 3000)
	z := zeebo.New()
	z.WriteString("prefix")
	z.Write(data)
	h := blake3.New()
	io.WriteString(h, "prefix")
	h.Write(data)
	mustEqual(t, "Sum", h.Sum(nil), z.Sum(nil))

	zc := z.Clone()
	cc, _ := h.Clone()
	c := cc.(*blake3.Hasher)
	zc.Write(data)
	c.Write(data)
	mustEqual(t, "Clone", c.Sum(nil), zc.Sum(nil))

	want, got := make([]byte, 500), make([]byte, 500)
	d := z.Digest()
	d.Seek(77, io.SeekStart)
	io.ReadFull(d, want)
	r := h.XOF()
	r.Seek(77, io.SeekStart)
	r.Read(got)
	mustEqual(t, "Digest", got, want)

	zsum := zeebo.Sum512(data)
	var sum [64]byte
	s := blake3.New()
	s.Write(data)
	s.XOF().Read(sum[:])
	mustEqual(t, "Sum512", sum[:], zsum[:])
}

func TestMigrateLukechampine(t *testing.T) {
	data := hashtest.RandBytes(63, 3000)
	key := hashtest.RandBytes(64, 32)
	l := luke.New(32, nil)
	l.Write(data)
	h := blake3.New()
	h.Write(data)
	mustEqual(t, "New(32, nil)", h.Sum(nil), l.Sum(nil))

	l = luke.New(20, key)
	l.Write(data)
	k, err := blake3.NewKeyed(key)
	if err != nil {
		t.Fatal(err)
	}
	k.Write(data)
	out := make([]byte, 20)
	k.XOF().Read(out)
	mustEqual(t, "New(20, key)", out, l.Sum(nil))

	want, got := make([]byte, 50), make([]byte, 50)
	luke.DeriveKey(want, "context", data)
	blake3.DeriveKey("context", data, got)
	mustEqual(t, "DeriveKey", got, want)

	// Seek(off, io.SeekEnd) there is Seek(off-1, io.SeekEnd) here (an
	// offset whose position is a multiple of 1 KiB: lukechampine v1.4.1
	// reads the wrong block for most others).
	lr := l.XOF()
	lr.Seek(-1023, io.SeekEnd)
	io.ReadFull(lr, want)
	r := k.XOF()
	r.Seek(-1023-1, io.SeekEnd)
	r.Read(got)
	mustEqual(t, "Seek from the end", got, want)
}

func TestMigrateCirclK12(t *testing.T) {
	msg, c := hashtest.RandBytes(65, 9000), []byte("custom")
	st := circlk12.NewDraft10(c)
	s := k12.NewKT128(c)
	st.Write(msg[:5000])
	s.Write(msg[:5000])
	stc := st.Clone()
	cc, _ := s.Clone()
	sc := cc.(*k12.KT)
	stc.Write(msg[5000:])
	sc.Write(msg[5000:])
	want, got := make([]byte, 100), make([]byte, 100)
	stc.Read(want)
	sc.Read(got)
	mustEqual(t, "NewDraft10 and Clone", got, want)

	out := make([]byte, 64)
	circlk12.Draft10Sum(want[:64], msg, c)
	copy(out, k12.SumKT128(msg, c, len(out)))
	mustEqual(t, "Draft10Sum", out, want[:64])
}
