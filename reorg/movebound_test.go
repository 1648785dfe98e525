package reorg

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// TestPathMoves checks the bound on members moved on small sequences
// whose answer is plain: members of the path (p) with cold bytes between.
func TestPathMoves(t *testing.T) {
	for _, c := range []struct {
		name   string
		bytes  []int64
		on     []int
		target int
		want   int
	}{
		// a line of cold between two 8-byte path members: one of the
		// three moves to get the path on one line, none for two.
		{"apart, one line", []int64{8, 64, 8}, []int{0, 2}, 1, 1},
		{"apart, two lines", []int64{8, 64, 8}, []int{0, 2}, 2, 0},
		// two 32-byte cold members between: moving the bigger one is
		// enough.
		{"two between", []int64{8, 32, 32, 8}, []int{0, 3}, 1, 1},
		// close already: nothing.
		{"close", []int64{8, 16, 8}, []int{0, 2}, 1, 0},
		// three clusters a line apart each, one line: two moves.
		{"three clusters", []int64{8, 64, 8, 64, 8}, []int{0, 2, 4}, 1, 2},
		// 48 cold bytes between two 16-byte path members: less than
		// a line apart, but the three take 80 bytes, two lines, while
		// the cold one stays between: it moves for one line.
		{"between counts", []int64{16, 48, 16}, []int{0, 2}, 1, 1},
		{"between counts, two lines", []int64{16, 48, 16}, []int{0, 2}, 2, 0},
		// the path's own bytes need two lines: no order puts them on
		// one; the bound, which does not count the lines of the members
		// moved, says one.
		{"too big", []int64{40, 40}, []int{0, 1}, 1, 1},
		// three 20-byte path members each side of five 8-byte cold
		// ones, a 28-byte cold one last: moved in after the five, it
		// fills line 1, and the path takes lines 0 and 2.
		{"moved in between", []int64{20, 20, 20, 8, 8, 8, 8, 8, 20, 20, 20, 28}, []int{0, 1, 2, 8, 9, 10}, 2, 1},
	} {
		if got := pathMoves(c.bytes, make([]int64, len(c.bytes)), c.on, 64, c.target); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

// TestPathMovesAgrees compares pathMoves with a plain search over every
// state, pathMovesByMap, on random sequences.
func TestPathMovesAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 1))
	sizes := []int64{1, 4, 8, 8, 8, 16, 24, 32, 56, 64, 120}
	moved := map[int]int{}
	for range 2000 {
		n := 2 + rng.IntN(40)
		bytes, holes := make([]int64, n), make([]int64, n)
		var on []int
		for i := range bytes {
			bytes[i] = sizes[rng.IntN(len(sizes))]
			holes[i] = min(bytes[i], 8) - 1
			if rng.IntN(2) == 0 {
				on = append(on, i)
			}
		}
		const line = 64
		var sum int64
		for _, i := range on {
			sum += bytes[i]
		}
		// From the fewest lines the path's bytes take to a few more.
		target := max(1, int((sum+line-1)/line)) + rng.IntN(3)
		got, want := pathMoves(bytes, holes, on, line, target), pathMovesByMap(bytes, holes, on, line, target)
		if got != want {
			t.Fatalf("bytes %v, on %v, %d lines: %d, want %d", bytes, on, target, got, want)
		}
		moved[want]++
	}
	// The sequences must ask for moves, many or few, for the comparison
	// to mean anything.
	if len(moved) < 6 {
		t.Errorf("moves asked for: %v", moved)
	}
}

func pathMovesByMap(bytes, holes []int64, on []int, line int64, target int) int {
	if len(on) == 0 {
		return 0
	}
	unsplit := pathMovesSplitting(bytes, holes, on, line, target, -1)
	if unsplit <= 1 {
		return unsplit
	}
	return min(unsplit, max(1, (pathMovesSplitting(bytes, holes, on, line, target, 1)+1)/2, pathMovesSplitting(bytes, holes, on, line, target, 0)))
}

// pathMovesSplitting is the fewest moves with a split of two clusters
// that nothing kept between them explains costing split moves, not
// allowed where split is negative.
func pathMovesSplitting(bytes, holes []int64, on []int, line int64, target, split int) int {
	k := len(on)
	left := keptBetween(bytes, on)
	// offPath[i] is the bytes of the members before i that are not on
	// the path: between two of the path's members, what stays between
	// them when those of the path between them move.
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
	lines := func(n int64) int { return int((n + line - 1) / line) }
	// state: the last kept member of the path, the lines of the clusters
	// closed before its cluster, and its cluster's bytes so far → the
	// fewest moves.
	type state struct {
		closed int
		open   int64
	}
	at := make([]map[state]int, k)
	for a := range k {
		at[a] = map[state]int{}
		// Kept first: those of the path before it move.
		if st := (state{0, bytes[on[a]]}); lines(st.open) <= target {
			at[a][st] = a
		}
	}
	result := k // every member of the path moved
	for a := range k {
		for st, cost := range at[a] {
			// Kept last: those after it move.
			if st.closed+lines(st.open) <= target {
				result = min(result, cost+k-1-a)
			}
			for b := a + 1; b < k; b++ {
				skipped := b - a - 1
				if cost+skipped >= result {
					break
				}
				gap := offPath[on[b]] - offPath[on[a]+1] + offHoles[on[b]] - offHoles[on[a]+1] + holes[on[b]]
				// Brought within a line of each other, by moving j of
				// the members between: one cluster, with what stays.
				for j, rest := range left[a][b] {
					c := cost + skipped + j
					if c >= result {
						break
					}
					if rest >= line {
						continue
					}
					next := state{st.closed, st.open + rest + bytes[on[b]]}
					if next.closed+lines(next.open) > target {
						continue
					}
					if old, ok := at[b][next]; !ok || c < old {
						at[b][next] = c
					}
				}
				// A line or more apart, as they are with their holes,
				// or by a member moved in: a new cluster.
				c := cost + skipped
				if gap < line {
					c += split
				}
				if gap >= line || split >= 0 {
					next := state{st.closed + lines(st.open), bytes[on[b]]}
					if next.closed+lines(next.open) <= target && c < result {
						if old, ok := at[b][next]; !ok || c < old {
							at[b][next] = c
						}
					}
				}
			}
		}
	}
	return result
}

