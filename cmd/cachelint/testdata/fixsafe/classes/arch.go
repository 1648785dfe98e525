package classes

import "fmt"

// armOnly is printed only on arm64 (classes_arm64.go).
type armOnly struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

// winOnly is printed only on windows (classes_windows.go).
type winOnly struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

func fmtOf(v uint64) string { return fmt.Sprint(v) }

// Arch is what this GOOS and GOARCH print of armOnly and winOnly.
func Arch() string { return archShow(armOnly{a: 1, j: 2}) + winShow(winOnly{a: 1, j: 2}) }
