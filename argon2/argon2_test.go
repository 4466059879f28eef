package argon2

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"math/bits"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/hashtest/kdftest"
)

// RFC 9106 section 5: password 32 x 0x01, salt 16 x 0x02, secret 8 x 0x03,
// associated data 12 x 0x04, t=3, m=32 KiB, p=4, 32-byte tag, version 0x13.
var rfc9106 = []struct {
	v    Variant
	want string
}{
	{Argon2d, "512b391b6f1162975371d30919734294f868e3be3984f3c1a13a4db9fabe4acb"},  // section 5.1
	{Argon2i, "c814d9d1dc7f37aa13f0d77f2494bda1c8de6b016dd388d29952a4c4672b6ce8"},  // section 5.2
	{Argon2id, "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659"}, // section 5.3
}

func TestRFC9106(t *testing.T) {
	hashtest.AllImplementations(t, "argon2", func(t *testing.T) {
		for _, c := range rfc9106 {
			got, err := DeriveKey(context.Background(), bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 16), Params{
				Variant: c.v, Time: 3, Memory: 32, Lanes: 4, KeyLen: 32,
				Secret: bytes.Repeat([]byte{3}, 8), AssociatedData: bytes.Repeat([]byte{4}, 12),
			})
			if err != nil {
				t.Fatal(err)
			}
			if hex.EncodeToString(got) != c.want {
				t.Errorf("%v: got %x, want %s", c.v, got, c.want)
			}
		}
	})
}

var variants = map[string]Variant{"Argon2d": Argon2d, "Argon2i": Argon2i, "Argon2id": Argon2id}

func TestVectors(t *testing.T) {
	cases := hashtest.Vectors(t, "argon2")
	hashtest.AllImplementations(t, "argon2", func(t *testing.T) {
		for _, c := range cases {
			t.Run(c.ID, func(t *testing.T) {
				if c.Slow || c.Int("m") > 1<<16 {
					t.Skip("m > 64 MiB: TestSlow runs it once, with the default kernel")
				}
				if testing.Short() && c.Int("m") > 1<<12 {
					t.Skip("m > 4 MiB: skipped under -short")
				}
				p := Params{
					Variant: variants[c.Algorithm], Version: c.Int("version"),
					Time: uint32(c.Int("t")), Memory: uint32(c.Int("m")), Lanes: uint32(c.Int("p")),
					KeyLen: uint32(c.Int("length")), Secret: c.Bytes("secret"), AssociatedData: c.Bytes("ad"),
				}
				pw, salt := c.Input.Materialize(), c.Bytes("salt")
				got, err := DeriveKey(context.Background(), pw, salt, p)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, c.Expected) {
					t.Fatalf("got %x\nwant %x", got, []byte(c.Expected))
				}
				// The x/crypto-compatible functions agree where they apply.
				if !c.NeedsExtended && p.Version == Version && p.Lanes < 256 && len(p.Secret) == 0 {
					f := map[Variant]func([]byte, []byte, uint32, uint32, uint8, uint32) []byte{Argon2d: DKey, Argon2i: Key, Argon2id: IDKey}[p.Variant]
					if got := f(pw, salt, p.Time, p.Memory, uint8(p.Lanes), p.KeyLen); !bytes.Equal(got, c.Expected) {
						t.Fatalf("compat: got %x\nwant %x", got, []byte(c.Expected))
					}
				}
			})
		}
	})
}

// TestSlow runs the vectors with more than 64 MiB of memory (up to 1 GiB)
// once, with the default kernel, outside -short.
func TestSlow(t *testing.T) {
	if testing.Short() {
		t.Skip("vectors of 256 MiB to 1 GiB are skipped under -short")
	}
	for _, c := range hashtest.Vectors(t, "argon2") {
		if !c.Slow && c.Int("m") <= 1<<16 {
			continue
		}
		got, err := DeriveKey(context.Background(), c.Input.Materialize(), c.Bytes("salt"), Params{
			Variant: variants[c.Algorithm], Version: c.Int("version"),
			Time: uint32(c.Int("t")), Memory: uint32(c.Int("m")), Lanes: uint32(c.Int("p")),
			KeyLen: uint32(c.Int("length")), Secret: c.Bytes("secret"), AssociatedData: c.Bytes("ad"),
		})
		if err != nil || !bytes.Equal(got, c.Expected) {
			t.Errorf("%s: %x, %v", c.ID, got, err)
		}
	}
}

