package layout

import (
	"fmt"
	"slices"
	"strings"
)

// Finding is one problem a check found in a struct.
type Finding struct {
	Check *Check
	// Kind is the kind of problem, the check's name or one of its Kinds.
	Kind string
	// Key says which problem of its check the finding is, the same at
	// every line size, at every base of a heap object, in every order of
	// the members and in another build of the struct: it names members by
	// name, a path by name. A diff matches findings by it.
	Key string
	// LineSize is the first line size the problem holds at; LineSizes
	// lists every one, in the order checked. The message gives the details
	// at LineSize and names every size.
	LineSize  int64
	LineSizes []int64
	// Member is the index of the top-level member the finding points at, or
	// -1 when it is about the struct as a whole.
	Member int
	// Members names the members involved.
	Members []string
	// Message is head, the line sizes in parentheses, and tail.
	Message string
	// Left says, when the proposal leaves this problem, what of it remains
	// and why no order fixes it; "" when the proposal fixes it or there is
	// none.
	Left string
	// NoFix says, when there is no proposal because the best order is
	// no better than the struct's own, what that order does to this
	// finding; "" otherwise (Result.NoFix then says why).
	NoFix string

	// head and tail are the message either side of the line sizes.
	head, tail string
	// detail is what the message says at LineSize that may differ at
	// another size, in a few words ("3 lines where 2 would do"), for
	// merging; "" when the check has no short form.
	detail string
	// waste is, for a pad a line or more longer than it needs to be, the
	// bytes it wastes; 0 for every other finding.
	waste int64
	// need is, for a pad too short, the bytes it lacks; 0 for every
	// other finding.
	need int64
}

// newFinding is a finding at one line size, its message head, the line
// size and tail. Check and Kind are the running check's unless set.
func newFinding(line int64, member int, members []string, key, head, tail string) Finding {
	f := Finding{LineSize: line, LineSizes: []int64{line}, Member: member, Members: members,
		Key: key, head: head, tail: tail}
	f.setMessage(atLines(line))
	return f
}

// setMessage writes the message with sizes, the line sizes it names.
func (f *Finding) setMessage(sizes string) { f.Message = f.head + " " + sizes + f.tail }

// addTail adds to what the message says after the line sizes.
func (f *Finding) addTail(s string) {
	f.tail += s
	f.Message += s
}

// same reports whether f and g are the same problem.
func (f *Finding) same(g *Finding) bool { return f.Check == g.Check && f.Key == g.Key }

// Result is what Analyze found in a struct and what it proposes.
type Result struct {
	Findings []Finding
	// Proposal is the reorganized layout, nil when the struct needs none or
	// none is possible.
	Proposal *Proposal
	// NoFix says why there is no proposal though one was sought, ""
	// otherwise.
	NoFix string
	// Needs says, for a C struct with kernel cacheline groups, what a
	// better order than the proposal (or than the struct, when there is
	// none) would need of the groups' sizes, and which assertion to
	// change for it; "" when no order that grows a group past its limit
	// is better.
	Needs string
	// Remains says what the proposal leaves for the checks to report and
	// why no order fixes it, "" when it fixes every finding an order can.
	Remains string
}

// Analyze runs Checks on s at each line size and, when s has hot
// members or is percpu, proposes a better order. s must have had
// ResolvePaths called. A struct with no annotations gets only the checks
// that need none: padding that fails its purpose and split locks. A problem
// found at several line sizes is one finding; a struct with nothing the
// reorganizer fixes gets no proposal.
func Analyze(s *Struct, lines []int64) Result { return AnalyzeWith(s, lines, Checks) }

