// Package kernelbench times the kernels of each role against each other on
// this machine: TestPairedRoles (module root) judges the dispatch table's
// choices with it, and `hashkit kernels --measure` reports them. It is not
// imported by the library.
package kernelbench

import (
	"sync"

	"github.com/hashkit/hashkit/argon2"
	"github.com/hashkit/hashkit/blake1"
	"github.com/hashkit/hashkit/blake2b"
	"github.com/hashkit/hashkit/blake2s"
	"github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/blake3/bao"
	"github.com/hashkit/hashkit/k12"
	"github.com/hashkit/hashkit/md5"
	"github.com/hashkit/hashkit/ripemd160"
	"github.com/hashkit/hashkit/scrypt"
	"github.com/hashkit/hashkit/sha1"
	"github.com/hashkit/hashkit/sha256"
	"github.com/hashkit/hashkit/sha3"
	"github.com/hashkit/hashkit/sha512"
)

// Work is, per "pkg/role", a call that spends its time in that role's
// kernel (streaming writes where a one-call kernel would otherwise take the
// whole message). Importing this package registers the kernels of every
// package it calls.
var Work = map[string]func(){
	"argon2/block":        func() { argon2.IDKey([]byte("pw"), []byte("somesalt"), 1, 1<<10, 1, 32) },
	"blake1/block":        func() { blake1.Sum256(msg64K()) },
	"blake2b/block":       func() { blake2b.Sum512(msg64K()) },
	"blake2s/block":       func() { blake2s.Sum256(msg64K()) },
	"blake2b/final":       func() { manyShort(func(m []byte) { blake2b.Sum512(m) }, 100) },
	"blake2s/final":       func() { manyShort(func(m []byte) { blake2s.Sum256(m) }, 50) },
	"blake3/one-call":     func() { manyShort(func(m []byte) { blake3.Sum256(m) }, 50) },
	"sha256/many":         func() { sha256.SumMany(manyDst[:], msg64K(), 64) },
	"blake3/batch":        func() { blake3.Sum256(msg64K()) },
	"blake3/many":         func() { blake3.SumMany(manyDst[:], msg64K(), 64) },
	"blake3/single-block": func() { h := blake3.New(); h.Write(msg64K()[:1000]); h.Sum(nil) },
	"blake3/few-lanes":    func() { manyShort(func(m []byte) { blake3.Sum256(m) }, 6<<10) },
	"blake3/stream": func() {
		in := msg40M()
		baoEnc, _, _ = bao.AppendEncode(baoEnc[:0], in, nil)
	},
	"blake3/many-few-lanes": func() {
		for i := range 128 {
			blake3.SumMany(manyDst[:5], msg64K()[i*320:][:5*64], 64)
		}
	},
	"keccak/single-state": func() { sha3.Sum256(msg64K()) },
	"md5/block":           func() { md5.Sum(msg64K()) },
	"ripemd160/block":     func() { ripemd160.Sum(msg64K()) },
	"keccak/multi-state":  func() { k12.SumKT128(msg64K(), nil, 32) },
	"keccak/few-lanes": func() {
		var x sha3.SHAKEMany
		x.Init128(4, msg64K()[:4*34], 34)
		x.Read(msg64K()[1024 : 1024+4*840])
	},
	"scrypt/block":    func() { scrypt.Key([]byte("pw"), []byte("salt"), 1<<8, 8, 1, 32) },
	"sha1/block":      func() { h := sha1.New(); h.Write(msg64K()); h.Sum(nil) },
	"sha1/one-call":   func() { manyShort(func(m []byte) { sha1.Sum(m) }, 50) },
	"sha256/block":    func() { h := sha256.New(); h.Write(msg64K()); h.Sum(nil) },
	"sha256/one-call": func() { manyShort(func(m []byte) { sha256.Sum256(m) }, 50) },
	"sha512/block":    func() { sha512.Sum512(msg64K()) },
}

var manyDst [1024][32]byte

// msg40M is the input of the stream role's work: a Bao encoding larger
// than the caches, written into baoEnc, reused.
var (
	msg40M = sync.OnceValue(func() []byte { return written(40 << 20) })
	baoEnc []byte
)

// msg64K returns the 64 KiB message the work hashes, written on first use
// rather than when a program that imports the package starts.
var msg64K = sync.OnceValue(func() []byte { return written(64 << 10) })

// written returns n bytes, each written once: a fresh allocation read
// before it is written maps the system's one zero page at every address,
// which stays in the cache, so that a kernel's software prefetch costs
// there without ever paying.
func written(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*7 + i>>8)
	}
	return b
}

// manyShort calls sum on 1024 messages of n bytes: a role that handles one
// short message per call (a final block, a one-call finish).
func manyShort(sum func([]byte), n int) {
	msg := msg64K()
	for i := range 1024 {
		sum(msg[i*n%(len(msg)-n):][:n])
	}
}
