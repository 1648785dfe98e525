// Package nobody declares a function without a body: it type-checks, and
// go vet checks it, but it does not compile, as there is no assembly.
package nobody

// Body has no body.
func Body()

// V is a type to check.
type V struct{ a, b uint64 }
