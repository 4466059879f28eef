package hashtest

import (
	"fmt"
	"strings"
	"testing"
)

// WycheproofCase holds the fields every C2SP/Wycheproof test has; a test type
// for WycheproofTests embeds it and adds its own.
type WycheproofCase struct {
	TcID    int      `json:"tcId"`
	Comment string   `json:"comment"`
	Flags   []string `json:"flags"`
	Result  string   `json:"result"`
}

// String names the case in messages: its id, comment and flags.
func (c WycheproofCase) String() string {
	return fmt.Sprintf("tcId %d (%s %v)", c.TcID, c.Comment, c.Flags)
}

// WycheproofTests runs check on every test of the Wycheproof files of a
// construction over each of hashes (named as the vector files name them:
// "SHA-1", "SHA2-256", ...), one subtest per file; check is given the hash's
// name; the files are named by WycheproofFile. A file without tests fails.
// T is the type of a test, embedding WycheproofCase.
func WycheproofTests[T any](t *testing.T, prefix string, hashes []string, check func(t *testing.T, hash string, tc *T)) {
	for _, hash := range hashes {
		file := WycheproofFile(prefix, hash)
		t.Run(file, func(t *testing.T) {
			var f struct {
				TestGroups []struct {
					Tests []T `json:"tests"`
				} `json:"testGroups"`
			}
			LoadJSON(t, "wycheproof/"+file+".json.gz", &f)
			n := 0
			for _, g := range f.TestGroups {
				for i := range g.Tests {
					n++
					check(t, hash, &g.Tests[i])
				}
			}
			if n == 0 {
				t.Fatal("no tests")
			}
		})
	}
}

// WycheproofFile is the name under wycheproof/ (without .json.gz) of the
// file of a construction over hash, as Wycheproof names them: prefix, the
// hash ("sha1", "sha256", "sha512_224", "sha3_256"), "_test".
func WycheproofFile(prefix, hash string) string {
	return prefix + strings.NewReplacer("SHA-1", "sha1", "SHA2-", "sha", "SHA3-", "sha3_", "/", "_").Replace(hash) + "_test"
}
