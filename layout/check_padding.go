package layout

import (
	"fmt"
	"slices"
)

// CheckPadding reports separator pads that fail to separate or waste a line.
var CheckPadding = &Check{
	Rule: Rule{
		Name:      "padding",
		SARIFName: "IneffectivePadding",
		Summary:   "Separator padding fails to separate fields, or wastes a whole line",
		Help: "A separator pad (a blank or pad-named array, or a cache-line pad type, evidently meant to keep fields on " +
			"different lines: see docs/annotations.md; in binaries too) leaves " +
			"the fields around it on one line, or is a whole line longer than keeping them a pair of lines apart needs " +
			"(pairs, for x86's adjacent-line prefetcher). A pad at the end keeps an element of an array from the next " +
			"one, for Go types the code writes as elements, and else a heap object from the next object of its size " +
			"class; the pads of a lone object are never waste.\n\n" +
			"Size the pad from the line size, or remove the extra line.",
		Fix:      FixNone,
		Severity: "warning",
	},
	Run: runPadding,
}

func runPadding(pass *Pass) []Finding { return pass.Struct.paddingAtBases(pass.Line, pass.MaxLine) }

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

// paddingAtBases is padding at every base of s for pads between members:
// a pad that fails to separate at some bases is reported with the share
// of objects there. One declaration serves every object, so a pad wastes
// a line only where it does at every base, and by the least it wastes at
// any. A pad at the end separates an element of an array from the next,
// so the bases that matter are the elements', not a lone object's: it is
// checked as pahole would, from a line boundary.
func (s *Struct) paddingAtBases(line, maxLine int64) []Finding {
	between := func(at *Struct) []Finding {
		return slices.DeleteFunc(padding(at, line, maxLine), at.endPad)
	}
	fs := s.atBases(line, func(at *Struct) []Finding {
		return slices.DeleteFunc(between(at), func(f Finding) bool { return f.waste > 0 })
	})
	bases := s.Bases(line)
	var wastes []Finding
	if s.Alone && !s.PerCPU {
		// One object's pad costs a few bytes once; only the pads of
		// elements, paid in every one, are worth trimming.
		bases = nil
	}
	for k, b := range bases {
		at := s
		if len(bases) > 1 || b.Offset != 0 {
			at = s.at(b.Offset)
		}
		here := slices.DeleteFunc(between(at), func(f Finding) bool { return f.waste == 0 })
		if k == 0 {
			wastes = here
			continue
		}
		kept := wastes[:0]
		for _, w := range wastes {
			i := slices.IndexFunc(here, func(f Finding) bool { return f.Key == w.Key })
			if i < 0 {
				continue
			}
			if here[i].waste < w.waste {
				w = here[i]
			}
			kept = append(kept, w)
		}
		wastes = kept
	}
	fs = append(fs, wastes...)
	for _, f := range padding(s, line, maxLine) {
		if s.endPad(f) {
			fs = append(fs, f)
		}
	}
	if s.Alone && !s.PerCPU {
		return append(fs, s.loneEnd(line)...)
	}
	return append(fs, s.offLineElements(line)...)
}

// loneEnd finds an end pad of a struct the program keeps in objects of
// their own (Alone) that fails to keep the struct's last field off the
// line where the next object of its size class starts, at some heap base:
// that object may be anything of that size, written by anyone.
func (s *Struct) loneEnd(line int64) []Finding {
	if s.GlobalAlign > 0 {
		return s.globalEnd(line)
	}
	if s.Heap == nil || s.Size == 0 || len(s.InPlace) > 0 || s.Elements {
		return nil
	}
	pad, last := s.lastPad()
	if pad < 0 {
		return nil
	}
	p := s.Heap.Place(s.Size, s.Pointers)
	if p.Kind != PlaceSmall {
		return nil
	}
	if s.places(pad, line) {
		return nil
	}
	m, lm := &s.Members[pad], &s.Members[last]
	return s.atBases(line, func(at *Struct) []Finding {
		end := at.Members[last].End() - 1
		next := at.origin + p.Class.Size // where the next slot starts
		if end/line != next/line {
			return nil
		}
		return []Finding{newFinding(line, pad, []string{m.Name, lm.Label()}, m.Name+" after "+lm.Label(),
			fmt.Sprintf("padding %s %s (%d bytes) leaves %s on the line where the next object of the %d-byte size class starts",
				m.Name, m.Type, m.Size, lm.Label(), p.Class.Size), "")}
	})
}

// lastPad finds the pad that ends s, with nothing but pads after it, and
// the last member of some size before it; -1 and -1 when s ends in none.
func (s *Struct) lastPad() (pad, last int) {
	pad, last = -1, -1
	for i := range s.Members {
		switch m := &s.Members[i]; {
		case separates(m):
			pad = i
		case m.Size > 0:
			last, pad = i, -1
		}
	}
	if pad < 0 || last < 0 {
		return -1, -1
	}
	return pad, last
}

