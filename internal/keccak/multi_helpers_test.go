package keccak

import "github.com/hashkit/hashkit/internal/cpu"

func cpuImpls() []string { return cpu.Impls("keccak") }

func selectImpl(name string) {
	if name == "generic" {
		name = ""
	}
	cpu.Select("keccak", name)
}

func restoreImpls() { cpu.Restore("keccak") }
