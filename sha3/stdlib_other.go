//go:build !(s390x || (darwin && arm64)) || purego

package sha3

// hashkit's own code on every GOARCH where the standard library is not
// faster (see stdlib.go): nothing reaches the functions below.
const stdlibKernel = 0

// stdSHA3 and stdSHAKE stand for crypto/sha3's types, with the methods
// hashkit's call, and take no room.
type (
	stdSHA3  struct{}
	stdSHAKE struct{}
)

func (*stdSHA3) Sum([]byte) []byte                    { panic(noStdlib) }
func (*stdSHA3) Reset()                               { panic(noStdlib) }
func (*stdSHA3) AppendBinary([]byte) ([]byte, error)  { panic(noStdlib) }
func (*stdSHA3) UnmarshalBinary([]byte) error         { panic(noStdlib) }
func (*stdSHAKE) Read([]byte) (int, error)            { panic(noStdlib) }
func (*stdSHAKE) Reset()                              { panic(noStdlib) }
func (*stdSHAKE) AppendBinary([]byte) ([]byte, error) { panic(noStdlib) }
func (*stdSHAKE) UnmarshalBinary([]byte) error        { panic(noStdlib) }
func newStdSHA3(uint8) stdSHA3                        { panic(noStdlib) }
func newStdSHAKE(uint8) stdSHAKE                      { panic(noStdlib) }
func writeStdSHA3(*stdSHA3, []byte, int)              { panic(noStdlib) }
func writeStdSHAKE(*stdSHAKE, []byte, int)            { panic(noStdlib) }
func readStdSHAKE(*stdSHAKE, []byte, int)             { panic(noStdlib) }
func sumStd(out, data []byte)                         { panic(noStdlib) }
func sumSHAKEStd(out, data []byte, rate int)          { panic(noStdlib) }

const noStdlib = "hashkit/sha3: no standard-library path on this GOARCH"
