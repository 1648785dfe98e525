package layout

import (
	"fmt"
	"slices"
	"strings"
)

// CheckFalseShare reports written fields that share a line with what other paths or cores use.
var CheckFalseShare = &Check{
	Rule: Rule{
		Name:      "falseshare",
		SARIFName: "FalseSharing",
		Summary:   "A written hot field shares a cache line with fields that other paths or cores use",
		Help: "A written hot field shares a line with a read-mostly hot field, with a field written only on other " +
			"paths, or with a written field the declaration puts on the other side of a separator pad (a queue's head " +
			"and tail, which one profile of producers and consumers marks written on one path): every write " +
			"invalidates the line in the caches of the cores reading the other fields. For `percpu` " +
			"types, a base offset at which a written field of one element shares a line with a field of a neighbour. " +
			"One finding per line: it names the fields written there and everything they share it with. A lock and the " +
			"fields it guards (`guard=`, docs/annotations.md) share lines freely: each access follows the core's own " +
			"write of the lock. So do the fields of one kernel fast path in one object, where the paths come from the " +
			"kernel's cacheline groups or a net_cachelines table: a socket's rx path runs on one CPU at a time, so a " +
			"field it writes shares its line with the fields rx reads; a field written on one path conflicts there with " +
			"what another path uses, unless that is written on every path the first is. The same holds in one " +
			"element of a `percpu` type: its owner's reads and writes share a line with no other core; fields " +
			"that other cores read as well (a transmit queue's device pointer, read by every core that " +
			"enqueues) say so with a path of their own. Fields of a struct-typed " +
			"member that starts a line share lines as in their own type, whose finding it is (inet_sock's sk is " +
			"sock's).\n\n" +
			"Put written fields on lines of their own, or pad `percpu` elements to a line; the proposed order does.",
		Fix:      FixReorderPadding,
		Severity: "warning",
	},
	Run:        runFalseShare,
	Apart:      (*Struct).falselyShares,
	Neighbours: neighboursShare,
}

func runFalseShare(pass *Pass) []Finding {
	s, line := pass.Struct, pass.Line
	out := s.atBases(line, func(s *Struct) []Finding { return falseShare(s, line) })
	if s.PerCPU {
		out = append(out, neighbourShare(s, line)...)
	}
	return out
}

// falselyShares is falseshare's rule: written hot member w of s and hot
// member x, on sides ws and xs of the declaration's separators, take part
// in false sharing on a line they share. Pads take part in none; nor do a
// lock and what it guards (sameGuard), nor two members a profile shows
// truly shared (trulyShared); else it is as conflicts says. Which
// struct's finding a sharing is, when both are parts of one struct-typed
// member (withinType), falseShare says: an order of the member's own type
// fixes it.
func (s *Struct) falselyShares(w, x *Member, ws, xs int) bool {
	return w.Hot.Write && x != w && !w.isPadLike() && !x.isPadLike() && !sameGuard(w, x) &&
		!trulyShared(w, x) && s.conflicts(w.Hot, x.Hot, ws, xs)
}

// trulyShared reports whether the profile marks of written member w and
// member x show that the cores using x share the line with w's writers
// in truth, so that no order saves a transfer of it: wherever w is used
// x is written as well (Hot.Wrote), so x's readers lose their copy to
// those writes with w anywhere (xsync's bucket.Store writes meta and
// entries under mu, which Load reads); or wherever x is used w is
// written, so x is read only by code that takes the line for writing
// anyway, and with w elsewhere it would fetch two lines where it fetches
// one.
func trulyShared(w, x *Member) bool {
	return w.Hot.Profiled && x.Hot.Profiled && (slices.Contains(w.Hot.Wrote, x.Name) || slices.Contains(x.Hot.Wrote, w.Name))
}

// neighboursShare is falseshare's rule between the elements of an array of
// percpu struct s: some base puts a written member of one element on a
// line with a member of another.
func neighboursShare(s *Struct, line int64) bool {
	f, _ := neighbourConflict(s, line)
	return f != nil
}

// conflicts reports whether written member w and hot member x of s, on
// sides ws and xs of the declaration's separators, must not share a line.
// The declaration may keep them apart. Otherwise, in Go and in structs
// annotated by hand, x must be written (or touched only under a lock) on
// a path w is: a read-mostly x is read on other cores while w's path
// writes it away. The kernel's fast paths (KernelPaths) run on one CPU at
// a time for one object, a socket's rx under its lock, and a line moves
// only between the CPUs of paths that touch it: there x conflicts when a
// path that uses it does not write w, unless x is written on every path w
// is, so that its own line moves between their CPUs already. So in one
// element of a percpu struct, which one core owns: what other cores read
// is on a path of its own.
func (s *Struct) conflicts(w, x *Hot, ws, xs int) bool {
	exclusive := x.Write || x.Guard != ""
	switch {
	case apart(ws, xs):
		return true
	case w.Profiled && x.Profiled && !twoGoroutines(w.Writers, x.Goroutines):
		return false
	case s.KernelPaths || s.PerCPU:
		return !subset(x.Paths, w.Paths) && !(exclusive && subset(w.Paths, x.Paths))
	}
	return !exclusive || !intersect(w.Paths, x.Paths)
}

