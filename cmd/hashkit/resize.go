package main

import (
	"errors"
	"io"
	"os"
)

// errChangedSize is a regular file that grew or shrank while it was read:
// its checksum would mix old and new contents, so it is reported, as b3sum
// and rsync report it, rather than printed.
var errChangedSize = errors.New("file changed size while being read")

// checkSize is called at the end of a regular file of size bytes at open
// (else -1) once total bytes were read. A count that differs is a change
// only if the file's size differs now too: sysfs files report 4096 bytes
// whatever they hold, and procfs ones 0.
func checkSize(r io.Reader, total, size int64) error {
	if size <= 0 || total == size {
		return nil
	}
	var now int64
	var err error
	switch f := r.(type) {
	case interface{ size() (int64, error) }:
		now, err = f.size()
	case *os.File:
		var st os.FileInfo
		if st, err = f.Stat(); err == nil {
			now = st.Size()
		}
	default:
		return nil
	}
	if err != nil || now == size {
		return nil
	}
	return errChangedSize
}