func TestThreads(t *testing.T) {
	p := Params{Variant: Argon2id, Time: 2, Memory: 64, Lanes: 5, KeyLen: 32, Threads: 1}
	want, err := DeriveKey(context.Background(), []byte("pw"), []byte("saltsalt"), p)
	if err != nil {
		t.Fatal(err)
	}
	for _, th := range []int{0, 2, 3, 5, 50} {
		p.Threads = th
		got, err := DeriveKey(context.Background(), []byte("pw"), []byte("saltsalt"), p)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("Threads=%d: %x %v, want %x", th, got, err, want)
		}
	}
	// A caller's buffer, larger than needed, gives the same result and is
	// left zeroed.
	buf, err := NewBuffer(100)
	if err != nil {
		t.Fatal(err)
	}
	for i := range buf.blocks {
		buf.blocks[i][3] = 7
	}
	p.Buffer = buf
	got, err := DeriveKey(context.Background(), []byte("pw"), []byte("saltsalt"), p)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("Buffer: %x %v, want %x", got, err, want)
	}
	for i := range 60 {
		if buf.blocks[i] != (block{}) {
			t.Fatalf("buffer block %d not zeroed", i)
		}
	}
	p.Buffer, _ = NewBuffer(59)
	if _, err := DeriveKey(context.Background(), []byte("pw"), []byte("saltsalt"), p); err == nil || !strings.Contains(err.Error(), "Buffer") {
		t.Errorf("small Buffer: %v", err)
	}
}

func TestErrors(t *testing.T) {
	ok := Params{Variant: Argon2id, Time: 1, Memory: 64, Lanes: 2, KeyLen: 32}
	salt := []byte("saltsalt")
	for _, c := range []struct {
		mod  func(*Params)
		salt []byte
		want string
	}{
		{func(p *Params) { p.Time = 0 }, salt, "time"},
		{func(p *Params) { p.Lanes = 0 }, salt, "lanes"},
		{func(p *Params) { p.Lanes = 1 << 24; p.Memory = 1 << 30 }, salt, "lanes"},
		{func(p *Params) { p.Memory = 15 }, salt, "memory must be at least 8*lanes"},
		{func(p *Params) { p.KeyLen = 3 }, salt, "key length"},
		{func(p *Params) { p.Version = 0x12 }, salt, "version"},
		{func(p *Params) { p.Variant = 3 }, salt, "variant"},
		{func(p *Params) {}, []byte("short"), "salt"},
		{func(p *Params) { p.Memory = 1 << 22 }, salt, "MaxMemory"},
		{func(p *Params) { p.Memory = 1 << 12; p.MaxMemory = 1 << 20 }, salt, "MaxMemory"},
	} {
		p := ok
		c.mod(&p)
		_, err := DeriveKey(context.Background(), nil, c.salt, p)
		if c.want == "MaxMemory" && bits.UintSize == 32 && err != nil && strings.Contains(err.Error(), "platform") {
			continue // 32-bit platforms cannot address that much memory at all
		}
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "hashkit/argon2: ") {
			t.Errorf("%+v: error %v, want one containing %q", p, err, c.want)
		}
	}
	if _, err := DeriveKey(context.Background(), nil, salt, ok); err != nil {
		t.Errorf("valid parameters: %v", err)
	}
	// On 32-bit platforms, 4 GiB does not fit in int: an error, not a panic.
	if bits.UintSize == 32 {
		p := ok
		p.Memory, p.MaxMemory = 1<<22, -1
		if _, err := DeriveKey(context.Background(), nil, salt, p); err == nil || !strings.Contains(err.Error(), "platform") {
			t.Errorf("m=2^22 on a 32-bit platform: %v", err)
		}
		if _, err := NewBuffer(1 << 22); err == nil {
			t.Error("NewBuffer(2^22) on a 32-bit platform succeeded")
		}
	}
	for _, f := range []func(){
		func() { IDKey(nil, nil, 0, 64, 1, 32) },
		func() { IDKey(nil, nil, 1, 64, 0, 32) },
		func() { IDKey(nil, nil, 1, 64, 1, 0) },
	} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.HasPrefix(r.(string), "hashkit/argon2: ") {
					t.Errorf("recovered %v, want a hashkit/argon2 panic", r)
				}
			}()
			f()
		}()
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := Params{Variant: Argon2id, Time: 1, Memory: 64, Lanes: 1, KeyLen: 32}
	if _, err := DeriveKey(ctx, nil, []byte("saltsalt"), p); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled context: %v", err)
	}
	// Cancel from the first progress report: at most one checkpoint
	// interval of work per goroutine may follow.
	p = Params{Variant: Argon2id, Time: 4, Memory: 16 << 10, Lanes: 2, KeyLen: 32}
	total := int64(p.Time) * int64(blocksFor(p.Memory, p.Lanes))
	kdftest.CancelFromProgress(t, &testHookStopped, total, 2*2*checkEvery, "blocks processed", func(ctx context.Context, progress func(float64)) error {
		p.Progress = progress
		_, err := DeriveKey(ctx, nil, []byte("saltsalt"), p)
		return err
	})
}

func TestProgress(t *testing.T) {
	kdftest.Progress(t, func(progress func(float64)) error {
		p := Params{Variant: Argon2id, Time: 2, Memory: 4096, Lanes: 2, KeyLen: 32, Progress: progress}
		_, err := DeriveKey(context.Background(), nil, []byte("saltsalt"), p)
		return err
	})
}
