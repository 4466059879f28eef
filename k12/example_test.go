package k12_test

import (
	"fmt"

	"github.com/hashkit/hashkit/k12"
)

func ExampleSumKT128() {
	// RFC 9861 section 5: KT128(M = empty, C = empty, 32).
	fmt.Printf("%x\n", k12.SumKT128(nil, nil, 32))
	// Output: 1ac2d450fc3b4205d19da7bfca1b37513c0803577ac7167f06fe2ce1f0ef39e5
}

func ExampleNewKT128() {
	x := k12.NewKT128([]byte("my application"))
	x.Write([]byte("hello, "))
	x.Write([]byte("world"))
	out := make([]byte, 16)
	x.Read(out)
	fmt.Printf("%x\n", out)
	fmt.Println(string(out) == string(k12.SumKT128([]byte("hello, world"), []byte("my application"), 16)))
	// Output:
	// f39b466cf6eeb5e5c346e0d1c45fa0e5
	// true
}

func ExampleNewTurboSHAKE128() {
	// RFC 9861 section 5: TurboSHAKE128(M = empty, D = 0x1F, 32).
	x, err := k12.NewTurboSHAKE128(0x1F)
	if err != nil {
		panic(err)
	}
	out := make([]byte, 32)
	x.Read(out)
	fmt.Printf("%x\n", out)

	// Domain bytes outside 0x01..0x7F are rejected.
	_, err = k12.NewTurboSHAKE128(0x80)
	fmt.Println(err)
	// Output:
	// 1e415f1c5983aff2169217277d17bb538cd945a397ddec541f1ce41af2c1b74c
	// hashkit/k12: domain byte D must be in 0x01..0x7F
}

func ExampleSumKT256() {
	// RFC 9861 section 5: KT256(M = empty, C = empty, 64).
	fmt.Printf("%x\n", k12.SumKT256(nil, nil, 64))
	// Output: b23d2e9cea9f4904e02bec06817fc10ce38ce8e93ef4c89e6537076af8646404e3e8b68107b8833a5d30490aa33482353fd4adc7148ecb782855003aaebde4a9
}
