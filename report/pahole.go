package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
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
	// expandNameSpacing is the name column of pahole -E, unions' too.
	expandNameSpacing = 55
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
	// expand prints the typedefs of members' types and the members of
	// their structs and unions inline, as pahole -E (layout.Expansion).
	expand bool
	// cacheline is the last cacheline whose boundary was printed.
	cacheline int64
	// newline says a blank line was just printed after a comment.
	newline bool
	// written counts the bytes printed: pahole places the offset comment
	// of a struct expanded inline by what the expansion took.
	written int
	// unions counts the unions the member being printed is inside.
	unions int
	// pointee says a struct pointed to is being printed (pointeeDef).
	pointee bool
	// narrow is what pahole takes from the type column besides the
	// levels: the "const " of the const structs it is inside.
	narrow int
	// stats says that a const struct expanded here prints its summary,
	// as pahole's does at the top level, where it keeps emit_stats.
	stats bool
	// inferred is the struct's AlignsInferred: zero-size members print
	// no aligned attribute.
	inferred bool
	// inUnion says the outermost type is a union, whose name column
	// pahole narrows at every level.
	inUnion bool
	// buf holds the member line being printed.
	buf []byte
	// arena holds the members shifted prints inline.
	arena []layout.Member
	err   error
}

func (p *printer) printf(format string, args ...any) {
	if p.err == nil {
		var n int
		n, p.err = fmt.Fprintf(p.w, format, args...)
		p.written += n
	}
}

// write writes s as printf("%s", s) does, without fmt: member lines,
// which -E prints by the million, go through here.
func (p *printer) write(s []byte) {
	if p.err == nil {
		var n int
		n, p.err = p.w.Write(s)
		p.written += n
	}
}

// spaces holds the padding that appendSpaces appends.
const spaces = "                                                                "

// appendSpaces appends n spaces to b.
func appendSpaces(b []byte, n int) []byte {
	for n > len(spaces) {
		b = append(b, spaces...)
		n -= len(spaces)
	}
	return append(b, spaces[:max(n, 0)]...)
}

// padRight pads s with spaces to width, as C's %-*s.
func padRight(s string, width int) string {
	if len(s) >= width {
		return s
	}
	return string(appendSpaces([]byte(s), width-len(s)))
}

func tabs(n int) string { return strings.Repeat("\t", n) }

// maxIndent is the deepest indentation pahole prints, in tabs.
const maxIndent = 16

func abs(n int) int { return max(n, -n) }

// column pads typ to the type column, width wide, as pahole does: the
// width of a struct, union or enum type is that of its name, after the
// keyword, and that of a const type that after the "const "; C's printf
// takes a negative width as a positive one, left-justified.
func column(typ string, width int) string {
	if rest, ok := strings.CutPrefix(typ, "const "); ok && !strings.HasSuffix(typ, "*") && !strings.Contains(typ, "(") {
		// Not a pointer, whose name pahole prints whole.
		return "const " + column(rest, width-len("const "))
	}
	for _, kw := range []string{"struct ", "union ", "enum "} {
		if rest, ok := strings.CutPrefix(typ, kw); ok && !strings.ContainsAny(rest, " *(&") {
			return kw + padRight(rest, abs(width-len(kw)))
		}
	}
	if rest, ok := strings.CutPrefix(typ, "class "); ok && className(rest) {
		// pahole's width for a class is that of a struct, one short.
		return "class " + padRight(rest, abs(width-len("struct ")))
	}
	return padRight(typ, abs(width))
}

