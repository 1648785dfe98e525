//go:build debug

package classes

import "fmt"

type debugOnly struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

// Debug prints a debugOnly, in the debug build only.
func Debug() string { return fmt.Sprint(debugOnly{a: 1, j: 2}) }
