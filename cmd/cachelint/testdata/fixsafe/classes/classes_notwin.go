//go:build !windows

package classes

func winShow(x winOnly) string { return fmtOf(x.j) }
