package report

import (
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// pahole's columns (dwarves_fprintf.c, conf_fprintf defaults): the type is
// padded to typeSpacing, the name and ";" to typeSpacing+nameSpacing, each
// nesting level taking 8 from the type column. The members of a top-level
// union get 2 less.
const (
	typeSpacing      = 26
	nameSpacing      = 23
	unionNameSpacing = 21
)

// printer writes struct bodies as pahole 1.24 prints them, with cachelint's
// annotations appended to member lines when annotate is set.
type printer struct {
	w        io.Writer
	line     int64
	lookup   func(typ string) *layout.Struct
	annotate bool
	// hex prints offsets and sizes in hexadecimal, as pahole --hex.
	hex bool
	// cacheline is the last cacheline whose boundary was printed.
	cacheline int64
	// newline says a blank line was just printed after a comment.
	newline bool
	err     error
}

func (p *printer) printf(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, args...)
	}
}

func tabs(n int) string { return strings.Repeat("\t", n) }

// stats are the sums pahole's summary prints for the top-level body.
type stats struct {
	sum, sumBits             int64
	holes, sumHoles          int64
	bitHoles, sumBitHoles    int64
	paddings, sumPaddings    int64
	forced, forcedHoles      int64
	sumForcedHoles           int64
	padding, bitPadding      int64
	maxNatural               int64
	memberCount              int
	holesFound, bitsInStruct bool
}

// structText prints s in pahole's format, with extra lines at the end of
// the summary.
func (p *printer) structText(s *layout.Struct, name string, extra ...string) {
	p.cacheline, p.newline = 0, false
	p.printf("%s %s {\n", s.Kind, name)
	st := p.body(s.Members, 0, s.Size, s.Kind == layout.KindUnion, 1)
	if s.Kind == layout.KindUnion {
		// pahole prints no summary for a union.
		for _, e := range extra {
			p.printf("%s%s\n", tabs(1), e)
		}
		p.printf("}%s;\n", structAttrs(s, st))
		return
	}
	if !p.newline {
		p.printf("\n")
	}
	t := tabs(1)
	p.printf("%s/* size: %d, cachelines: %d, members: %d */\n", t, s.Size, s.Lines(p.line), len(s.Members))
	if st.sumHoles > 0 || st.sumBitHoles > 0 {
		if st.sum > 0 {
			p.printf("%s/* sum members: %d", t, st.sum)
			if st.sumHoles > 0 {
				p.printf(", holes: %d, sum holes: %d", st.holes, st.sumHoles)
			}
			p.printf(" */\n")
		}
		if st.sumBits > 0 {
			p.printf("%s/* sum bitfield members: %d bits", t, st.sumBits)
			if st.sumBitHoles > 0 {
				p.printf(", bit holes: %d, sum bit holes: %d bits", st.bitHoles, st.sumBitHoles)
			} else {
				p.printf(" (%d bytes)", st.sumBits/8)
			}
			p.printf(" */\n")
		}
	}
	if st.padding > 0 {
		p.printf("%s/* padding: %d */\n", t, st.padding)
	}
	if st.paddings > 0 {
		p.printf("%s/* paddings: %d, sum paddings: %d */\n", t, st.paddings, st.sumPaddings)
	}
	if st.bitPadding > 0 {
		p.printf("%s/* bit_padding: %d bits */\n", t, st.bitPadding)
	}
	if last := s.Size % p.line; last != 0 {
		p.printf("%s/* last cacheline: %d bytes */\n", t, last)
	}
	if st.forced > 0 {
		p.printf("%s/* forced alignments: %d", t, st.forced)
		if st.forcedHoles > 0 {
			p.printf(", forced holes: %d, sum forced holes: %d", st.forcedHoles, st.sumForcedHoles)
		}
		p.printf(" */\n")
	}
	for _, e := range extra {
		p.printf("%s%s\n", t, e)
	}
	p.printf("}%s;\n", structAttrs(s, st))
}

// structAttrs is what pahole prints after the closing brace.
func structAttrs(s *layout.Struct, st stats) string {
	var b strings.Builder
	if s.Packed && st.sumHoles == 0 && st.padding == 0 {
		b.WriteString(" __attribute__((__packed__))")
	}
	natural := st.maxNatural
	if s.Packed {
		natural = 1 // members of a packed struct are unaligned
	}
	if s.Align > natural && s.Align > 1 {
		fmt.Fprintf(&b, " __attribute__((__aligned__(%d)))", s.Align)
	}
	return b.String()
}

