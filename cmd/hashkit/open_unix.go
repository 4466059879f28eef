//go:build unix

package main

import (
	"io"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// rawFile reads a descriptor with plain system calls. os.Open would also
// try to register the descriptor with the runtime's poller and switch its
// blocking mode (five more calls per file), which dominates the time of
// hashing many small files; regular files are never pollable anyway.
type rawFile struct {
	fd    int
	name  string
	stamp stamp // at open
}

// stamp is what a write to a file changes: its size, and its modification
// and change times (seconds and nanoseconds).
type stamp struct {
	size                           int64
	mtime, mtimeNs, ctime, ctimeNs int64
}

func stampOf(st *unix.Stat_t) stamp {
	return stamp{int64(st.Size), int64(st.Mtim.Sec), int64(st.Mtim.Nsec), int64(st.Ctim.Sec), int64(st.Ctim.Nsec)}
}

// openInput opens name for reading, and returns its size if it is a regular
// file (else -1).
func openInput(name string) (io.ReadCloser, int64, error) {
	fd, err := openRetry(name)
	if err != nil {
		return nil, 0, &os.PathError{Op: "open", Path: name, Err: err}
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		syscall.Close(fd)
		return nil, 0, &os.PathError{Op: "stat", Path: name, Err: err}
	}
	switch st.Mode & unix.S_IFMT {
	case unix.S_IFREG:
		return &rawFile{fd, name, stampOf(&st)}, st.Size, nil
	case unix.S_IFDIR:
		syscall.Close(fd)
		return nil, 0, &os.PathError{Op: "read", Path: name, Err: syscall.EISDIR}
	}
	// Pipes, devices and sockets: let os.File handle them (it can wait on
	// them without holding a thread).
	return os.NewFile(uintptr(fd), name), -1, nil
}

// isRegular reports whether name is a regular file (following links); a name
// that cannot be looked up is taken for one, and its open will say why.
func isRegular(name string) bool {
	var st syscall.Stat_t
	for {
		err := syscall.Stat(name, &st)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return true
		}
		return st.Mode&syscall.S_IFMT == syscall.S_IFREG
	}
}

func openRetry(name string) (int, error) {
	for {
		fd, err := syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			return fd, err
		}
	}
}

func (f *rawFile) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		n, err := syscall.Read(f.fd, p)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, &os.PathError{Op: "read", Path: f.name, Err: err}
		case n == 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

// ReadAt reads len(p) bytes at off, less only at the end of the file
// (io.EOF) or on an error.
func (f *rawFile) ReadAt(p []byte, off int64) (int, error) {
	n := 0
	for n < len(p) {
		m, err := syscall.Pread(f.fd, p[n:], off+int64(n))
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return n, &os.PathError{Op: "read", Path: f.name, Err: err}
		case m == 0:
			return n, io.EOF
		}
		n += m
	}
	return n, nil
}

func (f *rawFile) Close() error { return syscall.Close(f.fd) }

// closedAtStart reports whether f, a standard descriptor, is what the Go
// runtime opens for one that was closed at startup: /dev/null, read-write.
// A shell's </dev/null opens it read-only; a program that passes it
// read-write on purpose (Python's subprocess.DEVNULL) cannot be told apart.
func closedAtStart(f *os.File) bool {
	fd := int(f.Fd())
	flags, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
	if err != nil || flags&unix.O_ACCMODE != unix.O_RDWR {
		return false
	}
	var st, null unix.Stat_t
	if unix.Fstat(fd, &st) != nil || unix.Stat(os.DevNull, &null) != nil {
		return false
	}
	return st.Mode&unix.S_IFMT == unix.S_IFCHR && st.Rdev == null.Rdev
}

// stdinInput returns standard input f as an input to hash, and what is
// left of it if it is a regular file (else -1): such a file is read as one
// opened by name is, its stamp compared at the end (see checkSize).
func stdinInput(f *os.File) (io.Reader, int64) {
	fd := int(f.Fd())
	var st unix.Stat_t
	if unix.Fstat(fd, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
		return f, -1
	}
	off, err := unix.Seek(fd, 0, io.SeekCurrent)
	if err != nil || off > st.Size {
		return f, -1
	}
	return &stdinFile{f, rawFile{fd, f.Name(), stampOf(&st)}}, st.Size - off
}

// stdinFile reads standard input through its *os.File and checks it as a
// rawFile.
type stdinFile struct {
	*os.File
	raw rawFile
}

func (s *stdinFile) changed() (bool, error) { return s.raw.changed() }

// changed reports whether the file's stamp differs now from its stamp at
// open.
func (f *rawFile) changed() (bool, error) {
	var st unix.Stat_t
	if err := unix.Fstat(f.fd, &st); err != nil {
		return false, err
	}
	return stampOf(&st) != f.stamp, nil
}
