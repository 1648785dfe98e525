package reorg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// maxConfigs bounds the builds a proposal is scored at: every
// combination of the variations' deltas where there are no more, else
// each variation alone at each of its deltas, and all of them at once at
// their largest and at their smallest.
const maxConfigs = 1024

// configs lists the builds s's Variations give, for the patcher's units:
// every combination of them, each at none or one of its deltas (a block's
// members left out at once), which moves each group's start through every
// offset they allow; where there are more than maxConfigs, one for each
// variation at each of its deltas, the others as in the binary, and every
// variation at its largest delta, and at its smallest, together. The
// bases are filled in by newPatcher.
func (pt *patcher) configs() []config {
	choices := pt.choices()
	newConfig := func(what string) config {
		return config{what: what, grow: make([]int64, len(pt.units)), at: make([]int64, len(pt.units))}
	}
	add := func(c *config, parts []part) {
		for _, p := range parts {
			if p.d == 0 {
				continue
			}
			if c.grow[p.u] == 0 || p.at < c.at[p.u] {
				c.at[p.u] = p.at
			}
			c.grow[p.u] += p.d
		}
	}
	var out []config
	// Every combination, where there are few enough: each choice at
	// none or one of its options.
	n := 1
	for _, ch := range choices {
		if n *= len(ch.opts) + 1; n > maxConfigs {
			break
		}
	}
	if n <= maxConfigs {
		pick := make([]int, len(choices)) // 0: none; k: opts[k-1]
		for {
			k := 0
			for k < len(pick) && pick[k] == len(choices[k].opts) {
				pick[k] = 0
				k++
			}
			if k == len(pick) {
				break
			}
			pick[k]++
			c := newConfig("")
			var words []string
			for i, ch := range choices {
				if pick[i] > 0 && ch.sums[pick[i]-1] != 0 {
					add(&c, ch.opts[pick[i]-1])
					words = append(words, deltaWords(ch.v, ch.sums[pick[i]-1]))
				}
			}
			if len(words) > 0 {
				c.what = "with " + strings.Join(words, ", ")
				out = append(out, c)
			}
		}
		return out
	}
	for _, ch := range choices {
		for k, d := range ch.sums {
			if d == 0 || len(out) >= maxConfigs {
				continue
			}
			c := newConfig("with " + deltaWords(ch.v, d))
			add(&c, ch.opts[k])
			out = append(out, c)
		}
	}
	if len(choices) > 1 {
		for _, largest := range []bool{true, false} {
			var words []string
			c := newConfig("")
			for _, ch := range choices {
				if len(ch.sums) == 0 {
					continue
				}
				k := 0
				for j, d := range ch.sums {
					if largest && d > ch.sums[k] || !largest && d < ch.sums[k] {
						k = j
					}
				}
				if d := ch.sums[k]; d != 0 {
					add(&c, ch.opts[k])
					words = append(words, deltaWords(ch.v, d))
				}
			}
			if len(words) > 1 {
				c.what = "with " + strings.Join(words, ", ")
				out = append(out, c)
			}
		}
	}
	return out
}

// part is bytes a build adds to unit u, at where in it.
type part struct {
	u     int32
	at, d int64
}

// choice is one variation, or one block's members left out: each of its
// options adds bytes at parts, sums in all.
type choice struct {
	v    layout.Variation
	opts [][]part
	sums []int64
}

// choices are the choices s's Variations give, for the patcher's units.
func (pt *patcher) choices() []choice {
	s := pt.s
	unitOf := map[int]int32{}
	for u := range pt.units {
		for _, k := range pt.units[u].it.members {
			unitOf[k] = int32(u)
		}
	}
	var choices []choice
	block := map[int]int{} // Variation.Block: its choice
	for _, v := range s.Variations {
		k := slices.IndexFunc(s.Members, func(m layout.Member) bool { return m.Name == v.Member })
		if k < 0 {
			continue
		}
		u, ok := unitOf[k]
		if !ok {
			continue // in a trailing item, which ends the struct
		}
		it := &pt.units[u].it
		m := &s.Members[k]
		at := max(m.End()-it.start, 0)
		if v.Before {
			at = max(m.Offset-it.start, 0)
		}
		if c, ok := block[v.Block]; ok && v.Block != 0 && len(v.Deltas) == 1 {
			// The block's members in one unit leave it at the end
			// of the last, as the block left out whole does.
			ch := &choices[c]
			ch.sums[0] += v.Deltas[0]
			ch.v.Member = v.Member
			if j := slices.IndexFunc(ch.opts[0], func(p part) bool { return p.u == u }); j >= 0 {
				ch.opts[0][j].at = max(ch.opts[0][j].at, at)
				ch.opts[0][j].d += v.Deltas[0]
			} else {
				ch.opts[0] = append(ch.opts[0], part{u, at, v.Deltas[0]})
			}
			continue
		}
		ch := choice{v: v}
		for _, d := range v.Deltas {
			ch.opts = append(ch.opts, []part{{u, at, d}})
			ch.sums = append(ch.sums, d)
		}
		if v.Block != 0 && len(v.Deltas) == 1 {
			block[v.Block] = len(choices)
		}
		choices = append(choices, ch)
	}
	return choices
}

// deltaWords says what v at a delta of d bytes is.
func deltaWords(v layout.Variation, d int64) string {
	if v.Why != "" {
		return fmt.Sprintf("%s (%+d bytes)", v.Why, d)
	}
	return fmt.Sprintf("%s %+d bytes", v.Member, d)
}

