// Package user writes archmod's stripes as elements of a slice: only a
// check of the whole load sees that they have neighbours.
package user

import "example.com/archmod"

// Bump adds to stripe i.
func Bump(stripes []archmod.Stripe, i int) { stripes[i].N.Add(1) }
