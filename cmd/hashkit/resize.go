package main

import (
	"errors"
	"io"
	"os"
)

// errChanged is a regular file that was written to while it was read: its
// checksum could mix old and new contents, a state the file never had, so
// it is reported, as b3sum, rsync and tar report it, rather than printed.
var errChanged = errors.New("file changed while being read")

// checkSize is called at the end of a regular file of size bytes at open
// (else -1) once total bytes were read (-1: read by offset, to its size at
// open). Where the file can say whether it changed since its open (its
// size and its modification and change times, as tar checks), that is the
// answer: a file truncated and grown back to its size in between differs
// there, while a count that differs from an unchanged size is a file that
// reports no true size (sysfs files say 4096 bytes whatever they hold,
// procfs ones 0). A file that fits one read and gave all its bytes needs
// no check: one read takes its bytes at one moment. Elsewhere only a size
// that differs now from the one at open tells a change.
func checkSize(r io.Reader, total, size int64) error {
	if size < 0 || total == size && size <= smallBuffer {
		return nil
	}
	switch f := r.(type) {
	case interface{ changed() (bool, error) }:
		if changed, err := f.changed(); err == nil && changed {
			return errChanged
		}
	case *os.File:
		if st, err := f.Stat(); err == nil && total != size && size > 0 && st.Size() != size {
			return errChanged
		}
	}
	return nil
}
