package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	flag "github.com/spf13/pflag"
)

// treeFlags are sum's flags for whole trees.
type treeFlags struct {
	recursive bool
	follow    bool // -L: follow symbolic links met in the trees
	excludes  []string
}

func (t *treeFlags) define(fs *flag.FlagSet) {
	fs.BoolVarP(&t.recursive, "recursive", "r", false, "hash every regular file under the named directories, in bytewise path order")
	fs.BoolVarP(&t.follow, "dereference", "L", false, "with -r, follow symbolic links (a directory loop is reported once)")
	fs.StringArrayVar(&t.excludes, "exclude", nil, "with -r, skip files and directories whose name or path matches `GLOB` (repeatable)")
}

// check refuses tree flags without -r, and globs that cannot match.
func (t *treeFlags) check() error {
	if !t.recursive && (t.follow || len(t.excludes) > 0) {
		return usagef("-L and --exclude work with -r")
	}
	for _, g := range t.excludes {
		if _, err := filepath.Match(g, ""); err != nil {
			return usagef("--exclude %q: %v", g, err)
		}
	}
	return nil
}

// expand lists the regular files under each operand that is a directory,
// each directory's in bytewise order of their paths, and keeps other
// operands as they are. The paths start with the operand as it was given, so
// that a list made in a directory checks from it. Entries that cannot be
// read, and directory loops, are reported on stderr; failed says there were
// some.
func (t *treeFlags) expand(e *env, operands []string) (files []string, failed bool) {
	for _, op := range operands {
		info, err := os.Stat(op)
		if op == "-" || err != nil || !info.IsDir() {
			files = append(files, op) // hashing it reports what is wrong
			continue
		}
		w := treeWalk{t: t, e: e}
		w.walk(op, info, nil)
		slices.Sort(w.files)
		files = append(files, w.files...)
		failed = failed || w.failed
	}
	return files, failed
}

type treeWalk struct {
	t      *treeFlags
	e      *env
	files  []string
	failed bool
}

// walk adds the files under dir; with -L, info is dir's and ancestors are
// the directories above it, against which loops are told.
func (w *treeWalk) walk(dir string, info fs.FileInfo, ancestors []fs.FileInfo) {
	for _, a := range ancestors {
		if os.SameFile(a, info) {
			fmt.Fprintf(w.e.stderr, "%s: %s: directory loop: not followed\n", w.e.prog, quoteName(dir))
			w.failed = true
			return
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		w.e.fileError(dir, err)
		w.failed = true
		// ReadDir returns what it read before the error: go on with it.
	}
	if w.t.follow {
		ancestors = append(ancestors, info)
	}
	for _, ent := range entries {
		path := joinPath(dir, ent.Name())
		if w.excluded(ent.Name(), path) {
			continue
		}
		typ := ent.Type()
		if typ&fs.ModeSymlink != 0 {
			if !w.t.follow {
				continue
			}
			target, err := os.Stat(path)
			if err != nil {
				w.e.fileError(path, err)
				w.failed = true
				continue
			}
			typ = target.Mode().Type()
			if typ.IsDir() {
				w.walk(path, target, ancestors)
				continue
			}
		}
		switch {
		case typ.IsDir() && !w.t.follow:
			w.walk(path, nil, nil) // no links followed: no loops to tell
		case typ.IsDir():
			sub, err := ent.Info()
			if err != nil {
				w.e.fileError(path, err)
				w.failed = true
				continue
			}
			w.walk(path, sub, ancestors)
		case typ.IsRegular():
			w.files = append(w.files, path)
		}
		// FIFOs, devices and sockets in a tree are not read: a FIFO would
		// block, a device never end.
	}
}

// excluded reports whether an --exclude glob matches the entry's name or
// its path.
func (w *treeWalk) excluded(name, path string) bool {
	for _, g := range w.t.excludes {
		if m, _ := filepath.Match(g, name); m {
			return true
		}
		if m, _ := filepath.Match(g, path); m {
			return true
		}
	}
	return false
}

// joinPath is dir/name with dir as the user wrote it ("./d", "d/"), where
// filepath.Join would clean it.
func joinPath(dir, name string) string {
	if strings.HasSuffix(dir, string(filepath.Separator)) || strings.HasSuffix(dir, "/") {
		return dir + name
	}
	return dir + string(filepath.Separator) + name
}

// sumTrees is sum with -r: the operands' trees expanded, and status 1 if
// some of their entries could not be read, even when every file hashed.
func (f *sumFlags) sumTrees(e *env, operands []string) error {
	if !f.recursive {
		return f.sum(e, operands)
	}
	files, failed := f.expand(e, operands)
	if len(files) == 0 && len(operands) > 0 {
		// Empty trees: nothing to print (no files is not standard input).
		if failed {
			return exitStatus(exitFail)
		}
		return nil
	}
	err := f.sum(e, files)
	if err == nil && failed {
		return exitStatus(exitFail)
	}
	return err
}
