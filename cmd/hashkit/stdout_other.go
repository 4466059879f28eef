//go:build !unix

package main

func stdoutClosed() bool { return false }
