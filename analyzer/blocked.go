package analyzer

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// FixChange is what a fix changes of a struct layout on the GOARCHes
// cachelint lays it out for: a Dependence on anything else still holds.
type FixChange struct {
	Layout string
	// Moved are the fields whose offset changes on some GOARCH, or that
	// the fix drops (separator pads).
	Moved []int
	// Misaligned are the fields 8-byte aligned on the 32-bit GOARCHes
	// that the fix moves off an 8-byte boundary there.
	Misaligned []int
	// Resized says whether the size or alignment changes on some GOARCH.
	Resized bool
}

// Breaks reports whether the fix changes what d depends on.
func (c *FixChange) Breaks(d Dependence) bool {
	if d.Layout != c.Layout {
		return false
	}
	switch d.Kind {
	case OnOffset:
		return slices.Contains(c.Moved, d.Field)
	case OnSize:
		return c.Resized
	case OnAlign8:
		return slices.Contains(c.Misaligned, d.Field)
	}
	return true
}

// blockers are what a pass knows of the layouts its fixes change.
type blockers struct {
	// deps are the places that depend on a layout, by layout, in the
	// order found.
	deps map[string][]Dependence
	// never says, by layout, why no fix of it may be offered: cgo, a
	// structs.HostLayout field.
	never map[string]string
	// unseen says, by layout, which other packages it reaches when the
	// driver sees one package at a time: no fix of it may be offered
	// then, since what they do with it is out of sight.
	unseen map[string]string
}

// blocked says why a fix with change c may not be offered, "" if it may
// as far as the package shows.
func (b *blockers) blocked(c *FixChange) string {
	if why := b.never[c.Layout]; why != "" {
		return why
	}
	return cmp.Or(Blocked(c, b.deps, map[string]bool{}), b.unseen[c.Layout])
}

// Blocked says why a fix with change c may not be written given the
// dependences deps (by layout): the first it breaks, directly or through
// an interface type its values are converted to (Dependence.Via) whose
// values some place may see inside; "" if none. seen holds the
// interface types already followed.
func Blocked(c *FixChange, deps map[string][]Dependence, seen map[string]bool) string {
	for _, d := range deps[c.Layout] {
		if d.Via != "" {
			if seen[d.Via] {
				continue
			}
			seen[d.Via] = true
			if why := Blocked(&FixChange{Layout: d.Via}, deps, seen); why != "" {
				return fmt.Sprintf("%s, and %s: %s", d.Why, strings.TrimPrefix(d.Via, "interface "), why)
			}
			continue
		}
		if c.Breaks(d) {
			return d.Why
		}
	}
	return ""
}
