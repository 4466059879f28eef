//go:build !(386 || arm || loong64 || s390x) || purego

package sha1

import "hash"

// hashkit's own code on every GOARCH where the standard library is not
// faster (see stdlib.go): New and Sum never call these.
const stdlibKernel = 0

func stdlibNew() hash.Hash             { panic(noStdlib) }
func stdlibSum(data []byte) [Size]byte { panic(noStdlib) }

const noStdlib = "hashkit/sha1: no standard-library path on this GOARCH"
