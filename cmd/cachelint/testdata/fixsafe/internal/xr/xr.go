// Package xr holds the line size the pads of package pads are written
// with.
package xr

// CacheLineSize is the line size pads are computed from.
const CacheLineSize = 64
