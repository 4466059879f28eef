package scrypt

import (
	"bytes"
	"context"
	"errors"
	"math/bits"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
	"github.com/hashkit/hashkit/internal/hashtest/kdftest"
	"github.com/hashkit/hashkit/internal/kdfwork"
)

// RFC 7914 section 12, all four test vectors; the last (N=2^20, 1 GiB) only
// outside -short.
var rfc7914 = []struct {
	password, salt string
	N, r, p        int
	want           string
}{
	{"", "", 16, 1, 1, `77 d6 57 62 38 65 7b 20 3b 19 ca 42 c1 8a 04 97
	   f1 6b 48 44 e3 07 4a e8 df df fa 3f ed e2 14 42
	   fc d0 06 9d ed 09 48 f8 32 6a 75 3a 0f c8 1f 17
	   e8 d3 e0 fb 2e 0d 36 28 cf 35 e2 0c 38 d1 89 06`},
	{"password", "NaCl", 1024, 8, 16, `fd ba be 1c 9d 34 72 00 78 56 e7 19 0d 01 e9 fe
	   7c 6a d7 cb c8 23 78 30 e7 73 76 63 4b 37 31 62
	   2e af 30 d9 2e 22 a3 88 6f f1 09 27 9d 98 30 da
	   c7 27 af b9 4a 83 ee 6d 83 60 cb df a2 cc 06 40`},
	{"pleaseletmein", "SodiumChloride", 16384, 8, 1, `70 23 bd cb 3a fd 73 48 46 1c 06 cd 81 fd 38 eb
	   fd a8 fb ba 90 4f 8e 3e a9 b5 43 f6 54 5d a1 f2
	   d5 43 29 55 61 3f 0f cf 62 d4 97 05 24 2a 9a f9
	   e6 1e 85 dc 0d 65 1e 40 df cf 01 7b 45 57 58 87`},
	{"pleaseletmein", "SodiumChloride", 1048576, 8, 1, `21 01 cb 9b 6a 51 1a ae ad db be 09 cf 70 f8 81
	   ec 56 8d 57 4a 2f fd 4d ab e5 ee 98 20 ad aa 47
	   8e 56 fd 8f 4b a5 d0 9f fa 1c 6d 92 7c 40 f4 c3
	   37 30 40 49 e8 a9 52 fb cb f4 5c 6f a7 7a 41 a4`},
}

func TestRFC7914(t *testing.T) {
	hashtest.AllImplementations(t, "scrypt", func(t *testing.T) {
		for _, v := range rfc7914 {
			if v.N > 1<<14 {
				continue // TestSlow runs it once, with the default kernel
			}
			got, err := Key([]byte(v.password), []byte(v.salt), v.N, v.r, v.p, 64)
			if err != nil {
				t.Fatal(err)
			}
			if want := hashtest.Unhex(v.want); !bytes.Equal(got, want) {
				t.Errorf("N=%d r=%d p=%d:\n got %x\nwant %x", v.N, v.r, v.p, got, want)
			}
		}
	})
}

func TestVectors(t *testing.T) {
	cases := hashtest.Vectors(t, "scrypt")
	hashtest.AllImplementations(t, "scrypt", func(t *testing.T) {
		for _, c := range cases {
			t.Run(c.ID, func(t *testing.T) {
				if c.Slow {
					t.Skip("slow: TestSlow runs it once, with the default kernel")
				}
				got, err := Key(c.Input.Materialize(), c.Bytes("salt"), c.Int("N"), c.Int("r"), c.Int("p"), c.Int("length"))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, c.Expected) {
					t.Errorf("got %x\nwant %x", got, []byte(c.Expected))
				}
			})
		}
	})
}

// TestSlow runs the slow vectors (N=2^20, 1 GiB: RFC 7914 section 12's
// last one) once, with the default kernel, outside -short.
func TestSlow(t *testing.T) {
	if testing.Short() {
		t.Skip("1 GiB scrypt vectors are skipped under -short")
	}
	v := rfc7914[3]
	got, err := Key([]byte(v.password), []byte(v.salt), v.N, v.r, v.p, 64)
	if err != nil || !bytes.Equal(got, hashtest.Unhex(v.want)) {
		t.Errorf("RFC 7914 N=2^20: %x, %v", got, err)
	}
	for _, c := range hashtest.Vectors(t, "scrypt") {
		if !c.Slow || c.Int("N") == v.N && string(c.Input.Materialize()) == v.password {
			continue // the RFC vector, just checked
		}
		got, err := Key(c.Input.Materialize(), c.Bytes("salt"), c.Int("N"), c.Int("r"), c.Int("p"), c.Int("length"))
		if err != nil || !bytes.Equal(got, c.Expected) {
			t.Errorf("%s: %x, %v", c.ID, got, err)
		}
	}
}

