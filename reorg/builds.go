package reorg

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/cachelint/cachelint/layout"
)

// Build is a struct as one target lays it out, with the line sizes to
// check it at: a Go struct type as built for one GOARCH, whose pads sized
// by constants (cpu.CacheLinePad) or by build-tagged files may differ
// from another GOARCH's.
type Build struct {
	// Arch names the target (a GOARCH).
	Arch   string
	Struct *layout.Struct
	Lines  []int64
}

// AnalyzeBuilds analyzes a struct built for several targets, each at its
// own line sizes, and reports each problem once, naming the line sizes it
// holds at, smallest first. A struct every target lays out alike is
// analyzed as AnalyzeWith does the first build at all the sizes, with a
// proposal good at each. One laid out differently is checked as each
// target lays it out, and gets no proposal: an order is not sought that
// suits layouts that differ.
func AnalyzeBuilds(builds []Build, checks []*layout.Check) Result {
	var lines []int64
	for _, b := range builds {
		lines = append(lines, b.Lines...)
	}
	first := builds[0].Struct
	differ := slices.IndexFunc(builds, func(b Build) bool { return !sameLayout(first, b.Struct) })
	if differ < 0 {
		if len(builds) > 1 {
			slices.Sort(lines)
		}
		return AnalyzeWith(first, lines, checks)
	}
	firstArch, arch := builds[0].Arch, builds[differ].Arch
	builds = slices.Clone(builds)
	slices.SortStableFunc(builds, func(a, b Build) int { return cmp.Compare(a.Lines[0], b.Lines[0]) })
	maxLine := slices.Max(lines)
	var r Result
	var found []layout.Finding
	for _, b := range builds {
		var p *layout.Proposal
		if b.Struct.Kind == layout.KindStruct && (b.Struct.PerCPU || b.Struct.HasHotMembers()) {
			// Spread judges the hot members against the best order.
			p, _ = propose(checks, b.Struct, b.Lines)
		}
		for _, line := range b.Lines {
			for _, f := range layout.RunChecks(checks, b.Struct, p, line, maxLine) {
				if !b.Struct.Silenced(&f) {
					found = append(found, f)
				}
			}
		}
	}
	r.Findings = layout.MergeLineSizes(found)
	if slices.ContainsFunc(r.Findings, func(f layout.Finding) bool { return f.Check.Reorders() }) {
		other := builds[slices.IndexFunc(builds, func(b Build) bool { return b.Arch == arch })].Struct
		r.NoFix = fmt.Sprintf("%s lays the struct out differently from %s (%s), and no order is proposed for both",
			arch, firstArch, layoutDifference(first, other))
	}
	return r
}

// sameLayout reports whether a and b have the same members at the same
// places, with the same sizes and the same say on what is atomic and what
// pads, in objects of the same size and kind: what the checks judge.
func sameLayout(a, b *layout.Struct) bool {
	if a.Size != b.Size || a.Align != b.Align || a.Pointers != b.Pointers || len(a.Members) != len(b.Members) {
		return false
	}
	for i := range a.Members {
		x, y := &a.Members[i], &b.Members[i]
		if x.Name != y.Name || x.Offset != y.Offset || x.Size != y.Size || x.Atomic != y.Atomic || x.Padding != y.Padding {
			return false
		}
	}
	return true
}

// layoutDifference says, in a few words, the first way b's layout differs
// from a's.
func layoutDifference(a, b *layout.Struct) string {
	for i := range min(len(a.Members), len(b.Members)) {
		x, y := &a.Members[i], &b.Members[i]
		switch {
		case x.Name != y.Name:
			return fmt.Sprintf("member %d is %s, not %s", i, y.Name, x.Name)
		case x.Size != y.Size:
			return fmt.Sprintf("%s is %d bytes, not %d", x.Name, y.Size, x.Size)
		case x.Offset != y.Offset:
			return fmt.Sprintf("%s is at offset %d, not %d", x.Name, y.Offset, x.Offset)
		}
	}
	if len(a.Members) != len(b.Members) {
		return fmt.Sprintf("%d members, not %d", len(b.Members), len(a.Members))
	}
	return fmt.Sprintf("%d bytes, not %d", b.Size, a.Size)
}
