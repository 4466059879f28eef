// Package bench compares hashkit with other Go implementations: differential
// tests and side-by-side benchmarks against the standard library,
// golang.org/x/crypto, github.com/cloudflare/circl, github.com/zeebo/blake3 and
// lukechampine.com/blake3. It is its own module so that none of those peers
// enter hashkit's dependency graph.
//
// Benchmarks are named Benchmark<Algorithm>/impl=<name>/size=<bytes>, so
//
//	go test -run '^$' -bench SHA256 -count 10 . > out.txt
//	benchstat -col /impl out.txt
//
// gives the tables of ratios in docs/benchmarks.md.
package bench
