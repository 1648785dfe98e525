// Package f imports g; g's external test imports f.
package f

import "example.com/mod/cycle/g"

// W holds a g.G.
type W struct{ G g.G }