// className reports whether s, after "class " or "struct ", names the type
// itself, not a pointer, reference or array of it or a function returning
// it: "map<int, std::string>" and "function<void(int)>" do, "Point *",
// "Point &" and "Point[4]" do not.
func className(s string) bool {
	if s == "" {
		return false
	}
	c := s[len(s)-1]
	return c == '>' || c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// qualified spells typ as pahole's type column has it: a type whose
// outermost part is volatile or _Atomic keeps the space after it that
// pahole's names of qualified types end in, which shows where the
// column is too narrow for it.
func qualified(typ string) string {
	t := strings.TrimPrefix(typ, "const ")
	if (strings.HasPrefix(t, "volatile ") || strings.HasPrefix(t, "_Atomic ")) && !strings.HasSuffix(t, "*") && !strings.HasSuffix(t, ")") {
		return typ + " "
	}
	return typ
}

// stats are the sums pahole's summary prints for the top-level body.
type stats struct {
	sum, sumBits          int64
	holes, sumHoles       int64
	bitHoles, sumBitHoles int64
	paddings, sumPaddings int64
	forced, forcedHoles   int64
	sumForcedHoles        int64
	padding, bitPadding   int64
}

// structText prints s in pahole's format, with extra lines at the end of
// the summary.
func (p *printer) structText(s *layout.Struct, name string, extra ...string) {
	p.cacheline, p.newline, p.stats, p.inferred = 0, false, true, s.AlignsInferred
	p.inUnion = s.Kind == layout.KindUnion
	if len(s.BaseClasses) > 0 {
		name += " : " + strings.Join(s.BaseClasses, ", ")
	}
	p.printf("%s %s {\n", s.Keyword(), name)
	st := p.body(s.Members, 0, s.Size, s.Kind == layout.KindUnion, 1, defaultAccess(s))
	if s.Kind == layout.KindUnion {
		// pahole prints no summary for a union.
		for _, e := range extra {
			p.printf("%s%s\n", tabs(1), e)
		}
		p.printf("};\n") // and no attributes
		return
	}
	t := tabs(1)
	p.summary(s, st, t, 0)
	for _, e := range extra {
		p.printf("%s%s\n", t, e)
	}
	p.printf("}%s;\n", structAttrs(s, st))
}

// summary prints pahole's summary of the struct s, whose body st counts,
// at indentation t and base bytes into the outermost struct.
func (p *printer) summary(s *layout.Struct, st stats, t string, base int64) {
	// Always after a blank line, a comment the last member left too.
	p.printf("\n%s/* size: %d, cachelines: %d, members: %d */\n", t, s.Size, s.Lines(p.line), len(s.Members))
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
	if st.forced > 0 {
		p.printf("%s/* forced alignments: %d", t, st.forced)
		if st.forcedHoles > 0 {
			p.printf(", forced holes: %d, sum forced holes: %d", st.forcedHoles, st.sumForcedHoles)
		}
		p.printf(" */\n")
	}
	if last := (base + s.Size) % p.line; last != 0 {
		p.printf("%s/* last cacheline: %d bytes */\n", t, last)
	}
}

// structAttrs is what pahole prints after the closing brace.
func structAttrs(s *layout.Struct, st stats) string {
	return packedAttr(s, st) + alignedAttr(s, st)
}

// packed is pahole's packed attribute, as printed after a closing brace.
const packed = " __attribute__((__packed__))"

func packedAttr(s *layout.Struct, st stats) string {
	if s.Packed && st.sumHoles == 0 && st.padding == 0 {
		return packed
	}
	return ""
}

// alignedAttr is s's aligned attribute, which pahole leaves out where it
// prints the packed one.
func alignedAttr(s *layout.Struct, st stats) string {
	if s.AlignAttr > 0 && packedAttr(s, st) == "" {
		return aligned(s.AlignAttr)
	}
	return ""
}

// aligned is pahole's aligned attribute for alignment a.
func aligned(a int64) string {
	return " __attribute__((__aligned__(" + strconv.FormatInt(a, 10) + ")))"
}

// defaultAccess is the access of the members of s that their declaration
// gives none.
func defaultAccess(s *layout.Struct) string {
	if s.Class {
		return "private"
	}
	return "public"
}

// body prints the members of one body at nesting level (1 for the top),
// whose members' access is access where they do not say.
func (p *printer) body(ms []layout.Member, base, size int64, union bool, level int, access string) stats {
	var st stats
	var g gaps
	if !union {
		g = findHoles(ms, base, size)
		st.padding, st.bitPadding = g.padding, g.bitPadding
	} else {
		p.unions++
		defer func() { p.unions-- }()
	}
	t := tabs(min(level, maxIndent))
	// pahole takes 8 from the type column per level, past 0 (column).
	ts := typeSpacing - 8*(level-1) - p.narrow
	ns := nameSpacing
	switch {
	case p.expand:
		ns = expandNameSpacing
	case p.inUnion:
		ns = unionNameSpacing
	}
	// Each member of a union starts over from the union's cacheline.
	// And after the last: the member after the union prints again a
	// boundary its members crossed.
	startLine := p.cacheline
	if union {
		defer func() { p.cacheline = startLine }()
	}
	var runSize int64 // see betweenMembers
	for i := range ms {
		m := &ms[i]
		if union {
			p.cacheline = startLine
		}
		forced := m.AlignAttr > 0 && (m.Size > 0 || !p.inferred)
		if m.Access != "" && m.Access != access && !union {
			// A C++ access label, before what a hole left pending
			// (pahole prints it so). pahole prints only the access
			// DWARF gives, which is not the default's: a private
			// member after a public one shows no "private:" there.
			access = m.Access
			p.printf("%s%s:\n\n", tabs(min(level, maxIndent)-1), access)
		}
		if !union {
			p.betweenMembers(ms, i, g, runSize, t, ts)
		}
		if last := prev(ms, i); last == nil || runSize == 0 || m.Offset != last.Offset || last.BitSize == 0 && m.BitSize > 0 {
			runSize = m.Size
		}
		if p.newline {
			p.printf("\n")
			p.newline = false
		}
		p.boundary(m, t)
		decl, pad := p.memberDecl(m, forced, t, level, ts, ns)
		p.memberLine(m, t, decl, pad)
		st.count(m, forced, i, g)
		if !union {
			// pahole notes padding and holes in structs only.
			p.afterMember(m, i, g, t, &st)
		}
	}
	return st
}

// betweenMembers prints pahole's comments between members ms[i-1] and
// ms[i] of a struct, as __class__fprintf decides them from the member
// before and runSize, the size of the first member at the offset of the
// ones before (a bit-field's unit after a member it shares the offset
// with).
func (p *printer) betweenMembers(ms []layout.Member, i int, g gaps, runSize int64, t string, ts int) {
	m := &ms[i]
	last := prev(ms, i)
	if last == nil || runSize == 0 || m.Name == "<ancestor>" {
		return
	}
	if g.bitHole[i-1] > 0 && m.BitSize > 0 {
		// A bit hole before a bit-field: in the same unit, an
		// explicit filler (unsigned :5); in the next, the unit change
		// as a zero-width bit-field.
		width := g.bitHole[i-1]
		if m.Offset != last.Offset {
			p.printf("\n%s/* Force alignment to the next boundary: */\n", t)
			width = 0
		}
		typedefs, typ := p.resolved(m)
		p.printf("%s%s%s :%d;\n", t, typedefs, column(qualified(typeColumn(typ)), ts), width)
		p.newline = true
	}
	if m.Offset < last.Offset || m.Offset == last.Offset && last.BitSize == 0 && m.BitSize > 0 {
		p.comment(t, "/* Bitfield combined with previous fields */")
	} else if ahead := m.Offset - last.Offset; ahead > 0 && ahead < runSize {
		p.comment(t, "/* Bitfield combined with next fields */")
	}
}

// boundary prints the cacheline boundary m is the first member past.
func (p *printer) boundary(m *layout.Member, t string) {
	cl := m.Offset / p.line
	if cl <= p.cacheline {
		return
	}
	if pos := m.Offset % p.line; pos == 0 {
		p.printf("%s/* --- cacheline %d boundary (%d bytes) --- */\n", t, cl, m.Offset)
	} else {
		p.printf("%s/* --- cacheline %d boundary (%d bytes) was %d byte%s ago --- */\n", t, cl, m.Offset-pos, pos, plural(pos))
	}
	p.cacheline = cl
}

// memberDecl is m's declaration, printing a nested body on the way, and
// the spaces before its offset comment.
func (p *printer) memberDecl(m *layout.Member, forced bool, t string, level, ts, ns int) (decl string, pad int) {
	if x := m.Expansion; p.expand && x != nil && x.Def != nil {
		// pahole counts the whole expansion, from after the
		// indentation, into the column of the offset comment.
		start := p.written + len(t)
		decl = p.expandDef(m, forced, t, level)
		return decl, max(ts+ns-(p.written-start+len(t)+len(decl)), 1)
	} else if x != nil && x.Enum != nil && (p.expand || len(x.Typedefs) == 0) {
		return p.enumDef(m, forced, t, ts+ns)
	} else if x != nil && x.Pointee != nil {
		// pahole counts the body into the member's width: the offset
		// comment follows one space after.
		return p.pointeeDef(m, forced, t, level), 1
	} else if kw, dims, ok := block(m.Type); ok {
		return p.blockDecl(m, forced, kw, dims, t, level, ts, ns)
	}
	typedefs, typ := p.resolved(m)
	if p.unions > 0 && strings.HasSuffix(typ, "[]") {
		// A flexible array of a struct expanded inside a union: pahole
		// prints "[]" in structs only.
		typ = strings.TrimSuffix(typ, "[]") + "[0]"
	}
	typ, name := split(typ, m.Name)
	typ = qualified(typ)
	if forced {
		name += aligned(m.AlignAttr)
	}
	if m.BitSize > 0 {
		name += ":" + strconv.FormatInt(m.BitSize, 10)
	}
	col := column(typ, ts)
	if strings.HasPrefix(name, "(") {
		// A function pointer's return type, which pahole pads whole, a
		// class's too.
		col = padRight(typ, abs(ts))
	}
	decl = typedefs + col + " " + name + ";"
	if m.Name == "<ancestor>" {
		// pahole prints a C++ base class as a comment: it is no member
		// a declaration could name.
		decl = "/* " + decl + " */"
	}
	return decl, max(ts+ns-len(decl), 1)
}

// blockDecl prints the body of m, a struct or union written in place
// (kw, with dims when an array of them), and returns what closes it and
// the spaces before its offset comment.
func (p *printer) blockDecl(m *layout.Member, forced bool, kw, dims, t string, level, ts, ns int) (decl string, pad int) {
	start := p.written + len(t)
	p.printf("%s%s {\n", t, kw)
	size := m.Size
	if m.ElemSize > 0 {
		size = m.ElemSize // Inner holds the first element
	}
	// A const struct's body prints as an expanded one's (expandDef):
	// narrower, with the summary where pahole keeps printing them, the
	// offset comment placed by all it printed.
	consts := len("const ") * strings.Count(kw, "const ")
	union := strings.HasSuffix(kw, "union")
	stats := p.stats
	p.stats = stats && consts > 0
	p.narrow += consts
	st := p.body(m.Inner, m.Offset, size, union, level+1, "public")
	p.narrow -= consts
	if p.stats && !union {
		p.summary(&layout.Struct{Size: size, Members: m.Inner}, st, tabs(min(level+1, maxIndent)), m.Offset)
	}
	p.stats = stats
	p.newline = false
	// pahole places the offset comment by the name, the member's
	// aligned attribute and the struct's packed one, not by the
	// struct's aligned one.
	decl = "}"
	counted := -1
	if x := m.Expansion; x != nil && strings.HasSuffix(kw, "struct") {
		if x.Packed && st.sumHoles == 0 && st.padding == 0 {
			decl += packed
			counted += len(packed) // pahole counts its sizeof: the NUL for our space
		} else if x.AlignAttr > 0 {
			decl += aligned(x.AlignAttr)
		}
	}
	if m.Name != "" {
		decl += " " + m.Name + dims
		counted += 1 + len(m.Name)
	}
	if forced {
		decl += aligned(m.AlignAttr)
		counted += len(aligned(m.AlignAttr))
	}
	decl += ";"
	if dims == "" && consts == 0 {
		// pahole's width is unchecked here: negative, it is taken as
		// positive.
		return decl, max(abs(ts+ns-3-counted), 1)
	}
	// An array's: counted as for an expanded struct.
	return decl, max(ts+ns-(p.written-start+len(t)+len(decl)), 1)
}

// memberLine prints m's line: its declaration, then its offset and size.
func (p *printer) memberLine(m *layout.Member, t, decl string, pad int) {
	b := append(append(p.buf[:0], t...), decl...)
	b = append(appendSpaces(b, pad), "/* "...)
	if m.BitSize > 0 {
		b = p.appendNum(b, m.Offset, 5)
		b = p.appendNum(append(b, ':'), m.BitOffset-m.Offset*8, 2)
		b = p.appendNum(append(b, ' '), m.Size, 2)
	} else {
		b = p.appendNum(b, m.Offset, 5)
		b = p.appendNum(append(b, ' '), m.Size, 5)
	}
	b = append(b, " */"...)
	if p.annotate {
		if a := memberNote(m); a != "" {
			b = append(append(append(b, " /* "...), a...), " */"...)
		}
	}
	p.buf = append(b, '\n')
	p.write(p.buf)
}

// count adds m, member i of a body with gaps g, to the body's sums.
func (st *stats) count(m *layout.Member, forced bool, i int, g gaps) {
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
}

// afterMember prints pahole's notes after member i of a struct: the
// padding its type ends in, and the bit and byte holes after it.
func (p *printer) afterMember(m *layout.Member, i int, g gaps, t string, st *stats) {
	if pad := p.typePadding(m); pad > 0 {
		st.paddings++
		st.sumPaddings += pad
		p.comment(t, fmt.Sprintf("/* XXX last struct has %d byte%s of padding */", pad, plural(pad)))
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

// resolved is how pahole prints m's type: with -E, its typedefs as a
// comment and the type they resolve to.
func (p *printer) resolved(m *layout.Member) (typedefs, typ string) {
	x := m.Expansion
	if !p.expand || x == nil || len(x.Typedefs) == 0 {
		return "", m.Type
	}
	return "/* typedef " + strings.Join(x.Typedefs, " -> ") + " */ ", x.Resolved
}

// expandDef prints, as pahole -E does, the header and the members of the
// struct or union m is (or is the first element of), at their offsets in
// the outermost struct, and returns the declaration that closes it. A
// struct reached through a typedef or an array is followed by a space
// before the name, one used directly is not (pahole prints the name
// after the type in one case, as the type's suffix in the other).
func (p *printer) expandDef(m *layout.Member, forced bool, t string, level int) string {
	d := m.Expansion.Def
	typedefs, typ := p.resolved(m)
	dims := ""
	if i := arrayDims(typ); i >= 0 {
		dims = typ[i:]
		if p.unions > 0 && strings.HasPrefix(dims, "[]") {
			dims = "[0]" + dims[2:] // see body
		}
	}
	header := d.Keyword()
	if d.Name != "" {
		header += " " + d.Name
	}
	// pahole prints a const struct's body with the type column narrower
	// by the "const ", with the summary where it keeps printing them (its
	// emit_stats), and then loses the member's name.
	var consts string
	if typedefs == "" {
		consts = strings.Repeat("const ", strings.Count(typ, "const "))
	}
	isConst := consts != ""
	p.narrow += len(consts)
	defer func() { p.narrow -= len(consts) }()
	p.printf("%s%s%s%s {\n", t, typedefs, consts, header)
	annotate, stats := p.annotate, p.stats
	p.annotate = false // hot marks are the outermost struct's
	p.stats = stats && isConst
	union := d.Kind == layout.KindUnion
	mark := len(p.arena)
	ms, base := p.shifted(d.Members, m.Offset), m.Offset
	if p.pointee {
		// Inside a struct pointed to, pahole prints every offset from
		// the start of the struct that holds the member.
		ms, base = d.Members, 0
	}
	st := p.body(ms, base, d.Size, union, level+1, defaultAccess(d))
	p.arena = p.arena[:mark]
	if p.stats && !union {
		p.summary(d, st, tabs(min(level+1, maxIndent)), m.Offset)
	}
	p.annotate, p.stats = annotate, stats
	p.newline = false
	var b strings.Builder
	b.WriteString("}")
	if !union {
		b.WriteString(packedAttr(d, st))
	}
	suffix := typedefs != "" || dims != ""
	if suffix && !isConst {
		b.WriteString(" " + m.Name)
	}
	if !union {
		b.WriteString(alignedAttr(d, st))
	}
	if !suffix && !isConst {
		b.WriteString(m.Name)
	}
	b.WriteString(dims)
	if forced {
		b.WriteString(aligned(m.AlignAttr))
	}
	b.WriteString(";")
	return b.String()
}

// pointeeDef prints, as pahole does, the body of the unnamed struct or
// union m points to, its offsets from its own start and its type column
// narrower by a level more, without hot marks or summary, and returns the
// declaration that closes it.
func (p *printer) pointeeDef(m *layout.Member, forced bool, t string, level int) string {
	d := m.Expansion.Pointee
	p.printf("%s%s {\n", t, d.Keyword())
	annotate, stats, cacheline, pointee := p.annotate, p.stats, p.cacheline, p.pointee
	p.annotate, p.stats, p.cacheline, p.pointee = false, false, 0, true
	p.narrow += 8
	union := d.Kind == layout.KindUnion
	st := p.body(d.Members, 0, d.Size, union, level+1, defaultAccess(d))
	p.narrow -= 8
	p.annotate, p.stats, p.cacheline, p.pointee = annotate, stats, cacheline, pointee
	p.newline = false
	decl := "}"
	if !union {
		decl += packedAttr(d, st)
	}
	decl += " * " + m.Name
	if !union {
		decl += alignedAttr(d, st)
	}
	if forced {
		decl += aligned(m.AlignAttr)
	}
	return decl + ";"
}

// enumDef prints, as pahole does, the header and the enumerators of the
// unnamed enum m is, or is an array of, and returns the declaration that
// closes it and the spaces before the offset comment, whose column is
// width.
func (p *printer) enumDef(m *layout.Member, forced bool, t string, width int) (string, int) {
	e := m.Expansion.Enum
	typedefs, typ := p.resolved(m)
	start := p.written + len(t)
	p.printf("%s%senum {\n", t, typedefs)
	w := 0
	for _, v := range e.Enumerators {
		w = max(w, len(v.Name))
	}
	in := tabs(min(len(t)+1, maxIndent))
	for _, v := range e.Enumerators {
		p.printf("%s%-*s = %s,\n", in, w, v.Name, p.enumValue(e, v.Value))
	}
	decl := "}"
	if e.Size != 4 {
		decl += packed
	}
	_, name := split(typ, m.Name)
	decl += " " + name
	counted := len(m.Name)
	if forced {
		decl += aligned(m.AlignAttr)
		counted += len(aligned(m.AlignAttr))
	}
	if m.BitSize > 0 {
		decl += ":" + strconv.FormatInt(m.BitSize, 10)
	}
	decl += ";"
	if typedefs != "" {
		// Counted as for an expanded struct.
		return decl, max(width-(p.written-start+len(t)+len(decl)), 1)
	}
	// As for an unnamed struct (body), by the name and attribute only.
	return decl, max(abs(width-3-counted), 1)
}

// shifted returns a copy of ms with offsets base bytes further, for
// printing a struct's members where it lies inside another. The copy is
// in p.arena, which the caller truncates back once it has printed them:
// -E copies a struct's members each time it prints it inline.
func (p *printer) shifted(ms []layout.Member, base int64) []layout.Member {
	start := len(p.arena)
	p.arena = append(p.arena, ms...)
	out := p.arena[start:len(p.arena):len(p.arena)]
	for i := range out {
		m := &out[i]
		m.Offset += base
		m.BitOffset += base * 8
		if len(m.Inner) > 0 {
			m.Inner = p.shifted(m.Inner, base)
		}
	}
	return out
}

// num spells an offset or size in a member's comment: decimal, or with
// hex as C's %#x does (0 without a prefix).
// enumValue spells an enumerator's value as pahole 1.24 does: from BTF,
// unsigned at the enum's size; from DWARF, as its form gives it.
func (p *printer) enumValue(e *layout.Enum, v int64) string {
	if !e.Unsigned {
		return p.num(v)
	}
	u := uint64(v)
	if e.Size > 0 && e.Size < 8 {
		u &= 1<<(8*e.Size) - 1
	}
	if u > math.MaxInt64 {
		return strconv.FormatUint(u, 10)
	}
	return p.num(int64(u))
}

func (p *printer) num(n int64) string {
	return string(p.appendNum(nil, n, 0))
}

// appendNum appends num(n) to b, right-justified in width.
func (p *printer) appendNum(b []byte, n int64, width int) []byte {
	var buf [24]byte
	d := buf[:0]
	if p.hex && n != 0 {
		if n < 0 {
			d, n = append(d, '-'), -n
		}
		d = strconv.AppendInt(append(d, "0x"...), n, 16)
	} else {
		d = strconv.AppendInt(d, n, 10)
	}
	return append(appendSpaces(b, width-len(d)), d...)
}

// prev is the member before ms[i], nil for the first.
func prev(ms []layout.Member, i int) *layout.Member {
	if i == 0 {
		return nil
	}
	return &ms[i-1]
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
// pointer ("void (*)(int)" → "void", "(*fn)(int)") or function type
// ("void ()(int)" → "void", "(fn)(int)") or before array
// dimensions ("char[16]" → "char", "name[16]").
func split(typ, name string) (string, string) {
	if i := strings.Index(typ, "(*)"); i >= 0 {
		return strings.TrimRight(typ[:i], " "), "(*" + name + ")" + typ[i+3:]
	}
	if i := strings.Index(typ, " ()("); i >= 0 && !strings.HasSuffix(typ, "*") {
		// A function type, not a pointer to one: a Go func typedef.
		// (A C++ vtable pointer, "int ()(void) * *", keeps its name
		// after the type, as pahole prints it.)
		return typ[:i], "(" + name + ")" + typ[i+3:]
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

// typePadding is the tail padding of m's struct type, which pahole notes
// after the member.
func (p *printer) typePadding(m *layout.Member) int64 {
	if kw, dims, ok := block(m.Type); ok {
		if kw != "struct" || dims != "" {
			return 0 // pahole looks at a struct member, not an array or qualified one
		}
		return findHoles(m.Inner, m.Offset, m.Size).padding
	}
	name, ok := strings.CutPrefix(m.Type, "struct ")
	if !ok {
		name, ok = strings.CutPrefix(m.Type, "class ")
	}
	if !ok || !className(name) {
		return 0 // a pointer, an array, a function pointer
	}
	var t *layout.Struct
	switch {
	case m.Expansion != nil && m.Expansion.Def != nil:
		t = m.Expansion.Def
	case p.lookup != nil:
		t = p.lookup(m.Type)
	}
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
	if m.Hot != nil && m.Hot.Guard != "" {
		parts = append(parts, "guard: "+m.Hot.Guard)
	}
	if m.Hot != nil && m.Hot.OuterGuard != "" {
		parts = append(parts, "guard: "+m.Hot.OuterGuard+" (outside)")
	}
	if m.Group != "" {
		parts = append(parts, "group: "+m.Group)
	}
	return strings.Join(parts, ", ")
}

// Expanded counts the member lines that printing s with ExpandTypes
// takes, each struct counted as often as it is printed inline, stopping
// past limit: a struct of structs shared at every level doubles them at
// each. Counts of the structs met are kept in seen, so that counting is
// linear in the types, however often they are printed.
func Expanded(s *layout.Struct, limit int64, seen map[*layout.Struct]int64) int64 {
	return expanded(s.Members, limit, seen)
}

func expanded(ms []layout.Member, limit int64, seen map[*layout.Struct]int64) int64 {
	var n int64
	for i := range ms {
		m := &ms[i]
		n += 1 + expanded(m.Inner, limit, seen)
		if x := m.Expansion; x != nil && x.Def != nil {
			d := x.Def
			c, ok := seen[d]
			if !ok {
				c = expanded(d.Members, limit, seen)
				seen[d] = c
			}
			n += c
		}
		if n > limit {
			return limit + 1
		}
	}
	return n
}
