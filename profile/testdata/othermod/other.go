// Package other is a program of its own, in a module of its own.
package other

// Thing is a struct of another program.
type Thing struct{ n int }

// Get reads n.
func (t *Thing) Get() int { return t.n }