// TestMovesAtLeastBruteForce checks that movesAtLeast is a lower bound:
// on small random structs, every order of the members is laid out as C
// lays it out, and for the lines each reaches on each path, no order
// reaching at most those lines moves fewer members than the bound says.
// The members' alignments differ, so that orders leave holes.
func TestMovesAtLeastBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 2))
	shapes := []struct{ size, align int64 }{
		{1, 1}, {2, 2}, {4, 4}, {4, 4}, {8, 8}, {8, 8}, {12, 4}, {16, 8}, {24, 8}, {16, 16}, {32, 32}, {40, 8},
	}
	paths := [][]string{nil, {"rx"}, {"rx"}, {"tx"}, {"rx", "tx"}}
	lines := []int64{32}
	tight := 0
	for range 500 {
		n := 3 + rng.IntN(4)
		members := make([]layout.Member, n)
		for i := range members {
			sh := shapes[rng.IntN(len(shapes))]
			members[i] = layout.Member{Name: fmt.Sprint("m", i), Size: sh.size, Align: sh.align}
			if p := paths[rng.IntN(len(paths))]; p != nil {
				members[i].Hot = &layout.Hot{Paths: p, Write: rng.IntN(2) == 0}
			}
		}
		s := inCOrder(members, identity(n))
		// fewest[key] is the fewest members moved by an order whose
		// lines on each path are key's; one such order is kept to ask
		// the bound with.
		fewest := map[string]int{}
		example := map[string][]int{}
		var counts [][]int
		var keys []string
		for order := range permutations(n) {
			o := inCOrder(members, order)
			count := hotLinesEach(o, lines)
			key := fmt.Sprint(count)
			moves := n - longestIncreasing(order)
			old, ok := fewest[key]
			if !ok {
				counts, keys = append(counts, count), append(keys, key)
			}
			if !ok || moves < old {
				fewest[key] = moves
				example[key] = slices.Clone(order)
			}
		}
		for i, key := range keys {
			// The fewest moves reaching at most key's lines on every path.
			need := fewest[key]
			for j, other := range keys {
				if atMost(counts[j], counts[i]) {
					need = min(need, fewest[other])
				}
			}
			p := &layout.Proposal{Struct: inCOrder(members, example[key])}
			got := movesAtLeast(s, p, lines)
			if got > need {
				t.Fatalf("members %v, lines %s: bound %d, but an order moves %d", membersWords(members), key, got, need)
			}
			if got == need && need > 0 {
				tight++
			}
		}
	}
	// The bound must say something, not 0 everywhere.
	if tight < 150 {
		t.Errorf("bound equal to the fewest moves, above 0, in %d cases", tight)
	}
}

// inCOrder is the struct of members in order, at C's offsets.
func inCOrder(members []layout.Member, order []int) *layout.Struct {
	s := &layout.Struct{Name: "t", Align: 1}
	var off int64
	for _, k := range order {
		m := members[k]
		m.Offset = layout.AlignUp(off, m.Align)
		m.BitOffset = m.Offset * 8
		off = m.End()
		s.Align = max(s.Align, m.Align)
		s.Members = append(s.Members, m)
	}
	s.Size = layout.AlignUp(off, s.Align)
	return s
}

func identity(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// permutations yields every order of 0..n-1, reusing one slice.
func permutations(n int) func(func([]int) bool) {
	return func(yield func([]int) bool) {
		order := identity(n)
		var rec func(k int) bool
		rec = func(k int) bool {
			if k == n {
				return yield(order)
			}
			for i := k; i < n; i++ {
				order[k], order[i] = order[i], order[k]
				if !rec(k + 1) {
					return false
				}
				order[k], order[i] = order[i], order[k]
			}
			return true
		}
		rec(0)
	}
}

// longestIncreasing is the length of a longest increasing run of seq:
// the members an order keeps in place.
func longestIncreasing(seq []int) int {
	keep := make([]bool, len(seq))
	var tails, prev []int
	longestRun(seq, keep, &tails, &prev)
	n := 0
	for _, k := range keep {
		if k {
			n++
		}
	}
	return n
}

func atMost(a, b []int) bool {
	for i := range a {
		if a[i] > b[i] {
			return false
		}
	}
	return true
}

func membersWords(members []layout.Member) string {
	var b strings.Builder
	for _, m := range members {
		fmt.Fprintf(&b, "%s:%d/%d", m.Name, m.Size, m.Align)
		if m.Hot != nil {
			fmt.Fprintf(&b, "%v", m.Hot.Paths)
		}
		b.WriteString(" ")
	}
	return b.String()
}
