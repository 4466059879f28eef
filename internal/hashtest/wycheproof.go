package hashtest

import (
	"fmt"
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

// WycheproofTests runs check on every test of each Wycheproof file, one
// subtest per file; files maps the file's name under wycheproof/ (without
// .json.gz) to the name of its hash, which check is given. A file without
// tests fails. T is the type of a test, embedding WycheproofCase.
func WycheproofTests[T any](t *testing.T, files map[string]string, check func(t *testing.T, hash string, tc *T)) {
	for file, hash := range files {
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
