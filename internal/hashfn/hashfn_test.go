package hashfn

import (
	"crypto/sha256"
	"hash"
	"strings"
	"testing"
)

func TestProbe(t *testing.T) {
	if p := Probe("x", sha256.New); p.Size() != sha256.Size {
		t.Fatalf("Probe(sha256.New) has size %d", p.Size())
	}
	for name, f := range map[string]func(){
		"nil constructor": func() { Probe[hash.Hash]("hashkit/x", nil) },
		"nil hash":        func() { Probe("hashkit/x", func() hash.Hash { return nil }) },
	} {
		func() {
			defer func() {
				if msg, _ := recover().(string); !strings.HasPrefix(msg, "hashkit/x: ") {
					t.Errorf("%s: panic %q, want one naming the package", name, msg)
				}
			}()
			f()
		}()
	}
}

func TestPlain(t *testing.T) {
	h := Plain(func() *sum256 { return &sum256{sha256.New()} })()
	if _, ok := h.(*sum256); !ok || h.Size() != sha256.Size {
		t.Fatalf("Plain's constructor made %T", h)
	}
}

// sum256 is a hash type other than hash.Hash, as a constructor of crypto/hkdf
// may return one.
type sum256 struct{ hash.Hash }
