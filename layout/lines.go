package layout

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// goarchLines is the cache-line size the Go runtime pads for on each
// GOARCH (internal/cpu.CacheLinePadSize). The first GOARCH of each size
// stands for it: a check at that size on a GOARCH with other lines judges
// the packages as built for it.
var goarchLines = []struct {
	goarch string
	line   int64
}{
	{"amd64", 64}, {"arm64", 128}, {"s390x", 256}, {"arm", 32},
	{"386", 64}, {"loong64", 64}, {"riscv64", 64}, {"wasm", 64},
	{"ppc64", 128}, {"ppc64le", 128},
	{"mips", 32}, {"mipsle", 32}, {"mips64", 32}, {"mips64le", 32},
	{"ppc", 32}, // gccgo's
}

// DefaultLineSize is the cache-line size the Go runtime assumes for goarch
// (internal/cpu.CacheLinePadSize), 64 when goarch is unknown.
func DefaultLineSize(goarch string) int64 {
	for _, g := range goarchLines {
		if g.goarch == goarch {
			return g.line
		}
	}
	return 64
}

// LineGOARCH is the GOARCH that stands for line-byte cache lines, and
// false for a size no GOARCH has.
func LineGOARCH(line int64) (string, bool) {
	for _, g := range goarchLines {
		if g.line == line {
			return g.goarch, true
		}
	}
	return "", false
}

// CheckLineSize rejects a line size the arithmetic cannot use: padding that
// isolates at the largest size must isolate at every smaller one, which
// holds for powers of two.
func CheckLineSize(n int64) error {
	if n < 8 || n > 4096 || n&(n-1) != 0 {
		return fmt.Errorf("line size %d: want a power of two from 8 to 4096", n)
	}
	return nil
}

// LineSizes is the -line flag of every command: one or more cache-line
// sizes, comma-separated, each one the arithmetic can use, in the order
// given and each once. Empty means the command's default.
type LineSizes []int64

func (l *LineSizes) String() string {
	var b strings.Builder
	for i, n := range *l {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(n, 10))
	}
	return b.String()
}

