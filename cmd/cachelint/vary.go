package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// varyFlag is -vary STRUCT.MEMBER=DELTAS, repeatable: the member's size
// differs by one of DELTAS bytes in the other configurations the struct
// is built with (docs/hotfile.md, "Configurations").
type varyFlag map[string][]layout.Variation

func (v varyFlag) String() string { return "" }

func (v varyFlag) Set(arg string) error {
	target, deltas, ok := strings.Cut(arg, "=")
	name, member, ok2 := strings.Cut(target, ".")
	if !ok || !ok2 || name == "" || member == "" {
		return fmt.Errorf("%q: want STRUCT.MEMBER=DELTAS", arg)
	}
	ds, err := parseDeltas(deltas)
	if err != nil {
		return fmt.Errorf("%q: %v", arg, err)
	}
	v[name] = append(v[name], layout.Variation{Member: member, Deltas: ds})
	return nil
}

// maxVaryDeltas bounds the deltas of one -vary.
const maxVaryDeltas = 1024

// parseDeltas reads DELTAS: a comma-separated list of byte counts, each
// N (signed) or LO..HI, every multiple of 8 from LO to HI, or
// LO..HI/STEP.
func parseDeltas(s string) ([]int64, error) {
	var out []int64
	for _, f := range strings.Split(s, ",") {
		lo, rest, isRange := strings.Cut(f, "..")
		if !isRange {
			n, err := strconv.ParseInt(f, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("%q is not a number of bytes", f)
			}
			out = append(out, n)
			continue
		}
		hi, step, hasStep := strings.Cut(rest, "/")
		if !hasStep {
			step = "8"
		}
		a, err1 := strconv.ParseInt(lo, 10, 64)
		b, err2 := strconv.ParseInt(hi, 10, 64)
		st, err3 := strconv.ParseInt(step, 10, 64)
		if err1 != nil || err2 != nil || err3 != nil || st <= 0 || b < a {
			return nil, fmt.Errorf("%q: want LO..HI or LO..HI/STEP, LO <= HI, STEP > 0", f)
		}
		if (b-a)/st >= maxVaryDeltas {
			return nil, fmt.Errorf("%q: more than %d deltas", f, maxVaryDeltas)
		}
		for n := a; n <= b; n += st {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// apply gives s the variations -vary names for it; an error names a
// member s lacks.
func (v varyFlag) apply(s *layout.Struct) error {
	for _, x := range v[s.Name] {
		k := slices.IndexFunc(s.Members, func(m layout.Member) bool { return m.Name == x.Member })
		if k < 0 {
			return fmt.Errorf("-vary: struct %s has no top-level member %s", s.Name, x.Member)
		}
		for _, d := range x.Deltas {
			if d < -s.Members[k].Size || d > maxVaryBytes {
				return fmt.Errorf("-vary: %s.%s %+d bytes: a member of %d bytes changes by at most -%d and +%d", s.Name, x.Member, d, s.Members[k].Size, s.Members[k].Size, maxVaryBytes)
			}
		}
		s.Variations = append(s.Variations, x)
	}
	return nil
}

// maxVaryBytes bounds what -vary may add to a member.
const maxVaryBytes = 1 << 20

// unused names the structs -vary names that no input had, "" if none.
func (v varyFlag) unused(seen map[string]bool) string {
	var out []string
	for name := range v {
		if !seen[name] {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return strings.Join(out, ", ")
}
