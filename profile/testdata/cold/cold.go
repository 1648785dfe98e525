// Package cold is in the module of the workload but never runs in it.
package cold

// Idle is never touched.
type Idle struct{ n int }

// Get reads n.
func (i *Idle) Get() int { return i.n }