// AnalyzeWith is Analyze with checks instead of Checks.
func AnalyzeWith(s *Struct, lines []int64, checks []*Check) Result {
	var r Result
	// grown is growToLine's answer for the proposal grownFrom, kept for
	// when that proposal still leaves findings below.
	var grown, grownFrom *Proposal
	var growWhy string
	needsOrder := s.Kind == KindStruct && (s.PerCPU || len(s.hotMembers()) > 0)
	// The checks judge s against the best order for this build: one that
	// other builds defeat still shows what this one loses, and NoFix says
	// why it is not proposed.
	var judge *Proposal
	if needsOrder {
		r.Proposal, r.NoFix = propose(s, lines)
		r.Needs = groupsNeed(s, lines, r.Proposal)
		// The best order at s's size may still leave hot members on more
		// lines at some heap bases than at others; a size class that
		// starts every object at one place is then the better layout, and
		// the checks judge s against it, when the hot bytes it saves an
		// object on average are at least the bytes it adds.
		if r.Proposal != nil && r.Proposal.Struct.baseDependent(lines) {
			grownFrom = r.Proposal
			grown, growWhy = growToLine(checks, s, r.Proposal, lines)
			if grown != nil && worthGrowing(s, r.Proposal, grown, slices.Max(lines)) {
				r.Proposal = grown
			}
		}
	}
	judge = r.Proposal
	if needsOrder && judge == nil && len(s.Variations) > 0 {
		alone := *s
		alone.Variations = nil
		judge, _ = propose(&alone, lines)
	}
	for _, line := range lines {
		r.Findings = append(r.Findings, check(checks, s, judge, line, slices.Max(lines))...)
	}
	r.Findings = merge(slices.DeleteFunc(r.Findings, func(f Finding) bool { return s.silenced(&f) }))
	if !slices.ContainsFunc(r.Findings, func(f Finding) bool { return f.Check.Reorders() }) {
		r.Proposal, r.NoFix = nil, ""
	}
	if r.Proposal == nil {
		return r
	}
	defer describeProposal(s, r.Proposal)
	// What the proposal leaves for these checks to report, it says; a
	// proposal that fixes nothing is none.
	again, _ := propose(r.Proposal.Struct, lines)
	var left []Finding
	for _, line := range lines {
		for _, f := range check(checks, r.Proposal.Struct, again, line, slices.Max(lines)) {
			if f.Check.Reorders() && !s.silenced(&f) {
				left = append(left, f)
			}
		}
	}
	left = merge(left)
	if len(left) == 0 {
		if !improves(s, r.Proposal, r.Findings, nil, lines) {
			// The order fixes the findings, but what they cost stays:
			// a hot field off a boundary, another onto a line.
			r.Proposal, r.NoFix = nil, "the order that fixes it puts no path on fewer lines: hot lines "+sameLines(s, lines)+" either way"
			for i := range r.Findings {
				if f := &r.Findings[i]; f.Check.Reorders() {
					f.NoFix = "the order that fixes this puts no path on fewer lines, no better than now"
				}
			}
		}
		return r
	}
	g, grow := grown, growWhy
	if grownFrom != r.Proposal {
		g, grow = growToLine(checks, s, r.Proposal, lines)
	}
	if g != nil {
		r.Proposal = g
		return r
	}
	if !improves(s, r.Proposal, r.Findings, left, lines) {
		r.Proposal, r.NoFix = nil, "no order of the fields fixes it: the best one still has "+left[0].Message+grow
		// Each finding says what the best order does to it: leaves
		// it, or fixes it at the price of what it leaves.
		for i := range r.Findings {
			f := &r.Findings[i]
			if !f.Check.Reorders() {
				continue
			}
			f.NoFix = "the order that fixes this still has " + left[0].Message + ", no better than now" + grow
			if j := slices.IndexFunc(left, func(l Finding) bool { return l.same(f) }); j >= 0 {
				f.NoFix = "no order of the fields fixes it: the best one still has " + left[j].Message + grow
			}
		}
		return r
	}
	r.Remains = remains(r.Proposal, left) + grow
	for i := range r.Findings {
		f := &r.Findings[i]
		same := sameFindings(left, f)
		if len(same) > 0 {
			f.Left = remains(r.Proposal, same) + grow
		}
	}
	return r
}

// sameFindings are the findings of left that are f, found again after a
// proposal.
func sameFindings(left []Finding, f *Finding) []Finding {
	var same []Finding
	for _, l := range left {
		if l.same(f) {
			same = append(same, l)
		}
	}
	return same
}