// configsWords says what the builds of s a proposal is judged at are.
func configsWords(s *layout.Struct, n int) string {
	if len(s.Variations) == 0 {
		return "judged for this binary's configuration alone: no header given to -patch, and no -vary, says which members other configurations change"
	}
	var vs []string
	for i, v := range s.Variations {
		if v.Block != 0 && len(v.Deltas) == 1 {
			// A block's members left out: once, after the last, by
			// the bytes of all.
			if i+1 < len(s.Variations) && s.Variations[i+1].Block == v.Block {
				continue
			}
			for j := i - 1; j >= 0 && s.Variations[j].Block == v.Block; j-- {
				v.Deltas = []int64{v.Deltas[0] + s.Variations[j].Deltas[0]}
			}
		}
		lo, hi := slices.Min(v.Deltas), slices.Max(v.Deltas)
		r := fmt.Sprintf("%+d", lo)
		if lo != hi {
			r = fmt.Sprintf("%+d..%+d", lo, hi)
		}
		vs = append(vs, fmt.Sprintf("%s %s bytes", v.Member, r))
	}
	return fmt.Sprintf("checked at the binary's layout and %d other builds' (%s): no path on more lines, no bigger struct, in any", n, strings.Join(vs, ", "))
}

// holdsIn reports whether order, laid out in build c, keeps every path on
// at most the lines s has there and the struct at most its size there
// (plus Grow); it leaves pt.pos and pt.spans as in c.
func (pt *patcher) holdsIn(order []int32, c *config) (ok bool, why string) {
	end := pt.layOutIn(order, c)
	size := pt.sizeAt(end)
	if size > c.size+pt.s.Grow {
		return false, fmt.Sprintf("the struct grows from %d to %d bytes", c.size, size)
	}
	pt.collectIn(order, c)
	counts, _, _ := pt.lineCounts(nil)
	i := 0
	for _, line := range pt.lines {
		for _, path := range pt.paths {
			if counts[i] > c.base[i] {
				return false, fmt.Sprintf("path %s takes %d %d-byte lines, not %d", path, counts[i], line, c.base[i])
			}
			i++
		}
	}
	return true, ""
}

// sizeAt is the struct's size when its units end at end.
func (pt *patcher) sizeAt(end int64) int64 {
	for _, it := range pt.last {
		end = startAt(end, &it) + it.size
	}
	return layout.AlignUp(end, max(pt.align, 1))
}

// layOutIn is layOut in build c: its units grown, pinned ones placed
// like the others (a pin holds in the binary's build).
func (pt *patcher) layOutIn(order []int32, c *config) int64 {
	var off int64
	for _, u := range order {
		it := &pt.units[u].it
		at := startAt(off, it)
		pt.pos[u] = at
		off = at + it.size + c.grow[u]
	}
	return off
}

// collectIn is collect in build c, after layOutIn.
func (pt *patcher) collectIn(order []int32, c *config) {
	pt.spans = pt.spans[:0]
	for _, u := range order {
		for i := range pt.units[u].spans {
			h := &pt.units[u].spans[i]
			lo := pt.pos[u] + h.lo
			if c.grow[u] != 0 && h.lo >= c.at[u] {
				lo += c.grow[u]
			}
			pt.spans = append(pt.spans, placedSpan{lo, lo + h.hi - h.lo, h})
		}
	}
}

// region is, for each unit, the group marker unit that order puts last
// before it (-1 for none): a block this build lacks, which stays where
// its member does, keeps its place relative to the groups while that is
// the same.
func (pt *patcher) region(order []int32) []int32 {
	out := make([]int32, len(pt.units))
	last := int32(-1)
	for _, u := range order {
		out[u] = last
		if r := pt.units[u].role; r == headUnit || r == tailUnit || r == padUnit {
			last = u
		}
	}
	return out
}

// inAllConfigs reports why order fails in some build (naming it), ""
// when it holds in every build and keeps the anchored units between the
// markers they lie between in s.
func (pt *patcher) inAllConfigs(order []int32) string {
	if len(pt.anchored) > 0 {
		now := pt.region(order)
		for u := range pt.anchored {
			if now[u] != pt.home[u] {
				return fmt.Sprintf("it carries %s, beside a block this build lacks, to another place among the groups", pt.s.Members[pt.units[u].it.members[0]].Label())
			}
		}
	}
	for i := range pt.cfgs {
		if ok, why := pt.holdsIn(order, &pt.cfgs[i]); !ok {
			return pt.cfgs[i].what + ": " + why
		}
	}
	return ""
}

// readyBuilds scores order, the declared one, at every build the
// struct's variations give, marks the units a block the binary lacks
// anchors, and lays order out again for this build.
func (pt *patcher) readyBuilds(order []int32) {
	pt.cfgs = pt.configs()
	for i := range pt.cfgs {
		c := &pt.cfgs[i]
		c.size = pt.sizeAt(pt.layOutIn(order, c))
		pt.collectIn(order, c)
		c.base, _, _ = pt.lineCounts(nil)
	}
	for _, v := range pt.s.Variations {
		k := slices.IndexFunc(pt.s.Members, func(m layout.Member) bool { return m.Name == v.Member })
		for u := range pt.units {
			if v.Anchored && slices.Contains(pt.units[u].it.members, k) {
				if pt.anchored == nil {
					pt.anchored = map[int32]bool{}
				}
				pt.anchored[int32(u)] = true
			}
		}
	}
	pt.home = pt.region(order)
	pt.layOut(order)
	pt.collect(order)
}
