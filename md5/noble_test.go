package md5

import (
	"testing"

	"github.com/hashkit/hashkit/internal/hashtest"
)

func TestNoble(t *testing.T) {
	var cases []hashtest.NobleCase
	for i := range 200 {
		n := i
		if i >= 150 {
			n = i * 97
		}
		cases = append(cases, hashtest.NobleCase{Alg: "MD5", Input: hashtest.RandBytes(uint64(i)+100, n)})
	}
	hashtest.CrossCheck(t, cases, func(c hashtest.NobleCase) []byte { s := Sum(c.Input); return s[:] })
}
