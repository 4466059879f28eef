//go:build !purego

package hashkit

const purego = false