// twoGoroutines reports whether a goroutine of writers and another of
// users are two goroutines: a writer and a user started by different
// functions, or by one that starts many.
func twoGoroutines(writers, users []Goroutine) bool {
	for _, w := range writers {
		for _, u := range users {
			if (w.Func != u.Func || w.Many) && together(w.Phases, u.Phases) {
				return true
			}
		}
	}
	return false
}

// together reports whether goroutines of benchmarks a and b (Phases) may
// run at once: of a common benchmark, or of one not known.
func together(a, b string) bool {
	if a == "" || b == "" {
		return true
	}
	for x := range strings.SplitSeq(a, ",") {
		if slices.Contains(strings.Split(b, ","), x) {
			return true
		}
	}
	return false
}

// subset reports whether sorted list a holds no element sorted list b
// lacks.
func subset(a, b []string) bool {
	for _, x := range a {
		if _, ok := slices.BinarySearch(b, x); !ok {
			return false
		}
	}
	return true
}

// sameGuard reports whether hot members a and b are a lock and a member
// it guards, or two members one lock guards, of this struct or of one
// holding it in place (OuterGuard): each access follows the core's own
// write of the lock, so a line they share is not falsely shared.
func sameGuard(a, b *Member) bool {
	ga, gb := a.Hot.Guard, b.Hot.Guard
	oa := a.Hot.OuterGuard
	return ga != "" && (ga == gb || ga == b.Name) || gb != "" && gb == a.Name || oa != "" && oa == b.Hot.OuterGuard
}

// apart reports whether sides a and b are different known sides.
func apart(a, b int) bool { return a != 0 && b != 0 && a != b }

// intersect reports whether sorted lists a and b have an element in common.
func intersect(a, b []string) bool {
	for len(a) > 0 && len(b) > 0 {
		switch {
		case a[0] == b[0]:
			return true
		case a[0] < b[0]:
			a = a[1:]
		default:
			b = b[1:]
		}
	}
	return false
}

// withinType reports whether hot members a and b are parts of one
// struct-typed member (EmbedHot) that starts on a line: they share lines
// as in the member's own type, whose report says so and whose order
// fixes it. inet_sock's sk, at offset 0, shares no line falsely that sock
// does not.
func (s *Struct) withinType(a, b hotMember, line int64) bool {
	m := &s.Members[a.top]
	return a.top == b.top && len(m.Parts) > 0 && m.Offset%line == 0
}

// falseShare finds lines on which a written hot member shares the line
// with a hot member it shares falsely with (falselyShares): one finding per
// line, naming everything on it that takes part.
func falseShare(s *Struct, line int64) []Finding {
	var out []Finding
	hot := s.hotMembers()
	var lines []int64
	for _, w := range hot {
		if b := w.m.bytes(); w.m.Hot.Write && !b.empty() {
			for l := b.firstLine(line); l <= b.lastLine(line); l++ {
				lines = append(lines, l)
			}
		}
	}
	slices.Sort(lines)
	for _, l := range slices.Compact(lines) {
		ln := span{l * line, (l + 1) * line}
		var on []hotMember
		for _, h := range hot {
			if h.m.bytes().shares(ln, line) {
				on = append(on, h)
			}
		}
		// Members on the line that take part: every read-mostly one and
		// every written one, once some written one conflicts.
		var subject *Hot
		side := 0
		involved := map[*Member]bool{}
		for _, w := range on {
			for _, x := range on {
				if s.falselyShares(w.m, x.m, s.Members[w.top].Side, s.Members[x.top].Side) && !s.withinType(w, x, line) {
					involved[w.m], involved[x.m] = true, true
					if subject == nil {
						subject, side = w.m.Hot, s.Members[w.top].Side
					}
				}
			}
		}
		if subject == nil {
			continue
		}
		// The writers on the subject's paths speak; the others are listed
		// with what they are.
		var writers, others, names []string
		member := -1
		other := func(m *Member, what string) {
			others = append(others, m.Label()+" ("+what+")")
			names = append(names, m.Label())
		}
		for _, h := range on {
			switch {
			case !involved[h.m]:
			case h.m.Hot.Write && slices.Equal(h.m.Hot.Paths, subject.Paths) && apart(s.Members[h.top].Side, side):
				other(h.m, "written, on the other side of a separator")
			case h.m.Hot.Write && slices.Equal(h.m.Hot.Paths, subject.Paths):
				writers = append(writers, h.m.Label())
				if member < 0 {
					member = h.top
				}
			case h.m.Hot.Write:
				other(h.m, "written on path "+strings.Join(h.m.Hot.Paths, ","))
			default:
				other(h.m, "read-mostly")
			}
		}
		names = append(slices.Clone(writers), names...)
		verb, shares := "is written", "shares"
		if len(writers) > 1 {
			verb, shares = "are written", "share"
		}
		if !slices.Equal(subject.Paths, []string{DefaultPath}) {
			verb += " on path " + strings.Join(subject.Paths, ",")
		}
		out = append(out, newFinding(line, member, names, writers[0],
			fmt.Sprintf("%s %s and %s line %d with %s", andList(writers), verb, shares, l, NameList(others)), ""))
	}
	return out
}

