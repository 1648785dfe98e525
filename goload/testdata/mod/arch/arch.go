// Package arch has a type whose size depends on GOARCH.
package arch

// Line is one cache line of this GOARCH.
type Line struct{ _ [lineSize]byte }
