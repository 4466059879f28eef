//go:build !amd64 || purego

package scrypt

func kernel() kernelSet { return kernelSet{mix: blockMixGeneric} }
