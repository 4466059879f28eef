//go:build !amd64 || purego

package cpu

func hasSHANI() bool { return false }
