package bao

// ParallelMinBytes lets tests lower the smallest subtree encoded on its own
// goroutine.
var ParallelMinBytes = &parallelMinBytes
