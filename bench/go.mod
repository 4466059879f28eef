module github.com/hashkit/hashkit/bench

go 1.26.0

require (
	github.com/cloudflare/circl v1.6.5
	github.com/hashkit/hashkit v0.0.0-00010101000000-000000000000
	github.com/prysmaticlabs/gohashtree v0.0.4-beta
	github.com/zeebo/blake3 v0.2.4
	golang.org/x/crypto v0.59.0
	golang.org/x/perf v0.0.0-20260908200009-22c9c6c9d4da
	golang.org/x/sys v0.50.0
	lukechampine.com/blake3 v1.4.1
)

require (
	github.com/aclements/go-moremath v0.0.0-20210112150236-f10218a38794 // indirect
	github.com/klauspost/cpuid/v2 v2.0.12 // indirect
)

replace github.com/hashkit/hashkit => ../
