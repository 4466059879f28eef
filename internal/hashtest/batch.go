package hashtest

import (
	"testing"

	"github.com/hashkit/hashkit/internal/cpu"
)

// FuzzBatch is the fuzz target of a package's batch functions (SumMany and
// kin): it cuts the fuzzer's data into as many messages of the length it
// picks as fit, and calls check, which compares the batch functions with
// the one-message ones for n messages of msgLen bytes, under each of impls
// of pkg and the portable code. The seeds (f.Add) are the caller's: a
// []byte and a uint.
func FuzzBatch(f *testing.F, pkg string, impls []string, check func(t *testing.T, data []byte, n, msgLen int)) {
	f.Fuzz(func(t *testing.T, data []byte, l uint) {
		msgLen := int(l % uint(len(data)+1))
		n := 0
		if msgLen > 0 {
			n = len(data) / msgLen
		}
		defer cpu.Restore(pkg)
		for _, name := range append(impls, "") {
			cpu.Select(pkg, name)
			check(t, data[:n*msgLen], n, msgLen)
		}
	})
}

// CheckBatches calls check, as FuzzBatch does, on src cut into each of
// cases: {n, msgLen}, n messages of msgLen bytes.
func CheckBatches(t *testing.T, src []byte, cases [][2]int, check func(t *testing.T, data []byte, n, msgLen int)) {
	t.Helper()
	for _, c := range cases {
		check(t, src[:c[0]*c[1]], c[0], c[1])
	}
}

// BadBatch is a batch that a batch function given two digests to write
// must refuse.
type BadBatch struct {
	Data   []byte
	MsgLen int
}

// BadBatches are the batches of BadBatch: data that is not a whole number
// of messages, or not two of them, and message lengths 0 (of some data),
// negative, and so large that two of them overflow an int.
var BadBatches = []BadBatch{
	{make([]byte, 63), 32}, {make([]byte, 65), 32}, {make([]byte, 96), 32},
	{nil, 1}, {make([]byte, 2), 0}, {make([]byte, 2), -1}, {nil, -1},
	{make([]byte, 2), int(^uint(0)>>1)/2 + 1},
}