// merge makes one finding of each problem found at several line sizes. The
// message names every size; when the details differ between sizes it gives
// those of the first, and each other size's in a few words where the check
// has them.
func merge(fs []Finding) []Finding {
	var out []Finding
	var same []bool
	// details are the other sizes' details, in the order of LineSizes.
	var details [][]string
	type problem struct {
		check *Check
		key   string
	}
	at := map[problem]int{}
	for _, f := range fs {
		i, ok := at[problem{f.Check, f.Key}]
		if !ok {
			at[problem{f.Check, f.Key}] = len(out)
			out = append(out, f)
			same = append(same, true)
			details = append(details, nil)
			continue
		}
		o := &out[i]
		if slices.Contains(o.LineSizes, f.LineSize) {
			continue // two budgets saying the same
		}
		o.LineSizes = append(o.LineSizes, f.LineSize)
		details[i] = append(details[i], f.detail)
		same[i] = same[i] && f.head == o.head && f.tail == o.tail
	}
	for i := range out {
		f := &out[i]
		if len(f.LineSizes) == 1 {
			continue
		}
		sizes := make([]string, len(f.LineSizes))
		for j, n := range f.LineSizes {
			sizes[j] = fmt.Sprint(n)
		}
		list := "(" + sizeList(sizes) + ")"
		switch {
		case same[i]:
		case f.detail != "" && !slices.Contains(details[i], ""):
			// The details differ: each size says its own.
			var at []string
			for j, d := range details[i] {
				at = append(at, fmt.Sprintf("at %s-byte lines, %s", sizes[j+1], d))
			}
			list = fmt.Sprintf("(%d-byte lines; %s)", f.LineSize, strings.Join(at, "; "))
		default:
			list = fmt.Sprintf("(%d-byte lines; also at %s)", f.LineSize, sizeList(sizes[1:]))
		}
		f.setMessage(list)
	}
	return out
}

// sizeList names line sizes: "64-byte lines", "64- and 128-byte lines".
func sizeList(sizes []string) string {
	if len(sizes) == 1 {
		return sizes[0] + "-byte lines"
	}
	return strings.Join(sizes[:len(sizes)-1], "-, ") + "- and " + sizes[len(sizes)-1] + "-byte lines"
}

// check runs checks on s at one line size; prop is s's proposal, which
// spread compares against, and maxLine the largest size checked.
func check(checks []*Check, s *Struct, prop *Proposal, line, maxLine int64) []Finding {
	pass := &Pass{Struct: s, Proposal: prop, Line: line, MaxLine: maxLine}
	var out []Finding
	for _, c := range checks {
		for _, f := range c.Run(pass) {
			if f.Check == nil {
				f.Check = c
			}
			if f.Kind == "" {
				f.Kind = c.Name
			}
			out = append(out, f)
		}
	}
	return out
}

func runStraddle(pass *Pass) []Finding {
	fs, _ := pass.crossings()
	return fs
}

func runSpread(pass *Pass) []Finding {
	if pass.Proposal == nil {
		return nil
	}
	_, straddling := pass.crossings()
	return spread(pass.Struct, pass.Proposal.Struct, pass.Line, straddling)
}

func runFalseShare(pass *Pass) []Finding {
	s, line := pass.Struct, pass.Line
	out := s.atBases(line, func(s *Struct) []Finding { return falseShare(s, line) })
	if s.PerCPU {
		out = append(out, neighbourShare(s, line)...)
	}
	return out
}

func runPadding(pass *Pass) []Finding { return pass.Struct.paddingAtBases(pass.Line, pass.MaxLine) }

func runBudget(pass *Pass) []Finding { return budget(pass.Struct, pass.Line) }

func atLines(line int64) string { return fmt.Sprintf("(%d-byte lines)", line) }

