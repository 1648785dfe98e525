// Package generic has a generic type instantiated with another package's.
package generic

import "example.com/mod/typed"

// Pair holds two values.
type Pair[K comparable, V any] struct {
	Key K
	Val V
}

// Conns is a pair instantiated with typed's type.
var Conns Pair[string, *typed.Conn]
