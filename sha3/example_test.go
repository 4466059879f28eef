package sha3_test

import (
	"fmt"

	"github.com/hashkit/hashkit/sha3"
)

func ExampleSum256() {
	fmt.Printf("%x\n", sha3.Sum256([]byte("abc")))
	// Output: 3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532
}

func ExampleSumKeccak256() {
	// Ethereum's keccak256 of the empty string.
	fmt.Printf("%x\n", sha3.SumKeccak256(nil))
	// Output: c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470
}

func ExampleNewSHAKE256() {
	x := sha3.NewSHAKE256()
	x.Write([]byte("abc"))
	out := make([]byte, 16)
	x.Read(out)
	fmt.Printf("%x\n", out)
	// Output: 483366601360a8771c6863080cc4114d
}

func ExampleNewKMAC256() {
	key := []byte("a key of at least thirty-two bytes!!")
	mac, err := sha3.NewKMAC256(key, []byte("my app, v1"), 32)
	if err != nil {
		panic(err)
	}
	mac.Write([]byte("message"))
	tag := mac.Sum(nil)

	// The receiver recomputes the tag and compares in constant time.
	check, _ := sha3.NewKMAC256(key, []byte("my app, v1"), 32)
	check.Write([]byte("message"))
	fmt.Println(check.Verify(tag))
	// Output: true
}

func ExampleTupleHash128() {
	a, _ := sha3.TupleHash128([][]byte{[]byte("ab"), []byte("c")}, nil, 32)
	b, _ := sha3.TupleHash128([][]byte{[]byte("a"), []byte("bc")}, nil, 32)
	fmt.Println(string(a) == string(b))
	// Output: false
}

func ExampleParallelHash128() {
	data := make([]byte, 1<<20)
	sum, err := sha3.ParallelHash128(data, 8192, nil, 32)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(sum))
	_, err = sha3.ParallelHash128(data, 0, nil, 32)
	fmt.Println(err)
	// Output:
	// 32
	// hashkit/sha3: invalid ParallelHash block size
}

func ExampleNewKeccakPRG() {
	g, err := sha3.NewKeccakPRG(254)
	if err != nil {
		panic(err)
	}
	g.AddEntropy([]byte("a seed; use AddRandomEntropy in practice"))
	out := make([]byte, 8)
	g.Read(out)
	g.Forget()
	_, err = sha3.NewKeccakPRG(255)
	fmt.Println(err)
	// Output: hashkit/sha3: invalid KeccakPRG capacity
}
