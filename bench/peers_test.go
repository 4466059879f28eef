package bench

// The peers this module compares against; each family's _test.go file uses them.
import (
	_ "github.com/cloudflare/circl/xof/k12"
	_ "github.com/hashkit/hashkit/internal/hashtest"
	_ "github.com/zeebo/blake3"
	_ "golang.org/x/crypto/argon2"
	_ "golang.org/x/crypto/blake2b"
	_ "golang.org/x/crypto/blake2s"
	_ "golang.org/x/crypto/ripemd160"
	_ "golang.org/x/crypto/scrypt"
	_ "golang.org/x/crypto/sha3"
	_ "lukechampine.com/blake3"
)
