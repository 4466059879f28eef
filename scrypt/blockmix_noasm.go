//go:build !amd64 || purego

package scrypt

func kernel(r int) kernelSet { return kernelSet{mix: blockMixGeneric} }
