//go:build !arm64

package classes

func archShow(x armOnly) string { return fmtOf(x.j) }
