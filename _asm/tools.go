//go:build tools

// Package tools pins the generator dependencies.
package tools

import (
	_ "github.com/mmcloughlin/avo/build"
	_ "golang.org/x/tools/go/packages"
)
