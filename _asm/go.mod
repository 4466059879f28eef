module github.com/hashkit/hashkit/_asm

go 1.26.0

replace github.com/hashkit/hashkit => ../

require (
	github.com/mmcloughlin/avo v0.6.0
	golang.org/x/tools v0.52.0
)

require golang.org/x/sys v0.49.0 // indirect

require (
	github.com/hashkit/hashkit v0.0.0-00010101000000-000000000000
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
)
