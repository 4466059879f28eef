package sha512

import (
	"encoding/hex"
	"hash"
	"strings"
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

// FIPS 180-4 examples (NIST CSRC, "Examples with intermediate values", one
// file per algorithm): a one-block message ("abc") and a two-block one
// (msg896); and the one-million-'a' long message of FIPS 180-2 appendices
// C.3 and D.3 (SHA-512 and SHA-384 only).
var knownAnswers = []struct {
	alg, pdf        string // the algorithm and its examples file
	mk              func() hash.Hash
	abc, twoBlock   string
	appendix, milla string // FIPS 180-2 appendix and digest of a million 'a', "" where it has none
}{
	{"SHA-512", "SHA512.pdf", New, "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f", "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909", "C.3", "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b"},
	{"SHA-384", "SHA384.pdf", New384, "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7", "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712fcc7c71a557e2db966c3e9fa91746039", "D.3", "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985"},
	{"SHA-512/224", "SHA512_224.pdf", New512_224, "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa", "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9", "", ""},
	{"SHA-512/256", "SHA512_256.pdf", New512_256, "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23", "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a", "", ""},
}

const msg896 = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"

func TestKnownAnswers(t *testing.T) {
	million := strings.Repeat("a", 1000000)
	sums := map[string]func([]byte) []byte{
		"SHA-512":     func(b []byte) []byte { s := Sum512(b); return s[:] },
		"SHA-384":     func(b []byte) []byte { s := Sum384(b); return s[:] },
		"SHA-512/224": func(b []byte) []byte { s := Sum512_224(b); return s[:] },
		"SHA-512/256": func(b []byte) []byte { s := Sum512_256(b); return s[:] },
	}
	hashtest.AllImplementations(t, "sha512", func(t *testing.T) {
		for _, ka := range knownAnswers {
			for _, c := range []struct{ name, source, msg, want string }{
				{"abc", ka.pdf + ", one-block message", "abc", ka.abc},
				{"896 bits", ka.pdf + ", two-block message", msg896, ka.twoBlock},
				{"one million a", "FIPS 180-2 appendix " + ka.appendix, million, ka.milla},
			} {
				if c.want == "" {
					continue
				}
				if got := hex.EncodeToString(sums[ka.alg]([]byte(c.msg))); got != c.want {
					t.Errorf("%s %s (%s): %s, want %s", ka.alg, c.name, c.source, got, c.want)
				}
				h := ka.mk()
				for m := c.msg; len(m) > 0; {
					k := min(len(m), 1000)
					h.Write([]byte(m[:k]))
					m = m[k:]
				}
				if got := hex.EncodeToString(h.Sum(nil)); got != c.want {
					t.Errorf("%s %s streamed: %s, want %s", ka.alg, c.name, got, c.want)
				}
			}
		}
	})
}