// Set replaces the sizes with those of v.
func (l *LineSizes) Set(v string) error {
	var out LineSizes
	for f := range strings.SplitSeq(v, ",") {
		n, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
		if err != nil {
			return fmt.Errorf("%q: not a number", f)
		}
		if err := CheckLineSize(n); err != nil {
			return err
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	*l = out
	return nil
}

// span is a half-open byte range [lo, hi) relative to a line-aligned base.
type span struct{ lo, hi int64 }

func (sp span) empty() bool { return sp.hi <= sp.lo }

// firstLine and lastLine number the lines sp touches; sp must not be empty.
func (sp span) firstLine(line int64) int64 { return FloorDiv(sp.lo, line) }
func (sp span) lastLine(line int64) int64  { return FloorDiv(sp.hi-1, line) }

// shares reports whether a and b have a byte on a common line.
func (sp span) shares(o span, line int64) bool {
	if sp.empty() || o.empty() {
		return false
	}
	return sp.firstLine(line) <= o.lastLine(line) && o.firstLine(line) <= sp.lastLine(line)
}

func (sp span) shift(d int64) span { return span{sp.lo + d, sp.hi + d} }

// ByteSpan is the bytes m occupies, from lo up to hi; a bit-field
// occupies only the bytes holding its bits, not its whole storage unit.
func (m *Member) ByteSpan() (lo, hi int64) {
	b := m.bytes()
	return b.lo, b.hi
}

// bytes is ByteSpan as a span.
func (m *Member) bytes() span {
	if m.BitSize > 0 {
		return span{m.BitOffset / 8, (m.BitOffset+m.BitSize-1)/8 + 1}
	}
	return span{m.Offset, m.End()}
}

// Lines is the number of lines the struct occupies at a line-aligned base.
func (s *Struct) Lines(line int64) int64 {
	if s.Size == 0 {
		return 0
	}
	return (s.Size + line - 1) / line
}

// hotMember is a hot member together with the top-level member holding it.
type hotMember struct {
	top int
	m   *Member
	// guess says m is a part that is a guess (HotPart.Guess).
	guess bool
}

// HasHotMembers reports whether a member of s, or a member or part of
// one, is hot.
func (s *Struct) HasHotMembers() bool { return len(s.hotMembers()) > 0 }

// hotMembers lists the hot members of s, including members of anonymous
// members, in offset order. A member with Parts is listed as its parts,
// each a member of its own named MEMBER.FIELD: the bytes of it that are
// hot.
func (s *Struct) hotMembers() []hotMember {
	var out []hotMember
	add := func(top int, m *Member) {
		for k, h := range TouchedParts(m) {
			out = append(out, hotMember{top, h, len(m.Parts) > 0 && m.Parts[k].Guess})
		}
	}
	var walk func(top int, ms []Member)
	walk = func(top int, ms []Member) {
		for i := range ms {
			m := &ms[i]
			if m.Hot != nil {
				add(top, m)
			}
			walk(top, m.Inner)
		}
	}
	for i := range s.Members {
		m := &s.Members[i]
		if m.Hot != nil {
			add(i, m)
		}
		walk(i, m.Inner)
	}
	return out
}

// TouchedParts is hot member m as the paths touch it: m itself, or, where m
// has Parts, each part as a member of its own named MEMBER.FIELD, its hot
// bytes.
func TouchedParts(m *Member) []*Member {
	if len(m.Parts) == 0 {
		return []*Member{m}
	}
	out := make([]*Member, 0, len(m.Parts))
	for _, p := range m.Parts {
		name := m.Label()
		if p.Name != "" {
			name += "." + p.Name
		}
		off := m.Offset + p.Offset
		out = append(out, &Member{Name: name, Type: m.Type, Offset: off, Size: p.Size, Align: 1, BitOffset: off * 8, Hot: p.Hot})
	}
	return out
}

// HotLines counts the distinct lines holding any byte of a member hot on
// path, with the struct at a line-aligned address.
func (s *Struct) HotLines(path string, line int64) int {
	return s.hotLines(path, line, false)
}

// hotLines counts the lines of members hot on path, of read-mostly members
// only when readOnly is set (a member a lock guards goes with the lock, as
// a written one). It merges line ranges rather than visit lines,
// so a huge member costs no more than a small one.
func (s *Struct) hotLines(path string, line int64, readOnly bool) int {
	return s.hotLinesAt(path, line, 0, readOnly)
}

// hotLinesAt is hotLines with the struct starting base bytes past a line
// boundary.
func (s *Struct) hotLinesAt(path string, line, base int64, readOnly bool) int {
	return s.linesAt(path, line, base, readOnly, false)
}

// linesAt is hotLinesAt, without the parts that are guesses when sure
// is set.
func (s *Struct) linesAt(path string, line, base int64, readOnly, sure bool) int {
	var ranges []span // in line numbers
	for _, h := range s.hotMembers() {
		if !h.m.Hot.On(path) || readOnly && (h.m.Hot.Write || h.m.Hot.Guard != "") || sure && h.guess {
			continue
		}
		b := h.m.bytes().shift(base)
		if b.empty() {
			continue
		}
		ranges = append(ranges, span{b.firstLine(line), b.lastLine(line) + 1})
	}
	return int(unionLength(ranges))
}

// unionLength is the length of the union of spans; it sorts spans.
func unionLength(spans []span) int64 {
	slices.SortFunc(spans, func(a, b span) int { return cmp.Compare(a.lo, b.lo) })
	var n int64
	end := int64(math.MinInt64)
	for _, sp := range spans {
		lo := max(sp.lo, end)
		if sp.hi > lo {
			n += sp.hi - lo
		}
		end = max(end, sp.hi)
	}
	return n
}

// Paths lists the fast paths named by s's hot members, sorted, or none when
// hot members name none.
func (s *Struct) Paths() []string {
	var paths []string
	for _, h := range s.hotMembers() {
		paths = append(paths, h.m.Hot.Paths...)
	}
	slices.Sort(paths)
	return slices.Compact(paths)
}

// ResolvePaths gives every hot member with no path every path that some
// other hot member of s names (or DefaultPath when none does), so that later
// steps see explicit paths only.
func (s *Struct) ResolvePaths() {
	paths := s.Paths()
	if len(paths) == 0 {
		paths = []string{DefaultPath}
	}
	for _, h := range s.hotMembers() {
		if len(h.m.Hot.Paths) == 0 {
			h.m.Hot.Paths = slices.Clone(paths)
		}
	}
}
