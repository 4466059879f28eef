package hashtest

import (
	"bytes"
	"testing"
)

func TestPanics(t *testing.T) {
	if !Panics(func() { panic("misuse") }) {
		t.Error("Panics missed a panic")
	}
	if Panics(func() {}) {
		t.Error("Panics reported a panic of a function that returned")
	}
}

func TestUnhex(t *testing.T) {
	if got := Unhex("00ff10"); !bytes.Equal(got, []byte{0, 0xff, 0x10}) {
		t.Errorf("Unhex(00ff10) = %x", got)
	}
	if got := Unhex("00 ff\n\t10"); !bytes.Equal(got, []byte{0, 0xff, 0x10}) {
		t.Errorf("Unhex split by spaces = %x", got)
	}
	if !Panics(func() { Unhex("0g") }) {
		t.Error("Unhex accepted 0g")
	}
}