// straddle finds atomic words that cross a line boundary, split locks,
// in any member hot or not; and hot members no bigger than a line, or
// elements of hot arrays, that cross one where that costs one of their
// paths a line. It also returns the hot members found crossing.
func straddle(s *Struct, line int64) ([]Finding, map[*Member]bool) {
	var out []Finding
	s.eachMember(func(top int, m *Member) {
		if k, w := splitWord(m, line); !w.empty() {
			what := fmt.Sprintf("atomic %s (%d bytes at offset %d) crosses", m.Label(), w.hi-w.lo, w.lo-s.origin)
			if m.Size > m.Atomic {
				what = fmt.Sprintf("atomic %s has word %d (%d bytes at offset %d) crossing", m.Label(), k, w.hi-w.lo, w.lo-s.origin)
			}
			f := newFinding(line, top, []string{m.Label()}, "split "+memberKey(m, s.origin),
				fmt.Sprintf("%s the line boundary at %d: a split lock", what, (w.firstLine(line)+1)*line-s.origin), "")
			f.Kind = "splitlock"
			out = append(out, f)
		}
	})
	var straddling map[*Member]bool
	for _, h := range s.hotMembers() {
		if _, w := splitWord(h.m, line); !w.empty() {
			continue
		}
		if msg, sp := crossing(h.m, line, s.origin); msg != "" && s.addsLine(h.top, h.m, sp, line) {
			if straddling == nil {
				straddling = map[*Member]bool{}
			}
			straddling[h.m] = true
			out = append(out, newFinding(line, h.top, []string{h.m.Label()}, "hot "+memberKey(h.m, s.origin),
				fmt.Sprintf("hot field %s %s", h.m.Label(), msg), ""))
		}
	}
	return out, straddling
}

// memberKey names m in a finding's key: by its name, which stays the same
// when a proposal moves it, or, for a blank or anonymous member, by its
// offset less origin.
func memberKey(m *Member, origin int64) string {
	if m.Name != "" && m.Name != "_" {
		return m.Name
	}
	return fmt.Sprint("@", m.Offset-origin)
}

// eachMember calls f on every member of s, members of anonymous members
// too, with the index of the top-level member holding it.
func (s *Struct) eachMember(f func(top int, m *Member)) {
	var walk func(top int, ms []Member)
	walk = func(top int, ms []Member) {
		for i := range ms {
			f(top, &ms[i])
			walk(top, ms[i].Inner)
		}
	}
	for i := range s.Members {
		walk(i, s.Members[i:i+1])
	}
}

// splitWord returns the first atomic word of m that crosses a line
// boundary, and its index; an empty span if none does.
func splitWord(m *Member, line int64) (int64, span) {
	if m.Atomic <= 0 || m.BitSize > 0 {
		return 0, span{}
	}
	n := m.Size / m.Atomic
	// Word offsets modulo the line repeat within line words.
	for k := int64(0); k < n && k < line; k++ {
		w := span{m.Offset + k*m.Atomic, m.Offset + (k+1)*m.Atomic}
		if w.firstLine(line) != w.lastLine(line) {
			return k, w
		}
	}
	return 0, span{}
}

// crossing describes how m crosses a line boundary, "" if it does not or
// could not help it, and the bytes that cross; offsets in it are less
// origin. An array crosses only where one of its elements does: code reads
// it an element at a time.
func crossing(m *Member, line, origin int64) (string, span) {
	b := m.bytes()
	if b.empty() {
		return "", span{}
	}
	if m.ElemSize <= 0 || m.BitSize > 0 {
		if b.hi-b.lo <= line && b.firstLine(line) != b.lastLine(line) {
			return fmt.Sprintf("(%d bytes at offset %d) crosses the line boundary at %d", b.hi-b.lo, b.lo-origin, (b.firstLine(line)+1)*line-origin), b
		}
		return "", span{}
	}
	if m.ElemSize > line {
		return "", span{}
	}
	n := m.Size / m.ElemSize
	// Element offsets modulo the line repeat within line elements.
	for k := int64(0); k < n && k < line; k++ {
		e := span{m.Offset + k*m.ElemSize, m.Offset + (k+1)*m.ElemSize}
		if e.firstLine(line) != e.lastLine(line) {
			return fmt.Sprintf("has element %d (%d bytes at offset %d) crossing the line boundary at %d", k, m.ElemSize, e.lo-origin, (e.firstLine(line)+1)*line-origin), e
		}
	}
	return "", span{}
}

