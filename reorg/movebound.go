package reorg

import (
	"slices"

	"github.com/cachelint/cachelint/layout"
)

// movesAtLeast is a lower bound on the members any order of s must move
// (see moved) to put each path on at most the lines p puts it on, at each
// line size: the most that any one path at any one size needs.
//
// For one path at one size: the members an order does not move keep
// their order, so the ones between two kept members of the path stay
// between them, moved ones and holes only adding bytes. Where no line
// between two kept members of the path holds none of its bytes, the
// lines from the first to the second hold all the bytes between them:
// the path's kept members thus fall into clusters, each on at least the
// lines of its bytes and of the bytes kept between them. Two kept
// members fall in different clusters only where what lies between them
// can fill a line: the members kept there with the holes their
// alignment allows, or a member moved in. Keeping the path within its
// lines means moving members of the path, or enough of those between
// two of them to bring the two within a line, or moving a member in
// between two: the fewest such moves is found over every choice of the
// path's members to keep (see pathMoves). Members hot through their
// parts count as bytes between, not of the path, which only lowers the
// bound.
func movesAtLeast(s *layout.Struct, p *layout.Proposal, lines []int64) int {
	// Each member's own bytes: a bit-field's storage unit once.
	// The hole before each: at most its alignment less one byte, none
	// before a bit-field sharing its unit.
	bytes := make([]int64, len(s.Members))
	holes := make([]int64, len(s.Members))
	var end int64
	for i := range s.Members {
		m := &s.Members[i]
		if m.Offset >= end {
			bytes[i] = m.Size
		} else if m.End() > end {
			bytes[i] = m.End() - end
		}
		end = max(end, m.End())
		if bytes[i] > 0 || !m.IsBitField() {
			holes[i] = max(m.Align, m.AlignAttr, 1) - 1
		}
	}
	best := 0
	for _, line := range lines {
		for _, path := range s.Paths() {
			var on []int
			for i := range s.Members {
				if m := &s.Members[i]; m.Hot.On(path) && len(m.Parts) == 0 && bytes[i] > 0 {
					on = append(on, i)
				}
			}
			target := p.Struct.HotLines(path, line)
			best = max(best, pathMoves(bytes, holes, on, line, target))
		}
	}
	return best
}

// pathMoves is a lower bound on the members to move so that the members
// on (indexes into bytes, in order) kept in place fall into clusters
// whose lines add up to at most target (see movesAtLeast). A cluster's
// bytes are those of its members of the path and of the members between
// them that stay; holes[i] is the most bytes of hole before member i.
//
// Two kept members split into two clusters for free where what stays
// between them, with its holes, can fill a line; elsewhere only with a
// member moved in between, which may be one already counted as moved.
// An order that splits s > 0 times so and moves c members otherwise
// moves at least max(c, s), which is at least 1, at least (c+s)/2, and
// at least the fewest moves of any order splitting as it likes: the
// bound is the least of that and the fewest moves without such splits.
func pathMoves(bytes, holes []int64, on []int, line int64, target int) int {
	if len(on) == 0 {
		return 0
	}
	pb := newPathBound(bytes, holes, on, line, target)
	unsplit := pb.fewest(-1)
	if unsplit <= 1 {
		return unsplit
	}
	return min(unsplit, max(1, (pb.fewest(1)+1)/2, pb.fewest(0)))
}

// pathBound is pathMoves' search over the choices of the path's members
// to keep.
type pathBound struct {
	bytes  []int64
	holes  []int64
	on     []int
	line   int64
	target int
	left   [][][]int64
	// offPath[i] is the bytes of the members before i that are not on
	// the path: between two of the path's members, what stays between
	// them when those of the path between them move; offHoles[i] is
	// the most holes before them.
	offPath, offHoles []int64
}

func newPathBound(bytes, holes []int64, on []int, line int64, target int) *pathBound {
	isOn := make([]bool, len(bytes))
	for _, i := range on {
		isOn[i] = true
	}
	offPath := make([]int64, len(bytes)+1)
	offHoles := make([]int64, len(bytes)+1)
	for i, n := range bytes {
		offPath[i+1], offHoles[i+1] = offPath[i], offHoles[i]
		if !isOn[i] {
			offPath[i+1] += n
			offHoles[i+1] += holes[i]
		}
	}
	return &pathBound{bytes, holes, on, line, target, keptBetween(bytes, on), offPath, offHoles}
}

