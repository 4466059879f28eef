//go:build !(386 || arm || arm64 || loong64 || ppc64 || ppc64le || riscv64 || s390x) || purego

package md5

import "hash"

// hashkit's own code on every GOARCH where the standard library is not
// faster (see stdlib.go): New and Sum never call these.
const stdlibKernel = 0

func stdlibNew() hash.Hash             { panic(noStdlib) }
func stdlibSum(data []byte) [Size]byte { panic(noStdlib) }

const noStdlib = "hashkit/md5: no standard-library path on this GOARCH"