// addsLine reports whether the bytes sp of hot member m, in top-level
// member top, lie on a line that neither the rest of m nor any other
// member hot on one of m's paths touches: a straddle inside lines the path
// reads anyway costs nothing. A path that reads the whole struct reads
// every line it spans, in any order (sync.Pool alone in a wrapper, a lock
// with the three fields it guards); the members of a kernel cacheline
// group read every line the group cannot keep them off, in any order of
// them (groupTakes).
func (s *Struct) addsLine(top int, m *Member, sp span, line int64) bool {
	hot := s.hotMembers()
	b := m.bytes()
	rest := []span{{b.lo, sp.lo}, {sp.hi, b.hi}}
	for _, p := range m.Hot.Paths {
		if s.readsWhole(p, line) || s.hotLines(p, line, false) <= s.leastLines(p, line) {
			continue
		}
		for l := sp.firstLine(line); l <= sp.lastLine(line); l++ {
			ln := span{l * line, (l + 1) * line}
			touched := rest[0].shares(ln, line) || rest[1].shares(ln, line)
			for _, x := range hot {
				if touched {
					break
				}
				touched = x.m != m && x.m.Hot.On(p) && x.m.bytes().shares(ln, line)
			}
			if !touched && !s.groupTakes(top, p, ln) {
				return true
			}
		}
	}
	return false
}

// leastLines is the fewest lines the members hot on path p could take in
// any order: their bytes in whole lines. A path on no more lines than that
// loses none to a crossing: moving the field off the boundary moves
// others onto it.
func (s *Struct) leastLines(p string, line int64) int {
	var bytes []span
	for _, h := range s.hotMembers() {
		if h.m.Hot.On(p) {
			bytes = append(bytes, h.m.bytes())
		}
	}
	return int((unionLength(bytes) + line - 1) / line)
}

// groupTakes reports whether path p reads line ln in any order of the
// members of the kernel cacheline group that s's top-level member top lies
// in: the group's members hot on p take more bytes than the group holds
// off that line. Whichever of them crosses into it, the line is the
// group's: what would save it is the group's place in the struct (spread,
// and the group sizes a better place needs), not another order of its
// members (6.18's tcp_sock_write_rx: 112 bytes from 24 bytes into a line,
// its last 8 on a third line, where rcvq_space crosses).
func (s *Struct) groupTakes(top int, p string, ln span) bool {
	g := s.Members[top].Group
	if g == "" {
		return false
	}
	_, b := s.Lookup(groupBeginPrefix + g)
	_, e := s.Lookup(groupEndPrefix + g)
	if b == nil || e == nil {
		return false
	}
	ext := span{b.End(), e.Offset}
	off := ext.hi - ext.lo - max(0, min(ext.hi, ln.hi)-max(ext.lo, ln.lo))
	var hot int64
	for i := range s.Members {
		if m := &s.Members[i]; m.Group == g && m.Hot.On(p) {
			hot += m.Size
		}
	}
	return hot > off
}

// readsWhole reports whether path p reads every line s spans: every
// top-level member that takes space, pads aside, is hot on p, and none is
// an array longer than a line, of which p may read one element.
func (s *Struct) readsWhole(p string, line int64) bool {
	for i := range s.Members {
		m := &s.Members[i]
		if m.Size == 0 || m.isPadLike() {
			continue
		}
		if !m.Hot.On(p) || m.ElemSize > 0 && m.Size > line {
			return false
		}
	}
	return true
}

