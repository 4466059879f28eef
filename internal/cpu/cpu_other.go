//go:build (!amd64 && !arm64) || purego

package cpu

func hasSHANI() bool { return false }

// identify returns no CPU: the dispatch table then takes its default.
func identify() (vendor string, family, model uint32) { return "", 0, 0 }
