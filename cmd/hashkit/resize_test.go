package main

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestChangedSizeReported: a file that grows or shrinks between its open
// and its end is an error, not a checksum of half old, half new contents.
func TestChangedSizeReported(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(f string) error
	}{
		{"grown", func(f string) error {
			w, err := os.OpenFile(f, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				return err
			}
			w.Write(make([]byte, 5000))
			return w.Close()
		}},
		{"shrunk", func(f string) error { return os.Truncate(f, 100) }},
		{"unchanged", func(string) error { return nil }},
	} {
		name := filepath.Join(t.TempDir(), "f")
		if err := os.WriteFile(name, make([]byte, 3*smallBuffer), 0o644); err != nil {
			t.Fatal(err)
		}
		r, size, err := openInput(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.change(name); err != nil {
			t.Fatal(err)
		}
		d, _ := algorithms[0].new(options{})
		err = readInto(d, r, size, &progress{})
		r.Close()
		if want := c.name != "unchanged"; errors.Is(err, errChangedSize) != want {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}
