//go:build !linux

package kdfwork

func allocHuge[E any](n int) (s []E, release func(), bytes int, resident, ok bool) {
	return nil, nil, 0, false, false
}

func hugeEnabled() bool { return false }
