package layout

import (
	"fmt"
	"slices"
)

// CheckStraddle reports hot fields and atomic words that cross a line.
var CheckStraddle = &Check{
	Rule: Rule{
		Name:      "straddle",
		SARIFName: "HotFieldStraddlesLine",
		Summary:   "A hot field or an atomic word crosses a cache-line boundary",
		Help: "A hot field no bigger than a line that crosses a line boundary costs two line fetches where one would do; " +
			"an array crosses only where one of its elements does, and a crossing into a line the path touches anyway " +
			"costs nothing and is not reported. Nor is one into a line a kernel cacheline group's fields of the path reach " +
			"in any order of them (6.18's `tcp_sock_write_rx`: 112 bytes from 24 bytes into a line end on a third line, " +
			"where `rcvq_space` crosses): the line is the group's, and what would save it is the group's place, which " +
			"`spread` and the proposal's needs judge. Nor is one on a path already on as few lines as its fields' bytes need: " +
			"moving the field off the boundary would move another onto it. A Go heap object, which starts where its size class " +
			"puts it, is judged at every base the allocator gives it, and a hot field that crosses at some of them is reported " +
			"only where an order of the fields at the object's size saves the line, over all objects, and the message says " +
			"which move does (\"putting key first\"): a 24-byte slice header in a 48-byte object crosses a line at one base of " +
			"four wherever it sits, and only padding every object into the 64-byte class would save that line in a quarter of " +
			"them, which nobody pays for a plain crossing. The field still counts as crossing for `spread`, which does not " +
			"report the same line again. In any struct, an atomic word that crosses a line is a split lock, which " +
			"stalls every core, always reported (only packed C layouts can make one); its kind, `splitlock`, is a word " +
			"ignore directives accept to silence split locks alone.\n\n" +
			"Move the field so that it starts on a boundary or fits before the next one; the proposed order does.",
		Fix:      FixReorder,
		Severity: "warning",
	},
	Run:     runStraddle,
	Kinds:   []string{"splitlock"},
	Hazards: []string{"splitlock"},
}

func runStraddle(pass *Pass) []Finding {
	fs, _ := pass.crossings()
	return fs
}

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
	_, b := s.Lookup(GroupBeginPrefix + g)
	_, e := s.Lookup(GroupEndPrefix + g)
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

// straddleAtBases is straddle at every base of s; the hot members it finds
// crossing at some base are s's own. A hot field of a Go heap object that
// crosses into a line at some bases is reported only where an order of
// the fields at s's size keeps it from costing that line at every base,
// and the message says which: otherwise only growing every object into a
// line-aligned size class removes a line from a share of them, which
// nobody pays for a crossing (a 24-byte slice header in a 48-byte object
// crosses at one base of four, wherever it sits). The member still counts
// as crossing, so that spread does not report the same line.
func (s *Struct) straddleAtBases(line int64) ([]Finding, map[*Member]bool) {
	if bases := s.Bases(line); len(bases) == 1 && bases[0].Offset == 0 {
		return straddle(s, line)
	}
	hot := s.hotMembers()
	crossing := map[*Member]bool{}
	fs := s.atBases(line, func(at *Struct) []Finding {
		fs, cross := straddle(at, line)
		for i, h := range at.hotMembers() {
			if cross[h.m] {
				crossing[hot[i].m] = true
			}
		}
		return fs
	})
	if s.PerCPU {
		return fs, crossing
	}
	kept := fs[:0]
	for _, f := range fs {
		i := slices.IndexFunc(hot, func(h hotMember) bool { return f.Key == "hot "+memberKey(h.m, s.origin) })
		if f.Kind == "splitlock" || i < 0 {
			kept = append(kept, f)
			continue
		}
		if fix := s.orderOffBoundary(hot[i], f.Key, fs, line); fix != "" {
			f.addTail("; " + fix)
			kept = append(kept, f)
		}
	}
	return kept, crossing
}

// orderOffBoundary says which move of h's top-level member, leaving s no
// bigger, keeps h from costing a line at every base the allocator gives
// the result, with no other hot field crossing into a line where none of
// found (s's straddle findings) does, and puts h's paths on fewer lines
// over all objects, none on more; "" when no move does. Of the moves that
// do, it names the one past the fewest members.
func (s *Struct) orderOffBoundary(h hotMember, key string, found []Finding, line int64) string {
	t := h.top
	if s.Lang != LangGo || s.Packed || AnyPinned(&s.Members[t]) {
		return ""
	}
	had := map[string]bool{}
	for _, f := range found {
		had[f.Key] = true
	}
	best, how := -1, ""
	for j := range s.Members {
		if j == t || best >= 0 && absInt(j-t) >= absInt(best-t) {
			continue
		}
		moved := s.moved(t, j)
		if moved == nil {
			continue
		}
		ok := true
		for _, b := range moved.Bases(line) {
			fs, _ := straddle(moved.at(b.Offset), line)
			if slices.ContainsFunc(fs, func(f Finding) bool { return f.Key == key || !had[f.Key] }) {
				ok = false
				break
			}
		}
		if !ok || !moved.savesLine(s, h.m.Hot.Paths, line) {
			continue
		}
		best = j
		off := moved.Members[j].Offset + h.m.Offset - s.Members[t].Offset
		switch {
		case j == 0:
			how = fmt.Sprintf("putting %s first (offset %d) fixes it in every heap object", s.Members[t].Label(), off)
		case j < t:
			how = fmt.Sprintf("moving %s before %s (to offset %d) fixes it in every heap object", s.Members[t].Label(), s.Members[j].Label(), off)
		default:
			how = fmt.Sprintf("moving %s after %s (to offset %d) fixes it in every heap object", s.Members[t].Label(), s.Members[j].Label(), off)
		}
	}
	return how
}

// savesLine reports whether s, an order of was, puts none of paths on
// more lines than was does, at its worst base or over all objects, and
// one of them on fewer over all objects.
func (s *Struct) savesLine(was *Struct, paths []string, line int64) bool {
	saves := false
	for _, p := range paths {
		n, _ := s.HotLinesAtBases(p, line, false)
		m, _ := was.HotLinesAtBases(p, line, false)
		mean, wasMean := s.meanHotLines(p, line), was.meanHotLines(p, line)
		if n > m || mean > wasMean {
			return false
		}
		saves = saves || mean < wasMean
	}
	return saves
}

func absInt(n int) int { return max(n, -n) }

// moved is s with top-level member t moved to index j, laid out as the gc
// compiler lays out a struct, or nil when that makes s bigger.
func (s *Struct) moved(t, j int) *Struct {
	out := *s
	out.Members = slices.Clone(s.Members)
	m := out.Members[t]
	out.Members = slices.Insert(slices.Delete(out.Members, t, t+1), j, m)
	var off int64
	for i := range out.Members {
		x := &out.Members[i]
		at := AlignUp(off, x.KeptAlign())
		shift := at - x.Offset
		x.Offset = at
		ShiftBits(x, shift*8)
		off = at + x.Size
	}
	if n := len(out.Members); n > 0 && out.PadZeroSizeTail && out.Members[n-1].Size == 0 {
		off++
	}
	out.Size = AlignUp(off, max(s.Align, 1))
	if out.Size > s.Size {
		return nil
	}
	return &out
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

// crossings runs the straddle check once per pass: spread leaves to it
// the lines that its findings account for.
func (p *Pass) crossings() ([]Finding, map[*Member]bool) {
	if !p.straddled {
		p.straddles, p.straddling = p.Struct.straddleAtBases(p.Line)
		p.straddled = true
	}
	return p.straddles, p.straddling
}