// TestThreads checks that the parallel mixes give the result of the
// sequential ones, whatever the number of goroutines and memory limit.
func TestThreads(t *testing.T) {
	pw, salt := []byte("password"), []byte("NaCl")
	want, err := DeriveKey(context.Background(), pw, salt, Params{N: 64, R: 2, P: 7, KeyLen: 40, Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, th := range []int{0, 2, 3, 7, 100} {
		got, err := DeriveKey(context.Background(), pw, salt, Params{N: 64, R: 2, P: 7, KeyLen: 40, Threads: th})
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("Threads=%d: %x, %v; want %x", th, got, err, want)
		}
	}
	// A limit that only allows one table at a time still works, sequentially.
	p := Params{N: 64, R: 2, P: 7, KeyLen: 40, Threads: 7}
	p.MaxMemory = p.MinMemory()
	got, err := DeriveKey(context.Background(), pw, salt, p)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("MaxMemory=MinMemory: %x, %v; want %x", got, err, want)
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct {
		N, r, p, keyLen int
		max             int64
		want            string
	}{
		{0, 8, 1, 32, 0, "N must be a power of two"},
		{1, 8, 1, 32, 0, "N must be a power of two"},
		{-16, 8, 1, 32, 0, "N must be a power of two"},
		{24, 8, 1, 32, 0, "N must be a power of two"},
		{16, 0, 1, 32, 0, "r must be"},
		{16, -1, 1, 32, 0, "r must be"},
		{16, 8, 0, 32, 0, "p must be"},
		{16, 1, 1, 0, 0, "key length"},
		{16, 1, 1, -5, 0, "key length"},
		{16, 1 << 15, 1 << 15, 32, -1, "r*p must be less than 2^30"},
		{1 << (bits.UintSize - 2), 8, 1, 32, -1, "N too large for r"},
		{1 << 20, 8, 1024, 32, 0, "MaxMemory"},
		{1 << 10, 8, 1, 32, 128 * 8 * (1<<10 + 1), "MaxMemory"},
	} {
		p := Params{N: c.N, R: c.r, P: c.p, KeyLen: c.keyLen, MaxMemory: c.max}
		if c.max < 0 {
			p.MaxWork = -1 // no limits: the platform's checks
		}
		_, err := DeriveKey(context.Background(), nil, nil, p)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "hashkit/scrypt: ") {
			t.Errorf("N=%d r=%d p=%d keyLen=%d max=%d: error %v, want one containing %q", c.N, c.r, c.p, c.keyLen, c.max, err, c.want)
		}
	}
	// The default limit admits N=2^20, r=8, p=1 with a key of up to 1 MiB
	// less 2 KiB.
	if got := (Params{N: 1 << 20, R: 8, P: 1, KeyLen: 1<<20 - 2<<10}).MinMemory(); got != DefaultMaxMemory {
		t.Errorf("MinMemory(2^20, 8, 1) = %d, want %d", got, DefaultMaxMemory)
	}
	// Key sets no memory limit, like x/crypto: its errors are the parameter ones.
	if _, err := Key(nil, nil, 16, 1<<15, 1<<15, 32); err == nil {
		t.Error("Key accepted r*p = 2^30")
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := DeriveKey(ctx, nil, nil, Params{N: 16, R: 1, P: 1, KeyLen: 32}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled context: %v", err)
	}
	// Cancel from the first progress report: at most one checkpoint
	// interval of work per goroutine may follow.
	p := Params{N: 1 << 14, R: 8, P: 2, KeyLen: 32}
	step := int64(2048 / p.R)
	kdftest.CancelFromProgress(t, &testHookStopped, int64(2*p.N*p.P), 2*2*step, "BlockMix calls", func(ctx context.Context, progress func(float64)) error {
		p.Progress = progress
		_, err := DeriveKey(ctx, []byte("pw"), []byte("salt"), p)
		return err
	})
}

func TestProgress(t *testing.T) {
	kdftest.Progress(t, func(progress func(float64)) error {
		p := Params{N: 1 << 12, R: 8, P: 3, KeyLen: 32, Progress: progress}
		_, err := DeriveKey(context.Background(), []byte("pw"), []byte("salt"), p)
		return err
	})
}

// TestWorkZeroed checks that DeriveKey leaves its working memory zeroed,
// with one or several workers, more mixes than workers, and when cancelled
// part of the way through.
func TestWorkZeroed(t *testing.T) {
	var calls int
	testHookCleared = func(work []uint32) {
		calls++
		for i, x := range work {
			if x != 0 {
				t.Errorf("word %d of %d not zeroed", i, len(work)) // maybe on another goroutine
				return
			}
		}
	}
	defer func() { testHookCleared = nil }()
	for _, c := range []struct{ p, threads int }{{1, 1}, {2, 2}, {3, 2}, {4, 1}} {
		if _, err := DeriveKey(context.Background(), []byte("pw"), []byte("salt"), Params{N: 1 << 8, R: 2, P: c.p, Threads: c.threads, KeyLen: 32}); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	p := Params{N: 1 << 12, R: 4, P: 2, Threads: 2, KeyLen: 32, Progress: func(f float64) {
		if f > 0.2 {
			cancel()
		}
	}}
	if _, err := DeriveKey(ctx, []byte("pw"), []byte("salt"), p); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	kdfwork.WaitCleanups() // a cancelled call's wipe runs after it returns
	if calls != 5 {
		t.Fatalf("hook called %d times, want 5", calls)
	}
}
