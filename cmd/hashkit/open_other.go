//go:build !unix

package main

import (
	"io"
	"os"
)

// openInput opens name for reading, and returns its size if it is a regular
// file (else -1).
func openInput(name string) (io.ReadCloser, int64, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, 0, err
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return f, -1, nil
	}
	return f, st.Size(), nil
}

// isRegular reports whether name is a regular file (following links); a name
// that cannot be looked up is taken for one, and its open will say why.
func isRegular(name string) bool {
	st, err := os.Stat(name)
	return err != nil || st.Mode().IsRegular()
}

// closedAtStart reports whether f, a standard descriptor, was closed at
// startup; only Unix systems are asked.
func closedAtStart(f *os.File) bool { return false }

// stdinInput returns standard input f as an input to hash, of unknown
// length: only Unix systems are asked.
func stdinInput(f *os.File) (io.Reader, int64) { return f, -1 }