// globalEnd is loneEnd for a struct whose values are package-level
// variables (GlobalAlign): the linker starts the next variable, one no
// smaller, at the first multiple of its alignment, at least GlobalAlign,
// past the end of this one.
func (s *Struct) globalEnd(line int64) []Finding {
	pad, last := s.lastPad()
	if pad < 0 || s.Size == 0 {
		return nil
	}
	m, lm := &s.Members[pad], &s.Members[last]
	align := s.GlobalAlign
	return s.atBases(line, func(at *Struct) []Finding {
		end := at.Members[last].End() - 1
		next := AlignUp(at.origin+s.Size, align)
		if end/line != next/line {
			return nil
		}
		return []Finding{newFinding(line, pad, []string{m.Name, lm.Label()}, m.Name+" after "+lm.Label(),
			fmt.Sprintf("padding %s %s (%d bytes) leaves %s on the line where the next package-level variable may start",
				m.Name, m.Type, m.Size, lm.Label()), "")}
	})
}

// places reports whether the pads from member pad to the end place s's
// heap objects rather than separate them from the next: without them, s
// would be in a size class where some path's hot fields take more lines on
// average (the pads reorg's growToLine adds, which a fix writes). Such a
// pad is judged by what it buys there, not as a separator.
func (s *Struct) places(pad int, line int64) bool {
	without := *s
	without.Size = AlignUp(s.Members[pad].Offset, max(s.Align, 1))
	if s.Heap.Place(without.Size, s.Pointers).Class == s.Heap.Place(s.Size, s.Pointers).Class {
		return false
	}
	return slices.ContainsFunc(s.Paths(), func(path string) bool {
		return s.meanHotLines(path, line) < without.meanHotLines(path, line)
	})
}

// offLineElements finds a struct padded to whole lines, so that elements
// of an array of it each have lines of their own, whose elements a slice
// from make does not start on a line: the malloc header of a slice of
// pointer-holding elements, or a size class that is not whole lines, moves
// every element off. That costs only where the fields of an element then
// span more lines, one shared with the next element's fields: a pad that
// keeps 24 bytes of fields in a 64-byte element still keeps them on a line
// of their own 8 bytes past one, and 64 bytes of fields padded to 128
// keep a line of pad from the next element's.
func (s *Struct) offLineElements(line int64) []Finding {
	if s.Heap == nil || s.Size == 0 || s.Size%line != 0 || s.origin != 0 {
		return nil
	}
	pad := slices.IndexFunc(s.Members, func(m Member) bool { return m.Padding })
	if pad < 0 {
		return nil
	}
	fields := span{s.Size, 0}
	for i := range s.Members {
		if m := &s.Members[i]; !m.Padding && m.Size > 0 {
			fields.lo, fields.hi = min(fields.lo, m.Offset), max(fields.hi, m.End())
		}
	}
	if fields.empty() {
		return nil
	}
	linesAt := func(base int64) int64 {
		f := fields.shift(base)
		return f.lastLine(line) - f.firstLine(line) + 1
	}
	// The extra line costs only when the next element's fields are on
	// it: a pad of a whole line between elements keeps them apart still.
	sharesNext := func(base int64) bool {
		return fields.shift(base).lastLine(line) == fields.shift(base+s.Size).firstLine(line)
	}
	// Lengths whose slices are small objects; larger ones start on a page.
	// Elements are whole lines, so all of a slice's start where it does.
	var off []int64
	var at int64
	maxLen := (s.Heap.MaxSmallSize-s.Heap.MallocHeaderSize)/s.Size + 1
	for n := int64(1); n <= maxLen; n++ {
		for _, b := range s.Heap.Bases(n*s.Size, s.Pointers, line) {
			if linesAt(b.Offset) > linesAt(0) && sharesNext(b.Offset) {
				if len(off) == 0 {
					at = b.Offset
				}
				off = append(off, n)
				break
			}
		}
	}
	// A few lengths are chance (GOMAXPROCS = 5): it must hold for most
	// lengths from the first it holds for.
	if len(off) == 0 || 2*int64(len(off)) < maxLen-off[0]+1 {
		return nil
	}
	lengths := fmt.Sprintf("n from %d to %d", off[0], off[len(off)-1])
	if int64(len(off)) != off[len(off)-1]-off[0]+1 {
		lengths = fmt.Sprintf("%d lengths n from %d to %d", len(off), off[0], off[len(off)-1])
	}
	why := fmt.Sprintf("the %d-byte malloc header", s.Heap.MallocHeaderSize)
	if p := s.Heap.Place(off[0]*s.Size, s.Pointers); p.Header == 0 {
		why = fmt.Sprintf("the %d-byte size class", p.Class.Size)
	}
	m := &s.Members[pad]
	return []Finding{newFinding(line, pad, []string{m.Name}, "elements",
		fmt.Sprintf("%s is padded to %d bytes, whole lines, but make([]%s, n) for %s starts elements off a line (%d bytes past one, after %s), so the fields of each span %d lines, not %d, one of them with the next element's",
			s.Name, s.Size, s.Name, lengths, at, why, linesAt(at), linesAt(0)), "")}
}

// endPad reports whether padding finding f is about a pad with nothing
// but padding after it.
func (s *Struct) endPad(f Finding) bool {
	for _, m := range s.Members[f.Member+1:] {
		if !m.Padding && m.Size > 0 {
			return false
		}
	}
	return true
}
