package hotfile

import (
	"iter"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// Suggest returns the candidate closest to name, for a did-you-mean: one
// that differs from it only in case, or by at most a few edits (one in a
// name of up to 4 bytes, two up to 12, three beyond; a swap of two
// neighbours is one); "" when none is
// that close. Of candidates equally close, the first wins.
func Suggest(name string, candidates iter.Seq[string]) string {
	most := 3
	switch {
	case len(name) <= 4:
		most = 1
	case len(name) <= 12:
		most = 2
	}
	best, bestDist := "", most+1
	for c := range candidates {
		if c == name || c == "" {
			continue
		}
		if strings.EqualFold(c, name) {
			return c
		}
		if abs(len(c)-len(name)) >= bestDist {
			continue
		}
		if d := editDistance(name, c, bestDist); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// didYouMean is "; did you mean S?" for Suggest's answer, "" when it has
// none.
func didYouMean(name string, candidates iter.Seq[string]) string {
	if s := Suggest(name, candidates); s != "" {
		return "; did you mean " + s + "?"
	}
	return ""
}

// editDistance is the number of edits (a byte inserted, deleted or
// changed, two neighbours swapped) that make a into b, or limit when it
// is limit or more: the optimal string alignment distance, which counts
// a transposition, the commonest typo, as one edit.
func editDistance(a, b string, limit int) int {
	rows := [3][]int{make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)}
	for j := range rows[1] {
		rows[1][j] = j
	}
	// rows[0] is row i-2, rows[1] row i-1, rows[2] row i.
	for i := 1; i <= len(a); i++ {
		cur, prev, prev2 := rows[2], rows[1], rows[0]
		cur[0] = i
		low := i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			low = min(low, cur[j])
		}
		if low >= limit {
			return limit
		}
		rows[0], rows[1], rows[2] = prev, cur, prev2
	}
	return min(rows[1][len(b)], limit)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// memberNames are the names a hot file can give the members of s: its
// own, and those of its anonymous members, as Struct.Lookup finds them.
func memberNames(s *layout.Struct) iter.Seq[string] {
	return func(yield func(string) bool) {
		var walk func(ms []layout.Member) bool
		walk = func(ms []layout.Member) bool {
			for i := range ms {
				if ms[i].Name == "" {
					if !walk(ms[i].Inner) {
						return false
					}
				} else if !layout.IsGroupMarker(ms[i].Name) && !yield(ms[i].Name) {
					return false
				}
			}
			return true
		}
		walk(s.Members)
	}
}
