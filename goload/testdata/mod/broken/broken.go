// Package broken does not type-check.
package broken

// T is fine.
type T struct{ y int }

// F is not.
func F() int { return "no" }