// spread finds paths whose hot members occupy more lines than in prop. A
// path whose extra lines are all the straddles of its members (in
// straddling, one line each) is left to the straddle findings.
func spread(s, prop *Struct, line int64, straddling map[*Member]bool) []Finding {
	var out []Finding
	for _, p := range s.Paths() {
		if s.fewOn(p) {
			continue
		}
		now, nowAt := s.hotLinesAtBases(p, line, false)
		best, bestAt := prop.hotLinesAtBases(p, line, false)
		// A heap object's lines depend on its base: an order is better
		// if it needs fewer at its worst base, or as many but an eighth
		// of a line fewer over all objects.
		fewer := best < now || best == now && prop.meanHotLines(p, line) <= s.meanHotLines(p, line)-0.125
		if !fewer {
			continue
		}
		var names []string
		first, crossing := -1, 0
		for _, h := range s.hotMembers() {
			if h.m.Hot.On(p) {
				names = append(names, h.m.Label())
				if first < 0 {
					first = h.top
				}
				if straddling[h.m] {
					crossing++
				}
			}
		}
		if best < now && now-crossing <= best {
			continue
		}
		detail := fmt.Sprintf("%d lines where %d would do", now, best)
		if nowAt.objects != nowAt.of {
			detail += ", " + s.objectsWord(nowAt, "in ")
		}
		msg := fmt.Sprintf("%s occupy %d lines where %d would do", pathWords(p), now, best)
		if best == now && s.GlobalAlign > 0 {
			detail = fmt.Sprintf("%d lines %s where a better order would at only %d", now, s.objectsWord(nowAt, ""), bestAt.objects)
			msg = fmt.Sprintf("%s occupy %s", pathWords(p), detail)
		} else if best == now {
			detail = fmt.Sprintf("%d lines in %s where a better order would in only %d%%", now, nowAt.objectsWord(), bestAt.percent())
			msg = fmt.Sprintf("%s occupy %s", pathWords(p), detail)
		}
		f := newFinding(line, first, names, p, msg, ": "+nameList(names)+s.heapNote(line, nowAt))
		f.detail = detail
		out = append(out, f)
	}
	return out
}

// fewOn reports whether every mark on path p is a profile's on a type of
// few values (Hot.Few): no finding says the path visits many objects.
func (s *Struct) fewOn(p string) bool {
	for _, h := range s.hotMembers() {
		if h.m.Hot.On(p) && !h.m.Hot.Few {
			return false
		}
	}
	return true
}

func pathWords(p string) string {
	if p == DefaultPath {
		return "hot fields"
	}
	return "hot fields of path " + p
}

// nameList joins names, eliding the middle of a long list.
func nameList(names []string) string {
	const max = 12
	if len(names) <= max {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:max], ", ") + fmt.Sprintf(" and %d more", len(names)-max)
}

