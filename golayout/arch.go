package golayout

import (
	"slices"

	"github.com/cachelint/cachelint/layout"
)

// archFor is the GOARCH whose build of a package is checked at line
// bytes: goarch, the one the packages are built for, when its cache line
// is that size; else the GOARCH that stands for the size
// (layout.LineGOARCH); goarch for a size no GOARCH has.
func archFor(line int64, goarch string) string {
	if layout.DefaultLineSize(goarch) == line {
		return goarch
	}
	if a, ok := layout.LineGOARCH(line); ok {
		return a
	}
	return goarch
}

// ArchLines are line sizes to check on one GOARCH's build.
type ArchLines struct {
	GOARCH string
	Lines  []int64
}

// ByArch groups line sizes by the GOARCH that checks them (archFor), in
// the order the sizes come.
func ByArch(lines []int64, goarch string) []ArchLines {
	var out []ArchLines
	for _, l := range lines {
		a := archFor(l, goarch)
		i := slices.IndexFunc(out, func(g ArchLines) bool { return g.GOARCH == a })
		if i < 0 {
			out = append(out, ArchLines{GOARCH: a})
			i = len(out) - 1
		}
		out[i].Lines = append(out[i].Lines, l)
	}
	return out
}
