package layout

import (
	"fmt"
	"slices"
	"strings"
)

// lineBase is the single base of a struct that is not a Go heap object.
var lineBase = []Base{{0, 1, 1}}

// Bases lists the offsets from a line boundary at which s starts: those the
// Go allocator gives when s is a Go heap object, a line boundary otherwise.
// A Go percpu struct lives as elements of an array or slice, not as an
// object of its own: see elementBases.
func (s *Struct) Bases(line int64) []Base {
	switch {
	case s.GlobalAlign > 0:
		return globalBases(s.GlobalAlign, line)
	case s.Heap == nil || line > s.Heap.PageSize:
		return lineBase
	case len(s.InPlace) > 0:
		return s.inPlaceBases(line)
	case s.InArrays():
		return s.elementBases(line)
	}
	return s.Heap.Bases(s.Size, s.Pointers, line)
}

// InArrays says the struct's values are elements of arrays, percpu or
// Elements: they start at multiples of its size from where the array does.
func (s *Struct) InArrays() bool { return s.PerCPU || s.Elements }

// inPlaceBases lists where the struct starts in its containers (InPlace):
// each container's heap bases moved by the field's offset, every
// container weighing the same.
func (s *Struct) inPlaceBases(line int64) []Base {
	var bases [][]Base
	of := int64(1)
	for _, c := range s.InPlace {
		bs := s.Heap.Bases(c.Size, c.Pointers, line)
		bases = append(bases, bs)
		of = of / gcd(of, bs[0].Of) * bs[0].Of
	}
	count := map[int64]int64{}
	for i, c := range s.InPlace {
		for _, b := range bases[i] {
			count[(b.Offset+c.Offset)%line] += b.Objects * (of / b.Of)
		}
	}
	total := of * int64(len(s.InPlace))
	out := make([]Base, 0, len(count))
	for off, n := range count {
		out = append(out, Base{off, n, total})
	}
	slices.SortFunc(out, func(a, b Base) int { return int(a.Offset - b.Offset) })
	return out
}

// globalBases lists the offsets from a line boundary at which the linker
// may start a package-level variable it aligns to align bytes: each
// multiple of align within a line, none more likely than another (where
// one lands depends on every variable of the program).
func globalBases(align, line int64) []Base {
	if align >= line {
		return lineBase
	}
	n := line / align
	out := make([]Base, n)
	for k := range n {
		out[k] = Base{k * align, 1, n}
	}
	return out
}

// LinkerAlign is the alignment at which the Go linker places a
// package-level variable of size bytes with no alignment of its own
// asked: the largest power of two not above its size, at most maxAlign
// (the GOARCH's largest data alignment, 32 on most and 8 on arm) and at
// least minAlign (1; 2 on s390x).
func LinkerAlign(size, minAlign, maxAlign int64) int64 {
	align := maxAlign
	for align > size && align > minAlign {
		align >>= 1
	}
	return align
}

