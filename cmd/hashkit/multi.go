package main

import (
	"bufio"
	"strings"
	"sync"

	flag "github.com/spf13/pflag"
)

// Several algorithms in one read: `sum -a sha256,blake3` (or -a given once
// for each) reads each file once, writes every buffer to each algorithm's
// digest, and prints one tagged line per algorithm. Only sum takes several:
// check's -a names the one algorithm of untagged lines, and a list holding
// lines of several algorithms is checked line by line, each by its tag.

// several is sum's -a: the algorithms given, comma lists split, in order,
// each once.
func (a *algorithmFlag) several() []string {
	var names []string
	seen := map[string]bool{}
	for _, g := range a.given {
		for _, n := range strings.Split(g, ",") {
			if !seen[normalName(n)] {
				seen[normalName(n)] = true
				names = append(names, n)
			}
		}
	}
	return names
}

// multiAlgorithm is the algorithm of a sum with several: its digest feeds
// theirs, and its sum is theirs one after another.
func multiAlgorithm(names []string) (*algorithm, []*algorithm, error) {
	var algs []*algorithm
	size := 0
	for _, n := range names {
		a, err := lookup(n)
		if err != nil {
			return nil, nil, usageError{err}
		}
		if _, legacy := legacyAlgorithms[a.name]; legacy {
			return nil, nil, usagef("-a %s: the CRC and the sums print lines of their own, not one of several", a.name)
		}
		algs = append(algs, a)
		size += a.size
	}
	m := &algorithm{name: strings.Join(names, ","), size: size, new: func(o options) (digest, error) {
		ds := make(multiDigest, len(algs))
		for i, a := range algs {
			d, err := a.new(options{length: a.size})
			if err != nil {
				return nil, err
			}
			ds[i] = d
		}
		return ds, nil
	}}
	return m, algs, nil
}

// multiDigest writes each buffer to every digest; a large one is written to
// them at once, one goroutine each, so that two algorithms take about the
// time of the slower one where there are cores to spare.
type multiDigest []digest

// concurrentWrite is the buffer size from which digests are fed in parallel:
// below it the goroutines would cost more than they save.
const concurrentWrite = 256 << 10

func (m multiDigest) Write(p []byte) (int, error) {
	if len(p) < concurrentWrite {
		for _, d := range m {
			d.Write(p)
		}
		return len(p), nil
	}
	var wg sync.WaitGroup
	for _, d := range m[1:] {
		wg.Go(func() { d.Write(p) })
	}
	m[0].Write(p)
	wg.Wait()
	return len(p), nil
}

func (m multiDigest) Finish() []byte {
	var out []byte
	for _, d := range m {
		out = append(out, d.Finish()...)
	}
	return out
}

// writeMulti prints a file's lines, one per algorithm, tagged.
func (f *sumFlags) writeMulti(out *bufio.Writer, r result, name string) {
	sum := r.sum
	for _, a := range f.multi {
		part := sum[:a.size]
		sum = sum[a.size:]
		f.writeOne(out, a, part, name, true)
	}
}

// severalAlgorithms reads sum's -a: several algorithms (a comma list, or -a
// repeated) are taken only to print sums, tagged; to check, -a is one.
func (f *sumFlags) severalAlgorithms(alg *algorithmFlag, fs *flag.FlagSet) error {
	names := alg.several()
	if f.check || len(names) < 2 {
		return alg.repeated()
	}
	for _, c := range []string{"length", "key-file", "keyed", "derive-key", "untagged", "raw"} {
		if fs.Changed(c) {
			return usagef("--%s works with one algorithm, not several (-a %s)", c, strings.Join(names, ","))
		}
	}
	var err error
	if f.multiAlg, f.multi, err = multiAlgorithm(names); err != nil {
		return err
	}
	f.tag = true // an untagged line would not say its algorithm
	return nil
}

// lookupAlgorithm is -a's algorithm: several, or the one named.
func (f *sumFlags) lookupAlgorithm() (*algorithm, error) {
	if f.multiAlg != nil {
		return f.multiAlg, nil
	}
	return lookup(f.alg)
}