// body prints the members of one body at nesting level (1 for the top).
func (p *printer) body(ms []layout.Member, base, size int64, union bool, level int) stats {
	var st stats
	var g gaps
	if !union {
		g = findHoles(ms, base, size)
		st.padding, st.bitPadding = g.padding, g.bitPadding
	}
	t := tabs(level)
	ts := max(typeSpacing-8*(level-1), 0)
	ns := nameSpacing
	if union && level == 1 {
		ns = unionNameSpacing
	}
	// Each member of a union starts over from the union's cacheline.
	startLine, maxLine := p.cacheline, p.cacheline
	defer func() { p.cacheline = max(p.cacheline, maxLine) }()
	for i := range ms {
		m := &ms[i]
		if union {
			maxLine = max(maxLine, p.cacheline)
			p.cacheline = startLine
		}
		nat := p.natural(m)
		st.maxNatural = max(st.maxNatural, nat)
		forced := m.Size > 0 && m.Align > nat
		if i > 0 {
			last := &ms[i-1]
			if !union && g.bitHole[i-1] > 0 && m.BitSize > 0 {
				// pahole shows the unit change as a zero-width bit-field.
				p.printf("\n%s/* Force alignment to the next boundary: */\n", t)
				p.printf("%s%-*s :0;\n", t, ts, typeColumn(m.Type))
				p.newline = true
				if m.Offset < last.End() && last.BitSize > 0 {
					p.comment(t, "/* Bitfield combined with next fields */")
				}
			} else if !union && last.BitSize > 0 && m.BitSize == 0 && m.Offset < last.End() {
				p.comment(t, "/* Bitfield combined with next fields */")
			} else if !union && last.BitSize == 0 && m.BitSize > 0 && m.Offset < last.End() {
				p.comment(t, "/* Bitfield combined with previous fields */")
			}
		}
		if p.newline {
			p.printf("\n")
			p.newline = false
		}
		if cl := m.Offset / p.line; cl > p.cacheline {
			if pos := m.Offset % p.line; pos == 0 {
				p.printf("%s/* --- cacheline %d boundary (%d bytes) --- */\n", t, cl, m.Offset)
			} else {
				p.printf("%s/* --- cacheline %d boundary (%d bytes) was %d bytes ago --- */\n", t, cl, m.Offset-pos, pos)
			}
			p.cacheline = cl
		}
		var decl string
		if kw, dims, ok := block(m.Type); ok {
			p.printf("%s%s {\n", t, kw)
			size := m.Size
			if m.ElemSize > 0 {
				size = m.ElemSize // Inner holds the first element
			}
			p.body(m.Inner, m.Offset, size, strings.HasSuffix(kw, "union"), level+1)
			p.newline = false
			decl = "}"
			if m.Name != "" {
				decl += " " + m.Name + dims
			}
			decl += ";"
		} else {
			typ, name := split(m.Type, m.Name)
			if forced {
				name += fmt.Sprintf(" __attribute__((__aligned__(%d)))", m.Align)
			}
			if m.BitSize > 0 {
				name += fmt.Sprintf(":%d", m.BitSize)
			}
			decl = fmt.Sprintf("%-*s %s;", ts, typ, name)
		}
		pad := max(ts+ns-len(decl), 1)
		if m.BitSize > 0 {
			p.printf("%s%s%*s/* %5s:%2s %2s */", t, decl, pad, "", p.num(m.Offset), p.num(m.BitOffset-m.Offset*8), p.num(m.Size))
		} else {
			p.printf("%s%s%*s/* %5s %5s */", t, decl, pad, "", p.num(m.Offset), p.num(m.Size))
		}
		if p.annotate {
			if a := memberNote(m); a != "" {
				p.printf(" /* %s */", a)
			}
		}
		p.printf("\n")

		if m.BitSize > 0 {
			st.sumBits += m.BitSize
		} else {
			st.sum += m.Size
		}
		if forced {
			st.forced++
			if i > 0 && g.hole != nil && g.hole[i-1] > 0 {
				st.forcedHoles++
				st.sumForcedHoles += g.hole[i-1]
			}
		}
		if pad := p.typePadding(m); pad > 0 {
			st.paddings++
			st.sumPaddings += pad
			p.comment(t, fmt.Sprintf("/* XXX last struct has %d byte%s of padding */", pad, plural(pad)))
		}
		if union {
			continue
		}
		if h := g.bitHole[i]; h > 0 {
			st.bitHoles++
			st.sumBitHoles += h
			p.comment(t, fmt.Sprintf("/* XXX %d bit%s hole, try to pack */", h, plural(h)))
		}
		if h := g.hole[i]; h > 0 {
			st.holes++
			st.sumHoles += h
			p.comment(t, fmt.Sprintf("/* XXX %d byte%s hole, try to pack */", h, plural(h)))
		}
	}
	return st
}

