// Package broken does not type-check: cachelint reports it and checks the
// others.
package broken

var x int = "not an int"