// percpuMembers returns the members written by an element's owner and the
// members anyone may touch, for a percpu struct.
func percpuMembers(s *Struct) (written, all []hotMember) {
	for _, h := range s.hotMembers() {
		if h.m.Hot.Write {
			written = append(written, h)
		}
	}
	for i := range s.Members {
		m := &s.Members[i]
		if !m.isPadLike() && m.Size > 0 {
			all = append(all, hotMember{top: i, m: m})
		}
	}
	if len(written) == 0 {
		written = all
	}
	return written, all
}

// neighbourShare finds, for a percpu struct, a base address the allocator
// may give (any multiple of the struct's alignment) at which a written
// member of one element shares a line with a member of another element.
func neighbourShare(s *Struct, line int64) []Finding {
	if f, base := neighbourConflict(s, line); f != nil {
		f.addTail(s.sliceNote(base, line))
		return []Finding{*f}
	}
	return nil
}

// neighbourConflict finds the first base where neighbours conflict, and
// says so.
//
// Element k starts at or past the end of element 0, so the two can share
// one line at most: the line element 0 ends on, when element k starts on
// it. A conflict is a written member of one touching that line and any
// member of the other touching it, so each base and neighbour costs a pass
// over the members, not one per pair.
func neighbourConflict(s *Struct, line int64) (*Finding, int64) {
	if s.Size == 0 {
		return nil, 0
	}
	written, all := percpuMembers(s)
	step := min(s.Align, line)
	// Element k can share a line with element 0 only while its start is
	// within one line of element 0's end.
	reach := (line+s.Size-1)/s.Size + 1
	for base := int64(0); base < line; base += step {
		last := FloorDiv(base+s.Size-1, line) // the line element 0 ends on
		for k := int64(1); k <= reach; k++ {
			d := k * s.Size
			if FloorDiv(base+d, line) != last {
				continue // element k starts past that line
			}
			// The first member of element 0 on the line, and of element k.
			ending, starting := -1, -1
			for i, x := range all {
				b := x.m.bytes()
				if ending < 0 && b.shift(base).lastLine(line) == last {
					ending = i
				}
				if starting < 0 && b.shift(base+d).firstLine(line) == last {
					starting = i
				}
			}
			for _, w := range written {
				wb := w.m.bytes()
				if wb.empty() {
					continue
				}
				// The first member sharing the line with w, w's own
				// element before the next element when one member
				// shares with both.
				x, next := -1, ""
				if starting >= 0 && wb.shift(base).lastLine(line) == last {
					x, next = starting, "next"
				}
				if ending >= 0 && (x < 0 || ending < x) && wb.shift(base+d).firstLine(line) == last {
					x, next = ending, "previous"
				}
				if x < 0 {
					continue
				}
				if k > 1 {
					next = fmt.Sprintf("%s but %d", next, k-1)
				}
				xm := all[x].m
				f := newFinding(line, w.top, []string{w.m.Label(), xm.Label()}, "percpu",
					fmt.Sprintf("percpu elements are %d bytes and only %d-byte aligned: at base offset %d, written %s of one element shares a line with %s of the %s element",
						s.Size, s.Align, base, w.m.Label(), xm.Label(), next), "")
				return &f, base
			}
		}
	}
	return nil, 0
}

// sliceNote says, for a percpu struct whose neighbours share a line when
// an element starts base bytes past one, whether make([]T, n) puts
// elements there, and from which n: the slice's own base (its size class,
// the malloc header) and the element's index decide.
func (s *Struct) sliceNote(base, line int64) string {
	if s.Heap == nil || s.Size == 0 || base == 0 {
		return ""
	}
	maxLen := (s.Heap.MaxSmallSize-s.Heap.MallocHeaderSize)/s.Size + 1
	for n := int64(1); n <= maxLen; n++ {
		for _, b := range s.Heap.Bases(n*s.Size, s.Pointers, line) {
			for k := int64(0); k < min(n, line); k++ {
				if (b.Offset+k*s.Size)%line != base {
					continue
				}
				why := ""
				if p := s.Heap.Place(n*s.Size, s.Pointers); p.Header > 0 {
					why = fmt.Sprintf(", behind the %d-byte malloc header", p.Header)
				}
				return fmt.Sprintf("; make([]%s, n) starts elements there from n = %d%s", s.Name, n, why)
			}
		}
	}
	return fmt.Sprintf("; make([]%s, n) never starts an element there, but an array of them in a global or another struct may", s.Name)
}
