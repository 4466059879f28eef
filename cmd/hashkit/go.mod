module github.com/hashkit/hashkit/cmd/hashkit

go 1.26.0

require (
	github.com/creack/pty v1.1.24
	github.com/hashkit/hashkit v0.0.0
	github.com/schollz/progressbar/v3 v3.19.1
	github.com/spf13/pflag v1.0.10
	golang.org/x/sys v0.50.0
	golang.org/x/term v0.48.0
)

require (
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
)

replace github.com/hashkit/hashkit => ../..