// apart reports whether on[a] and on[b] may lie on clusters of their own
// with the members between them kept: those and the holes before them
// and before on[b] can fill a line.
func (pb *pathBound) apart(a, b int) bool {
	i, j := pb.on[a]+1, pb.on[b]
	gap := pb.offPath[j] - pb.offPath[i]
	room := pb.offHoles[j] - pb.offHoles[i] + pb.holes[j]
	return gap+room >= pb.line
}

// fewest is the fewest moves over every choice of members to keep, a
// split of two clusters that nothing kept between them explains
// counting as split moves, not allowed where split is negative.
func (pb *pathBound) fewest(split int) int {
	bytes, on, line, target := pb.bytes, pb.on, pb.line, pb.target
	k := len(on)
	lines := func(n int64) int { return int((n + line - 1) / line) }
	// A state is the last kept member of the path, a, the lines of the
	// clusters closed before a's, and the moves that reach it;
	// open[a][closed*k+moves] is the least bytes a's cluster has so far
	// in it, -1 for none. More closed lines, bytes or moves never help,
	// so a state another beats in all three is not followed.
	open := make([][]int64, k)
	reach := func(b, closed, moves int, bytes int64) {
		if open[b] == nil {
			open[b] = slices.Repeat([]int64{-1}, (target+1)*(k+1))
		}
		if i := closed*(k+1) + moves; open[b][i] < 0 || bytes < open[b][i] {
			open[b][i] = bytes
		}
	}
	for a := range k {
		// Kept first: those of the path before it move.
		if lines(bytes[on[a]]) <= target {
			reach(a, 0, a, bytes[on[a]])
		}
	}
	result := k // every member of the path moved
	// least[moves] is the least bytes of a state of a met so far with
	// no more closed lines and no more moves.
	least := make([]int64, k+1)
	for a := range k {
		if open[a] == nil {
			continue
		}
		for i := range least {
			least[i] = -1
		}
		for closed := 0; closed <= target; closed++ {
			run := int64(-1)
			for cost := range min(k+1, result) {
				n := open[a][closed*(k+1)+cost]
				if l := least[cost]; l >= 0 && (run < 0 || l < run) {
					run = l
				}
				if n < 0 || (run >= 0 && run <= n) {
					least[cost] = run
					continue
				}
				run, least[cost] = n, n
				// Kept last: those after it move.
				if closed+lines(n) <= target {
					result = min(result, cost+k-1-a)
				}
				for b := a + 1; b < k; b++ {
					skipped := b - a - 1
					if cost+skipped >= result {
						break
					}
					// Brought within a line of each other, by moving j
					// of the members between: one cluster, with what
					// stays.
					for j, rest := range pb.left[a][b] {
						c := cost + skipped + j
						if c >= result {
							break
						}
						if next := n + rest + bytes[on[b]]; rest < line && closed+lines(next) <= target {
							reach(b, closed, c, next)
						}
					}
					// A line apart: a new cluster.
					c := cost + skipped
					if !pb.apart(a, b) {
						if split < 0 {
							continue
						}
						c += split
					}
					if next := closed + lines(n); c < result && next+lines(bytes[on[b]]) <= target {
						reach(b, next, c, bytes[on[b]])
					}
				}
			}
		}
	}
	return result
}

// keptBetween is, for pathMoves, left[a][b][j]: the bytes between on[a]
// and on[b], of members not on the path, that stay between them when j
// of those move, the biggest first. The ones that stay lie between the
// two in any order that keeps both, so where less than a line stays the
// two share a cluster whose bytes include them.
func keptBetween(bytes []int64, on []int) [][][]int64 {
	k := len(on)
	left := make([][][]int64, k)
	for a := range k {
		left[a] = make([][]int64, k)
		var between []int64
		for b := a + 1; b < k; b++ {
			for i := on[b-1] + 1; i < on[b]; i++ {
				between = append(between, bytes[i])
			}
			sorted := slices.Sorted(slices.Values(between))
			var sum int64
			for _, n := range sorted {
				sum += n
			}
			rest := []int64{sum}
			for j := len(sorted) - 1; j >= 0; j-- {
				sum -= sorted[j]
				rest = append(rest, sum)
			}
			left[a][b] = rest
		}
	}
	return left
}
