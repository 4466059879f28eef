package phc_test

import (
	"fmt"

	"github.com/hashkit/hashkit/internal/phc"
)

func ExampleParse() {
	h, err := phc.Parse("$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$AAECAw")
	if err != nil {
		panic(err)
	}
	m, _ := h.Param("m")
	fmt.Println(h.ID, h.Version, m, string(h.Salt), h.Hash)
	// Output: argon2id 19 65536 somesalt [0 1 2 3]
}
