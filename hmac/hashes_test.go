package hmac

import "github.com/hashkit/hashkit/internal/hashtest/byname"

// hashes and stdHashes are hashkit's and the standard library's
// constructors by the names the vector files use (params.hash).
var (
	hashes    = byname.Hashkit()
	stdHashes = byname.Stdlib()
)
