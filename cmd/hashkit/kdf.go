package main

func cmdKDF(args []string, e *env) error {
	return usagef("kdf: not available yet")
}
