package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// listKeys are the algorithm names that checksum lists are named after, as
// the tools that write them call them: SHA256SUMS, B3SUMS, foo.sha256,
// foo.b3, sha512sums.txt.
var listKeys = map[string]string{
	"md5": "md5", "sha1": "sha1", "sha224": "sha224", "sha256": "sha256", "sha384": "sha384", "sha512": "sha512",
	"b2": "blake2b", "blake2b": "blake2b", "blake2": "blake2b", "b3": "blake3", "blake3": "blake3",
}

// algorithmOfList returns the algorithm a checksum list's file name names,
// or nil: the whole name as KEYSUMS or KEYSUM (any case, with or without
// .txt), or an extension .KEY, .KEYSUM or .KEYSUMS.
func algorithmOfList(list string) *algorithm {
	if list == "-" {
		return nil
	}
	base := strings.ToLower(filepath.Base(list))
	base = strings.TrimSuffix(base, ".txt")
	keyOf := func(s string) string {
		s = strings.TrimSuffix(strings.TrimSuffix(s, "s"), "sum")
		return listKeys[s]
	}
	name := ""
	if strings.HasSuffix(base, "sums") || strings.HasSuffix(base, "sum") {
		name = keyOf(base)
	}
	if i := strings.LastIndexByte(base, '.'); name == "" && i > 0 {
		ext := base[i+1:]
		if name = listKeys[ext]; name == "" && strings.Contains(ext, "sum") {
			name = keyOf(ext)
		}
	}
	if name == "" {
		return nil
	}
	a, _ := lookup(name)
	return a
}

// candidates are the algorithms, other than skip, whose output can be n
// bytes long, those of the common checksum tools first.
func candidates(n int, skip *algorithm) []*algorithm {
	var cands []*algorithm
	for _, a := range algorithms {
		if a != skip && !strings.HasPrefix(a.name, "kmac") && a.checkLength(n) == nil {
			cands = append(cands, a)
		}
	}
	rank := func(a *algorithm) int {
		for i, p := range []string{"sha1", "sha224", "sha256", "sha384", "sha512", "md5", "blake3", "blake2b", "sha3-*", "blake2s", "sha512-*"} {
			if a.name == p || strings.HasSuffix(p, "*") && strings.HasPrefix(a.name, p[:len(p)-1]) {
				return i
			}
		}
		return 100
	}
	slices.SortStableFunc(cands, func(a, b *algorithm) int { return rank(a) - rank(b) })
	return cands
}

// suggestAlgorithm is called when every checksum of a list failed, all of
// them untagged and of one length under the algorithm the list's name or
// the digits' length chose. It hashes one listed file (the smallest,
// if small enough) with each other algorithm of that length and names the
// one that matches; failing that, it names the candidates.
func suggestAlgorithm(list string, entries []entry) string {
	used, n := entries[0].alg, entries[0].length
	for _, en := range entries {
		if en.alg != used || en.length != n {
			return ""
		}
	}
	cands := candidates(n, used)
	if len(cands) == 0 {
		return ""
	}
	const probeLimit = 16 << 20
	best, bestSize := -1, int64(probeLimit)
	for i, en := range entries {
		// Stat, not open: opening a FIFO (hashed once already) would wait
		// for a writer that never comes.
		if st, err := os.Stat(en.name); err == nil && st.Mode().IsRegular() && st.Size() <= bestSize {
			best, bestSize = i, st.Size()
		}
	}
	if best >= 0 {
		if a := matchingAlgorithm(entries[best], cands); a != nil {
			// An XOF's output shorter than its default is checked only at
			// the length asked for (see checkList).
			use := "hashkit check -a " + a.name
			if a.prefix && n < a.size {
				use = fmt.Sprintf("hashkit sum -c -a %s -l %d", a.name, n)
			}
			return fmt.Sprintf("%s: every checksum failed as %s, but %s matches %s: use %s",
				quoteName(list), used.name, a.name, quoteName(entries[best].name), use)
		}
	}
	var names []string
	for _, a := range cands[:min(len(cands), 8)] {
		names = append(names, a.name)
	}
	return fmt.Sprintf("%s: no checksum matched as %s; if another tool made the list, %d-digit checksums also come from %s, ...: try -a ALG",
		quoteName(list), used.name, 2*n, strings.Join(names, ", "))
}

// matchingAlgorithm hashes en's file once with every candidate and returns
// the one whose output is en's checksum.
func matchingAlgorithm(en entry, cands []*algorithm) *algorithm {
	f, _, err := openInput(en.name)
	if err != nil {
		return nil
	}
	defer f.Close()
	var ds []digest
	var ws []io.Writer
	for _, a := range cands {
		d, err := a.new(options{length: en.length})
		if err != nil {
			continue
		}
		ds = append(ds, d)
		ws = append(ws, d)
	}
	if _, err := io.Copy(io.MultiWriter(ws...), f); err != nil {
		return nil
	}
	for i, d := range ds {
		if bytes.Equal(d.Finish(), en.want) {
			return cands[i]
		}
	}
	return nil
}
