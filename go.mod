module github.com/hashkit/hashkit

go 1.25.0

require golang.org/x/sys v0.47.0
