// Package g is imported by f, which its external test imports.
package g

// G is one value.
type G struct{ N int }
