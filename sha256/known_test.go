package sha256

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// FIPS 180-4 examples (NIST CSRC, "Examples with intermediate values":
// SHA256.pdf, SHA224.pdf, and the one-million-'a' long message of FIPS
// 180-2 appendix B.3).
var knownAnswers = []struct {
	msg          string
	sha256       string
	sha224       string
	source, name string
}{
	{
		msg:    "abc",
		sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
		sha224: "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7",
		name:   "one block", source: "FIPS 180-4 examples, SHA256.pdf / SHA224.pdf, one-block message",
	},
	{
		msg:    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
		sha256: "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
		sha224: "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525",
		name:   "448 bits", source: "FIPS 180-4 examples, SHA256.pdf / SHA224.pdf, two-block message",
	},
	{
		msg:    strings.Repeat("a", 1000000),
		sha256: "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
		sha224: "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67",
		name:   "one million a", source: "FIPS 180-2 appendices B.3 and C.3, long message",
	},
}

func TestKnownAnswers(t *testing.T) {
	hashtest.AllImplementations(t, "sha256", func(t *testing.T) {
		for _, ka := range knownAnswers {
			s256, s224 := Sum256([]byte(ka.msg)), Sum224([]byte(ka.msg))
			if got := hex.EncodeToString(s256[:]); got != ka.sha256 {
				t.Errorf("SHA-256 %s (%s): %s, want %s", ka.name, ka.source, got, ka.sha256)
			}
			if got := hex.EncodeToString(s224[:]); got != ka.sha224 {
				t.Errorf("SHA-224 %s (%s): %s, want %s", ka.name, ka.source, got, ka.sha224)
			}
			// The same through the streaming hash, in writes of 1000 bytes.
			h := New()
			for m := ka.msg; len(m) > 0; {
				k := min(len(m), 1000)
				h.Write([]byte(m[:k]))
				m = m[k:]
			}
			if got := hex.EncodeToString(h.Sum(nil)); got != ka.sha256 {
				t.Errorf("SHA-256 %s streamed: %s, want %s", ka.name, got, ka.sha256)
			}
		}
	})
}
