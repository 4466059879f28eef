package hashkit

import (
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"

	_ "github.com/hashkit/hashkit/argon2"
	_ "github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/internal/cpu"
	_ "github.com/hashkit/hashkit/internal/keccak"
	_ "github.com/hashkit/hashkit/md5"
	_ "github.com/hashkit/hashkit/sha1"
	_ "github.com/hashkit/hashkit/sha256"
	_ "github.com/hashkit/hashkit/sha3"
	_ "github.com/hashkit/hashkit/sha512"
)

// TestPathsByGOARCH checks docs/design.md's table of the implementations
// registered on each GOARCH outside amd64 (where hashkit has a kernel or
// hands the work to the standard library) against the registry of this
// build.
func TestPathsByGOARCH(t *testing.T) {
	if runtime.GOARCH == "amd64" {
		t.Skip("amd64 kernels are listed in docs/design.md's kernel table")
	}
	design, err := os.ReadFile("docs/design.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(design), "<!-- paths by GOARCH -->\n")
	if !ok {
		t.Fatal("docs/design.md has no paths-by-GOARCH table")
	}
	rows := strings.Split(table, "\n")
	column := -1
	for i, arch := range splitRow(rows[0])[1:] {
		if slices.Contains(strings.Split(arch, ", "), runtime.GOARCH) {
			column = i + 1
		}
	}
	checked := 0
	for _, row := range rows[2:] {
		cells := splitRow(row)
		if len(cells) < 2 {
			break
		}
		pkg := strings.Trim(cells[0], "`")
		var want []string
		if column > 0 && !purego {
			// A cell may name another path on one GOOS: "— (darwin: stdlib)".
			cell, osCell, _ := strings.Cut(cells[column], " (")
			if goos, alt, ok := strings.Cut(strings.TrimSuffix(osCell, ")"), ": "); ok && goos == runtime.GOOS {
				cell = alt
			}
			if cell != "—" {
				want = strings.Split(cell, ", ")
			}
		}
		got, _ := cpu.Registered(pkg)
		if !slices.Equal(got, want) {
			t.Errorf("%s on %s: registered %q, docs/design.md says %q", pkg, runtime.GOARCH, got, want)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no rows in docs/design.md's paths-by-GOARCH table")
	}
}

// splitRow returns the trimmed cells of a Markdown table row.
func splitRow(row string) []string {
	row = strings.TrimSpace(row)
	if !strings.HasPrefix(row, "|") {
		return nil
	}
	cells := strings.Split(strings.Trim(row, "|"), "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells
}