// andList joins a few names as a sentence does, many as nameList does.
func andList(names []string) string {
	if n := len(names); n > 1 && n <= 12 {
		return strings.Join(names[:n-1], ", ") + " and " + names[n-1]
	}
	return nameList(names)
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
// it guards, or two members one lock guards: each access follows the
// core's own write of the lock, so a line they share is not falsely
// shared.
func sameGuard(a, b *Member) bool {
	ga, gb := a.Hot.Guard, b.Hot.Guard
	return ga != "" && (ga == gb || ga == b.Name) || gb != "" && gb == a.Name
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
// with a hot member it conflicts with (Struct.conflicts): one finding per
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
			if !h.m.isPadLike() && h.m.bytes().shares(ln, line) {
				on = append(on, h)
			}
		}
		// Members on the line that take part: every read-mostly one and
		// every written one, once some written one conflicts.
		var subject *Hot
		side := 0
		involved := map[*Member]bool{}
		for _, w := range on {
			if !w.m.Hot.Write {
				continue
			}
			for _, x := range on {
				if x.m != w.m && !sameGuard(w.m, x.m) && !s.withinType(w, x, line) && s.conflicts(w.m.Hot, x.m.Hot, s.Members[w.top].Side, s.Members[x.top].Side) {
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
			fmt.Sprintf("%s %s and %s line %d with %s", andList(writers), verb, shares, l, nameList(others)), ""))
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
		last := floorDiv(base+s.Size-1, line) // the line element 0 ends on
		for k := int64(1); k <= reach; k++ {
			d := k * s.Size
			if floorDiv(base+d, line) != last {
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

// separates reports whether m is a separator pad: Prepare marks only pads
// evidently meant as one, as each source's Separators says.
func separates(m *Member) bool {
	return m.Padding && m.Size > 0
}

// padding finds separator padding that leaves the members around it on one
// line, or that is a whole line or more longer than keeping them a pair of
// lines apart needs at the largest line size checked. A pair, because
// x86's adjacent-line prefetcher fetches lines two at a time and careful
// code (sync.Pool) pads for it; and what a larger line needs is no waste at
// a smaller one. A pad at the end separates the struct from the next
// element of an array, unless the struct is Alone (loneEnd judges it).
func padding(s *Struct, line, maxLine int64) []Finding {
	if s.Kind != KindStruct {
		return nil
	}
	var out []Finding
	keys := map[string]int{}
	for i := range s.Members {
		pad := &s.Members[i]
		if !separates(pad) {
			continue
		}
		before := -1
		for j := i - 1; j >= 0; j-- {
			if m := &s.Members[j]; !m.Padding && m.Size > 0 {
				before = j
				break
			}
		}
		if before < 0 {
			continue
		}
		lastBefore := s.Members[before].End() - 1
		after, afterName := int64(-1), ""
		for j := i + 1; j < len(s.Members); j++ {
			if m := &s.Members[j]; !m.Padding && m.Size > 0 {
				after, afterName = m.Offset, m.Label()
				break
			}
		}
		if after < 0 && s.Alone && !s.PerCPU {
			// No element follows: loneEnd judges the pad against the
			// next heap object, and a pad around a lone object is no
			// waste.
			continue
		}
		if after < 0 {
			// The first member of the next array element follows.
			for j := range s.Members {
				if m := &s.Members[j]; !m.Padding && m.Size > 0 {
					after, afterName = s.Size+m.Offset, m.Label()+" of the next element"
					break
				}
			}
		}
		name := s.Members[before].Label()
		// The pad by its name and neighbours', which another build
		// keeps where its offsets change; two alike by their order.
		key := fmt.Sprintf("%s between %s and %s", pad.Name, name, afterName)
		if keys[key]++; keys[key] > 1 {
			key += fmt.Sprint(" #", keys[key])
		}
		boundary := (lastBefore/line + 1) * line
		slack := after - boundary
		pair := 2 * maxLine
		switch waste := after - (lastBefore/pair+1)*pair; {
		case slack < 0:
			f := newFinding(line, i, []string{pad.Name, name, afterName}, key,
				fmt.Sprintf("padding %s %s (%d bytes) leaves %s and %s on one line", pad.Name, pad.Type, pad.Size, name, afterName),
				fmt.Sprintf(": it needs %d more bytes", -slack))
			f.need = -slack
			out = append(out, f)
		case line == maxLine && waste >= line && waste >= pad.Size:
			// Other pads between the two (the next element's leading
			// one) keep them apart without this one.
			f := newFinding(line, i, []string{pad.Name, name, afterName}, key,
				fmt.Sprintf("padding %s %s (%d bytes) is not needed: the other pads keep %s and %s a pair of lines apart",
					pad.Name, pad.Type, pad.Size, name, afterName), "")
			f.waste = pad.Size
			out = append(out, f)
		case line == maxLine && waste >= line:
			f := newFinding(line, i, []string{pad.Name, name, afterName}, key,
				fmt.Sprintf("padding %s %s (%d bytes) wastes %d bytes, a whole line or more: %d bytes keep %s and %s a pair of lines apart",
					pad.Name, pad.Type, pad.Size, waste, pad.Size-waste, name, afterName), "")
			f.waste = waste
			out = append(out, f)
		}
	}
	return out
}

// budget finds paths whose hot members occupy more lines than declared.
func budget(s *Struct, line int64) []Finding {
	var out []Finding
	for _, b := range s.Budgets {
		paths := []string{b.Path}
		if b.Path == "" {
			paths = s.Paths()
		}
		for _, p := range paths {
			if n, at := s.hotLinesAtBases(p, line, false); n > b.Lines {
				f := newFinding(line, -1, nil, fmt.Sprint(p, " ", b.Lines),
					fmt.Sprintf("%s occupy %d lines, over the budget of %d", pathWords(p), n, b.Lines), s.heapNote(line, at))
				f.detail = fmt.Sprintf("%d lines", n)
				if at.objects != at.of {
					f.detail += " " + s.objectsWord(at, "in ")
				}
				out = append(out, f)
			}
		}
	}
	return out
}
