package hazmat_test

import (
	"fmt"
	"sync"

	"github.com/hashkit/hashkit/blake3"
	"github.com/hashkit/hashkit/blake3/hazmat"
)

// Hash an input in four pieces on four goroutines (or machines) and merge
// their chaining values into the BLAKE3 hash of the whole. Each piece is an
// aligned subtree of 64 KiB, so the tree above them is complete.
func Example_parallel() {
	input := make([]byte, 256<<10)
	for i := range input {
		input[i] = byte(i % 251)
	}
	const piece = 64 << 10
	cvs := make([]hazmat.ChainingValue, len(input)/piece)
	var wg sync.WaitGroup
	for i := range cvs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := hazmat.NewSubtree(hazmat.Hash(), uint64(i*piece))
			if err != nil {
				panic(err)
			}
			s.Write(input[i*piece : (i+1)*piece])
			if cvs[i], err = s.ChainingValue(); err != nil {
				panic(err)
			}
		}()
	}
	wg.Wait()
	left := hazmat.MergeNonRoot(cvs[0], cvs[1], hazmat.Hash())
	right := hazmat.MergeNonRoot(cvs[2], cvs[3], hazmat.Hash())
	root := hazmat.MergeRoot(left, right, hazmat.Hash())
	fmt.Println(root == blake3.Sum256(input))
	// Output: true
}

// Verify one chunk of a 4 KiB input against the root hash alone, given the
// chaining values of its siblings on the path to the root: chunk 2's
// sibling is chunk 3, and their parent's sibling is the subtree of chunks
// 0 and 1.
func Example_verifyChunk() {
	input := make([]byte, 4096)
	for i := range input {
		input[i] = byte(i % 251)
	}
	root := blake3.Sum256(input)

	// What a server sends with chunk 2: two sibling chaining values.
	cv := func(off, n int) hazmat.ChainingValue {
		s, _ := hazmat.NewSubtree(hazmat.Hash(), uint64(off))
		s.Write(input[off : off+n])
		v, _ := s.ChainingValue()
		return v
	}
	chunk3, chunks01 := cv(3072, 1024), cv(0, 2048)

	// The client hashes the chunk it received at its offset and climbs.
	chunk := input[2048:3072]
	s, err := hazmat.NewSubtree(hazmat.Hash(), 2048)
	if err != nil {
		panic(err)
	}
	s.Write(chunk)
	chunk2, _ := s.ChainingValue()
	parent := hazmat.MergeNonRoot(chunk2, chunk3, hazmat.Hash())
	fmt.Println(hazmat.MergeRoot(chunks01, parent, hazmat.Hash()) == root)

	chunk[0] ^= 1 // a corrupted chunk no longer matches
	s.Reset()
	s.Write(chunk)
	chunk2, _ = s.ChainingValue()
	parent = hazmat.MergeNonRoot(chunk2, chunk3, hazmat.Hash())
	fmt.Println(hazmat.MergeRoot(chunks01, parent, hazmat.Hash()) == root)
	// Output:
	// true
	// false
}