// num spells an offset or size in a member's comment: decimal, or with
// hex as C's %#x does (0 without a prefix).
func (p *printer) num(n int64) string {
	if p.hex && n != 0 {
		return fmt.Sprintf("%#x", n)
	}
	return fmt.Sprint(n)
}

// comment prints a comment line, after a blank line unless one was just
// printed, and asks for a blank line before what follows.
func (p *printer) comment(t, c string) {
	if !p.newline {
		p.printf("\n")
		p.newline = true
	}
	p.printf("%s%s\n", t, c)
}

func plural(n int64) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// block reports whether typ is an unnamed struct or union that pahole
// prints inline, with its keyword and array dimensions.
func block(typ string) (kw, dims string, ok bool) {
	kw, dims = typ, ""
	if i := strings.IndexByte(typ, '['); i >= 0 {
		kw, dims = typ[:i], typ[i:]
	}
	switch strings.TrimPrefix(strings.TrimPrefix(kw, "volatile "), "const ") {
	case "struct", "union":
		return kw, dims, true
	}
	return "", "", false
}

// split puts the member name where C declares it: inside a function
// pointer ("void (*)(int)" → "void", "(*fn)(int)") or before array
// dimensions ("char[16]" → "char", "name[16]").
func split(typ, name string) (string, string) {
	if i := strings.Index(typ, "(*)"); i >= 0 {
		return strings.TrimRight(typ[:i], " "), "(*" + name + ")" + typ[i+3:]
	}
	if i := arrayDims(typ); i >= 0 {
		return typ[:i], name + typ[i:]
	}
	return typ, name
}

// arrayDims is the index of the C array dimensions ending typ ("[16]",
// "[4][2]", "[]"), or -1: a Go type such as "struct []string" or
// "map[string]int" has brackets but no dimensions to move.
func arrayDims(typ string) int {
	i := len(typ)
	for strings.HasSuffix(typ[:i], "]") {
		j := strings.LastIndexByte(typ[:i], '[')
		if j < 0 || strings.Trim(typ[j+1:i-1], "0123456789") != "" {
			break
		}
		i = j
	}
	if i == len(typ) {
		return -1
	}
	return i
}

// typeColumn is the part of typ printed in the type column.
func typeColumn(typ string) string {
	t, _ := split(typ, "")
	return t
}

// natural is the alignment m's type has without an aligned attribute: the
// struct's own when its definition is known, else that of the largest
// power of two dividing the element size, as for scalars and pointers.
func (p *printer) natural(m *layout.Member) int64 {
	if _, _, ok := block(m.Type); ok || m.Size == 0 {
		return m.Align
	}
	if p.lookup != nil {
		if t := p.lookup(typeColumn(m.Type)); t != nil {
			return t.Align
		}
	}
	elem := m.Size
	if m.ElemSize > 0 {
		elem = m.ElemSize
	}
	if elem <= 0 {
		return m.Align
	}
	return min(int64(1)<<bits.TrailingZeros64(uint64(elem)), 16)
}

// typePadding is the tail padding of m's struct type, which pahole notes
// after the member.
func (p *printer) typePadding(m *layout.Member) int64 {
	if p.lookup == nil || !strings.HasPrefix(m.Type, "struct ") || strings.ContainsAny(m.Type, "*[(") {
		return 0
	}
	t := p.lookup(m.Type)
	if t == nil || t.Kind != layout.KindStruct {
		return 0
	}
	return findHoles(t.Members, 0, t.Size).padding
}

// memberNote is cachelint's comment on a member: its hot paths and group.
func memberNote(m *layout.Member) string {
	var parts []string
	if m.Hot != nil {
		mode := "read"
		if m.Hot.Write {
			mode = "write"
		}
		paths := m.Hot.Paths
		if slices.Equal(paths, []string{layout.DefaultPath}) {
			paths = nil // the struct's only fast path needs no name
		}
		parts = append(parts, "hot: "+strings.Join(append(slices.Clone(paths), mode), " "))
	}
	if m.Group != "" {
		parts = append(parts, "group: "+m.Group)
	}
	return strings.Join(parts, ", ")
}
