package layout

import (
	"math/rand/v2"
	"slices"
	"testing"
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
	} {
		if got := pathMoves(c.bytes, c.on, 64, c.target); got != c.want {
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
	for range 4000 {
		n := 2 + rng.IntN(40)
		bytes := make([]int64, n)
		var on []int
		for i := range bytes {
			bytes[i] = sizes[rng.IntN(len(sizes))]
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
		got, want := pathMoves(bytes, on, line, target), pathMovesByMap(bytes, on, line, target)
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

func pathMovesByMap(bytes []int64, on []int, line int64, target int) int {
	k := len(on)
	if k == 0 {
		return 0
	}
	// left[a][b][j] is the bytes between on[a] and on[b], of members not
	// on the path, that stay between them when j of those move: the
	// biggest first. The ones that stay lie between the two in any order
	// that keeps both, so where less than a line stays the two share a
	// cluster whose bytes include them.
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
	// offPath[i] is the bytes of the members before i that are not on
	// the path: between two of the path's members, what stays between
	// them when those of the path between them move.
	isOn := make([]bool, len(bytes))
	for _, i := range on {
		isOn[i] = true
	}
	offPath := make([]int64, len(bytes)+1)
	for i, n := range bytes {
		offPath[i+1] = offPath[i]
		if !isOn[i] {
			offPath[i+1] += n
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
				gap := offPath[on[b]] - offPath[on[a]+1]
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
				// A line or more apart, as they are: a new cluster.
				if gap >= line {
					next := state{st.closed + lines(st.open), bytes[on[b]]}
					if c := cost + skipped; next.closed+lines(next.open) <= target {
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
