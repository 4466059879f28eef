package hashkit

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestPureGoSelectsNoAssembly checks, for every architecture Go supports
// and every package of the module, that the purego build tag selects no
// assembly file, as the Go source's crypto/purego_test.go does for the
// standard library.
func TestPureGoSelectsNoAssembly(t *testing.T) {
	var dirs []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "." && (strings.HasPrefix(d.Name(), "_") || strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "bench" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() {
			dirs = append(dirs, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	arches := []string{"386", "amd64", "arm", "arm64", "loong64", "mips", "mipsle", "mips64", "mips64le", "ppc64", "ppc64le", "riscv64", "s390x"}
	checked := 0
	for _, arch := range arches {
		ctx := build.Default
		ctx.GOOS, ctx.GOARCH = "linux", arch
		ctx.BuildTags = []string{"purego"}
		for _, dir := range dirs {
			p, err := ctx.ImportDir(dir, 0)
			if err != nil {
				continue // no Go files for this configuration
			}
			if len(p.SFiles) > 0 {
				t.Errorf("GOARCH=%s -tags purego: %s selects assembly %v", arch, dir, p.SFiles)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no package was checked")
	}
}