// elementBases lists where the elements of an array of s start relative to
// a line when the array does (a large slice, on a page; a line-aligned
// array), each offset the element size steps through taking an equal
// share. A slice's own base (its size class, the malloc header) shifts
// them all; the percpu neighbour check says where make puts them.
func (s *Struct) elementBases(line int64) []Base {
	if s.Size == 0 {
		return lineBase
	}
	period := line / gcd(s.Size%line+line, line)
	out := make([]Base, 0, period)
	for k := int64(0); k < period; k++ {
		out = append(out, Base{k * s.Size % line, 1, period})
	}
	slices.SortFunc(out, func(a, b Base) int { return int(a.Offset - b.Offset) })
	return out
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// at is s as it lies when it starts base bytes past a line boundary: its
// members moved by base, so that line arithmetic, which counts from a line
// boundary, sees them where they are. Messages subtract origin to give
// offsets within s.
func (s *Struct) at(base int64) *Struct {
	out := *s
	out.Heap, out.GlobalAlign, out.InPlace, out.Elements, out.origin = nil, 0, nil, false, s.origin+base
	out.Members = slices.Clone(s.Members)
	for i := range out.Members {
		out.Members[i].Offset += base
		ShiftBits(&out.Members[i], base*8)
	}
	return &out
}

// share is the part of a struct's heap objects something holds for: the
// bases where it does, and how many of a span's objects start there.
type share struct {
	at          []int64
	objects, of int64
}

func (sh *share) add(b Base) {
	sh.at = append(sh.at, b.Offset)
	sh.objects, sh.of = sh.objects+b.Objects, b.Of
}

// atBases runs a check on s at every base the allocator gives it and
// reports each problem once, with the bases where it holds and the share
// of objects it affects. A struct that starts on a line boundary is
// checked as it is.
func (s *Struct) atBases(line int64, check func(*Struct) []Finding) []Finding {
	bases := s.Bases(line)
	if len(bases) == 1 && bases[0].Offset == 0 {
		return check(s)
	}
	type problem struct {
		Finding
		share
	}
	var out []problem
	for _, b := range bases {
		for _, f := range check(s.at(b.Offset)) {
			i := slices.IndexFunc(out, func(p problem) bool { return p.Key == f.Key })
			switch {
			case i < 0:
				out = append(out, problem{Finding: f})
				i = len(out) - 1
			case f.need > out[i].need:
				// A pad too short says what every base needs.
				out[i].Finding = f
			}
			// A problem found twice at one base (a written field
			// that crosses into a line, sharing both) counts its
			// objects once.
			if !slices.Contains(out[i].at, b.Offset) {
				out[i].add(b)
			}
		}
	}
	fs := make([]Finding, len(out))
	for i, p := range out {
		fs[i] = p.Finding
		fs[i].addTail(s.heapNote(line, p.share))
		if fs[i].detail == "" {
			// Merged with the finding at another line size, it keeps
			// its share of the objects.
			fs[i].detail = s.shareWords(p.share)
		}
	}
	return fs
}

// shareWords says, in a few words, which part of s's objects a share is.
func (s *Struct) shareWords(sh share) string {
	switch {
	case s.InArrays() && sh.objects == sh.of:
		return "in every element of an array of them"
	case s.InArrays():
		return fmt.Sprintf("in %d%% of elements of an array of them", sh.percent())
	}
	return s.objectsWord(sh, "in ")
}

// objectsWord names the part of s's values a share is, after in ("in
// 38% of heap objects"); for package-level variables, the places the
// linker may put one ("at 1 of the 4 places the linker may put it").
func (s *Struct) objectsWord(sh share, in string) string {
	switch {
	case s.GlobalAlign > 0 && sh.objects == sh.of:
		return "wherever the linker puts it"
	case s.GlobalAlign > 0:
		return fmt.Sprintf("at %d of the %d places the linker may put it", sh.objects, sh.of)
	case len(s.InPlace) > 0 && sh.objects == sh.of:
		return in + "every object holding it"
	case len(s.InPlace) > 0:
		return fmt.Sprintf("%s%d%% of the objects holding it", in, sh.percent())
	case s.Elements && sh.objects == sh.of:
		return in + "every element of an array of them"
	case s.Elements:
		return fmt.Sprintf("%s%d%% of elements of an array of them", in, sh.percent())
	}
	return in + sh.objectsWord()
}

// heapNote says which heap objects a finding holds for, and why they
// start where they do. It says nothing for a finding that holds at every
// base when one is a line boundary: base-0 arithmetic finds those.
func (s *Struct) heapNote(line int64, sh share) string {
	bases := s.Bases(line)
	switch {
	case s.Heap == nil && s.GlobalAlign == 0:
		return ""
	case sh.objects == sh.of && bases[0].Offset == 0:
		return ""
	case s.GlobalAlign > 0:
		all := make([]int64, len(bases))
		for i, b := range bases {
			all[i] = b.Offset
		}
		return fmt.Sprintf("; its values are package-level variables, which the linker places, not the allocator: where it starts one %s bytes past a %d-byte line (it starts a %d-byte variable at a multiple of %d bytes, after a variable no larger: %s past a line)",
			OrList(sh.at), line, s.Size, s.GlobalAlign, OrList(all))
	}
	if len(s.InPlace) > 0 {
		return s.inPlaceNote(line, sh)
	}
	objects, starts := "heap objects", "starts"
	p := s.Heap.Place(s.Size, s.Pointers)
	why := fmt.Sprintf("the %d-byte size class", p.Class.Size)
	switch {
	case s.InArrays():
		objects, starts = "elements of an array of them", "start"
		why = fmt.Sprintf("%d-byte elements", s.Size)
	case p.Header > 0:
		why = fmt.Sprintf("the %d-byte malloc header in the %d-byte size class", p.Header, p.Class.Size)
	case p.Kind == PlaceTiny:
		why = fmt.Sprintf("%d-byte tiny blocks", s.Heap.TinySize)
	}
	if len(bases) == 1 {
		every := "every heap object"
		if s.InArrays() {
			every = "every element of an array of them"
		}
		return fmt.Sprintf("; in %s: %s %s each %d bytes past a %d-byte line", every, why, starts, bases[0].Offset, line)
	}
	all := make([]int64, len(bases))
	for i, b := range bases {
		all[i] = b.Offset
	}
	return fmt.Sprintf("; in %d%% of %s, those starting %s bytes past a %d-byte line (%s %s them at %s)",
		sh.percent(), objects, OrList(sh.at), line, why, starts, OrList(all))
}

// inPlaceNote is heapNote for a struct held in place (InPlace): which of
// the objects holding it a finding holds for, and where they put it.
func (s *Struct) inPlaceNote(line int64, sh share) string {
	var why []string
	for _, c := range s.InPlace {
		var at []int64
		for _, b := range s.Heap.Bases(c.Size, c.Pointers, line) {
			at = append(at, (b.Offset+c.Offset)%line)
		}
		slices.Sort(at)
		why = append(why, fmt.Sprintf("%s at offset %d of a %d-byte object, which starts it %s bytes past a line",
			c.Field, c.Offset, c.Size, OrList(slices.Compact(at))))
	}
	where := fmt.Sprintf("; in %s", s.objectsWord(sh, ""))
	if sh.objects != sh.of {
		where += fmt.Sprintf(", those starting it %s bytes past a %d-byte line", OrList(sh.at), line)
	}
	return fmt.Sprintf("%s (%s is no heap object of its own: it lies in %s)", where, s.Name, strings.Join(why, "; in "))
}

// OrList lists offsets as "0, 16 or 32", eliding the middle of a long list.
func OrList(ns []int64) string {
	const max = 8
	var b strings.Builder
	for i, n := range ns {
		switch {
		case i == max-1 && len(ns) > max:
			fmt.Fprintf(&b, ", ... or %d", ns[len(ns)-1])
			return b.String()
		case i > 0 && i == len(ns)-1:
			b.WriteString(" or ")
		case i > 0:
			b.WriteString(", ")
		}
		fmt.Fprint(&b, n)
	}
	return b.String()
}

// HotLinesAtBases is the most lines the members hot on path occupy at any
// base of s (of read-mostly members only when readOnly is set), and the
// share of objects where they occupy that many.
func (s *Struct) HotLinesAtBases(path string, line int64, readOnly bool) (int, share) {
	worst, sh := -1, share{}
	for _, b := range s.Bases(line) {
		switch n := s.hotLinesAt(path, line, b.Offset, readOnly); {
		case n > worst:
			worst, sh = n, share{}
			sh.add(b)
		case n == worst:
			sh.add(b)
		}
	}
	return worst, sh
}

// WorstLinesEach is HotLinesAtBases's count for each of paths (without
// the share), from one pass over the hot members at each base: a struct
// hot on thousands of paths costs its members' marks, not its paths times
// its members.
func (s *Struct) WorstLinesEach(paths []string, line int64, readOnly bool) []int {
	index := make(map[string]int, len(paths))
	for i, p := range paths {
		index[p] = i
	}
	hot := s.hotMembers()
	worst := make([]int, len(paths))
	for i := range worst {
		worst[i] = -1
	}
	ranges := make([][]span, len(paths))
	for _, b := range s.Bases(line) {
		for i := range ranges {
			ranges[i] = ranges[i][:0]
		}
		for _, h := range hot {
			if readOnly && (h.m.Hot.Write || h.m.Hot.Guard != "") {
				continue
			}
			bs := h.m.bytes().shift(b.Offset)
			if bs.empty() {
				continue
			}
			sp := span{bs.firstLine(line), bs.lastLine(line) + 1}
			for _, p := range h.m.Hot.Paths {
				if i, ok := index[p]; ok {
					ranges[i] = append(ranges[i], sp)
				}
			}
		}
		for i := range ranges {
			worst[i] = max(worst[i], int(unionLength(ranges[i])))
		}
	}
	return worst
}

func (sh share) percent() int64 { return Base{Objects: sh.objects, Of: sh.of}.Percent() }

func (sh share) objectsWord() string {
	if sh.objects == sh.of {
		return "every heap object"
	}
	return fmt.Sprintf("%d%% of heap objects", sh.percent())
}

// BaseDependent reports whether the members hot on some path occupy more
// lines at some heap base of s than at another, at any of the line sizes.
func (s *Struct) BaseDependent(lines []int64) bool {
	for _, line := range lines {
		bases := s.Bases(line)
		if len(bases) < 2 {
			continue
		}
		for _, p := range s.Paths() {
			least := -1
			for _, b := range bases {
				n := s.hotLinesAt(p, line, b.Offset, false)
				if least >= 0 && n != least {
					return true
				}
				least = n
			}
		}
	}
	return false
}

// meanHotLines is the lines the members hot on path occupy, on average
// over s's heap objects.
func (s *Struct) meanHotLines(path string, line int64) float64 {
	return s.MeanLines(path, line, false)
}

// MeanLines is meanHotLines, without the parts that are guesses when
// sure is set.
func (s *Struct) MeanLines(path string, line int64, sure bool) float64 {
	var sum float64
	for _, b := range s.Bases(line) {
		sum += float64(s.linesAt(path, line, b.Offset, false, sure)) * float64(b.Objects) / float64(b.Of)
	}
	return sum
}
