package bao

// ParallelMinBytes lets tests lower the smallest subtree encoded on its own
// goroutine.
var ParallelMinBytes = &parallelMinBytes

// MoveMaxBytes lets tests choose whether Encode and Decode hash leaves as
// they copy them.
var MoveMaxBytes = &moveMaxBytes

// NTMinBytes lets tests choose whether Encode and Decode write through non-temporal
// stores.
var NTMinBytes = &ntMinBytes

// StreamUnit lets tests lower the unit of EncodeTo, so that small inputs
// span several.
var StreamUnit = &streamUnit
