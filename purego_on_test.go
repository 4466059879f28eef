//go:build purego

package hashkit

// purego: this build has no assembly and no standard-library paths.
const purego = true
