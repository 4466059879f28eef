package hashtest

import (
	"bytes"
	"crypto/sha256"
	"crypto/sha3"
	"errors"
	"hash"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The checkers are run on the standard library, which must pass them, and on
// broken hashers, which must not.

func TestStdlibPasses(t *testing.T) {
	TestHash(t, sha256.New)
	// The standard library's SHAKE accepts marshalled states with trailing
	// bytes, which TestXOF rejects; check it without its marshalling.
	TestXOF(t, func() hash.XOF { return xofOnly{sha3.NewSHAKE128()} })
	if !RaceEnabled {
		TestAllocs(t, sha256.New)
	}
}

type xofOnly struct{ hash.XOF }

// sumChanges is a hash whose Sum disturbs its state.
type sumChanges struct{ hash.Hash }

func (s sumChanges) Sum(b []byte) []byte { s.Hash.Write([]byte{0}); return s.Hash.Sum(b) }

// TestCheckerCatchesBrokenSum runs TestHash on a broken hash in a child
// process (a failing subtest cannot be caught in-process) and expects it to fail.
func TestCheckerCatchesBrokenSum(t *testing.T) {
	if os.Getenv("HASHTEST_BROKEN") == "1" {
		TestHash(t, func() hash.Hash { return sumChanges{sha256.New()} })
		return
	}
	mustFailInChild(t, "TestCheckerCatchesBrokenSum", "Sum changed the state")
}

// mustFailInChild runs the test named test again in a child process with
// HASHTEST_BROKEN=1 and expects it to fail with want in its output.
func mustFailInChild(t *testing.T, test string, want ...string) {
	SkipWithoutSubprocesses(t)
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$")
	cmd.Env = append(os.Environ(), "HASHTEST_BROKEN=1")
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		// Under qemu user emulation or on js/wasm the test binary cannot
		// start itself.
		t.Skipf("cannot run a child test process here: %v", err)
	}
	if err == nil {
		t.Fatalf("%s passed in the child:\n%s", test, out)
	}
	for _, w := range want {
		if !strings.Contains(string(out), w) {
			t.Fatalf("%s failed without %q:\n%s", test, w, out)
		}
	}
}

// extraMethod exports a method in none of its interfaces; badClone is a
// hash.Hash whose Clone is not hash.Cloner's.
type (
	extraMethod struct{ hash.Hash }
	badClone    struct{ hash.Hash }
)

func (extraMethod) Init224()        {}
func (b badClone) Clone() *badClone { return &b }

// TestNoExtraMethodsCatches expects NoExtraMethods to fail on an extra
// method, a listed extra that does not exist, and a wrong Clone.
func TestNoExtraMethodsCatches(t *testing.T) {
	if os.Getenv("HASHTEST_BROKEN") == "1" {
		NoExtraMethods(t, extraMethod{sha256.New()})
		NoExtraMethods(t, sha256.New(), "Missing")
		NoExtraMethods(t, badClone{sha256.New()}, "Clone")
		return
	}
	mustFailInChild(t, "TestNoExtraMethodsCatches", "exports Init224", "has no method Missing", "must be a hash.Cloner")
}

func TestVectorsSHA256(t *testing.T) {
	n := 0
	for _, c := range Vectors(t, "sha2") {
		if c.Algorithm != "SHA2-256" || c.Kind != "" || c.Input.Len() > 1<<20 {
			continue
		}
		h := sha256.New()
		if _, err := c.Input.WriteTo(h); err != nil {
			t.Fatal(err)
		}
		if got := h.Sum(nil); !bytes.Equal(got, c.Expected) {
			t.Fatalf("%s: %x, want %x", c.ID, got, c.Expected)
		}
		n++
	}
	if n < 100 {
		t.Fatalf("only %d SHA2-256 vectors", n)
	}
}

func TestBytesGenerators(t *testing.T) {
	var b Bytes
	if err := b.UnmarshalJSON([]byte(`{"gen":"repeat","pattern":"0102","length":2097155}`)); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if n, err := b.WriteTo(&buf); err != nil || n != 2097155 {
		t.Fatal(n, err)
	}
	if !bytes.Equal(buf.Bytes(), b.Materialize()) || buf.Bytes()[2097154] != 1 || buf.Bytes()[2097153] != 2 {
		t.Fatal("repeat generator streamed wrong bytes")
	}
	if err := b.UnmarshalJSON([]byte(`{"gen":"ptn251","length":300}`)); err != nil {
		t.Fatal(err)
	}
	if m := b.Materialize(); m[250] != 250 || m[251] != 0 || m[299] != 48 {
		t.Fatal("ptn251 generator wrong")
	}
	if _, err := b.WriteTo(io.Discard); err != nil {
		t.Fatal(err)
	}
}

func TestNobleSHA256(t *testing.T) {
	s := NewNobleSet(0)
	for i := range 50 {
		in := RandBytes(uint64(i), i*37)
		s.Add("SHA2-256", nil, in, func() ([]byte, error) { d := sha256.Sum256(in); return d[:], nil })
	}
	s.Check(t)
}
