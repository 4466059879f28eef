//go:build !purego

package scrypt

func kernel() kernelSet { return kernelSet{mix: blockMixGeneric} }
