package csource

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// idioms are the words a rewrite writes for what a proposal adds: the
// kernel's where the file is written against the kernel's headers, a
// macro the file defines where it has one, GCC's attribute otherwise.
type idioms struct {
	f    *file
	line int64 // the cache line the kernel's cacheline macros stand for
}

// memberAlign is the attribute that aligns member m to n bytes.
func (id idioms) memberAlign(m *layout.Member, n int64) string {
	if name, ok := id.f.aligned[n]; ok {
		return name
	}
	if id.f.kernel {
		switch {
		case n == id.line && layout.IsGroupMarker(m.Name):
			return "____cacheline_aligned"
		case n == id.line:
			return "____cacheline_aligned_in_smp"
		}
		return fmt.Sprintf("__aligned(%d)", n)
	}
	return fmt.Sprintf("__attribute__((aligned(%d)))", n)
}

// structAlign is the attribute that aligns the struct to n bytes.
func (id idioms) structAlign(n int64) string {
	if name, ok := id.f.aligned[n]; ok {
		return name
	}
	if id.f.kernel {
		if n == id.line {
			return "____cacheline_aligned"
		}
		return fmt.Sprintf("__aligned(%d)", n)
	}
	return fmt.Sprintf("__attribute__((aligned(%d)))", n)
}

// padType is the type of a pad array: the kernel's u8 where the file
// uses it.
func (id idioms) padType() string {
	for _, t := range id.f.toks {
		if t.kind == tIdent && t.text == "u8" {
			return "u8"
		}
	}
	return "unsigned char"
}

// rewrite returns the lines from d.open+1 through d.close as p orders
// them: each element's lines moved as they are, an alignment attribute
// added where p aligns a member, a pad array where it pads, the members
// p drops (pad arrays the alignment replaces) gone, and the struct's
// alignment after its closing brace. s is the struct p reorganizes.
func (d *def) rewrite(s *layout.Struct, p *layout.Proposal, id idioms) ([]string, error) {
	f := d.f
	fail := func(line int, member, format string, args ...any) error {
		return &Error{File: f.path, Line: line + 1, Struct: d.name, Member: member, Msg: fmt.Sprintf(format, args...)}
	}
	elemOf := make([]*element, len(s.Members))
	for _, e := range d.elems {
		for _, i := range e.members {
			elemOf[i] = e
		}
	}
	kept := make([]bool, len(s.Members))
	for _, from := range p.From {
		if from >= 0 {
			kept[from] = true
		}
	}
	// An element whose members p drops goes, but not the comments and
	// blank lines before it: they stay before the element after it.
	dropped := map[*element]bool{}
	for k, e := range d.elems {
		n := 0
		for _, i := range e.members {
			if kept[i] {
				n++
			}
		}
		switch {
		case n == len(e.members):
			continue
		case n > 0 || e.block:
			i := slices.IndexFunc(e.members, func(i int) bool { return !kept[i] })
			return nil, fail(e.start, s.Members[e.members[i]].Label(), "the proposal drops it but not what %s declares with it", d.what(e))
		}
		dropped[e] = true
		if k+1 < len(d.elems) {
			d.elems[k+1].first = e.first
		}
	}
	unnamed := map[int][]*unnamedBits{}
	for _, e := range d.elems {
		if len(e.unnamed) > 0 {
			unnamed[e.members[0]] = e.unnamed
		}
	}
	pads, err := d.cLayout(s, p, unnamed)
	if err != nil {
		return nil, err
	}
	aligned := map[int]int64{} // original member → the alignment p gives it
	for _, i := range p.Aligned {
		aligned[p.From[i]] = p.Struct.Members[i].AlignAttr
	}
	padNames := map[string]bool{}
	for _, m := range s.Members {
		padNames[m.Name] = true
	}
	pad := 0
	indent := "\t"
	if len(d.elems) > 0 {
		line := f.text(d.elems[0].start)
		indent = line[:len(line)-len(strings.TrimLeft(line, " \t"))]
	}

	var out []string
	emitted := map[*element]bool{}
	var split *element // the element being written one declarator at a time
	for i := 0; i < len(p.Struct.Members); i++ {
		from := p.From[i]
		if from < 0 {
			name := ""
			for name == "" || padNames[name] {
				name = fmt.Sprintf("__pad_%d", pad)
				pad++
			}
			out = append(out, fmt.Sprintf("%s%s %s[%d];", indent, id.padType(), name, pads[i]))
			continue
		}
		e := elemOf[from]
		if emitted[e] {
			if e != split {
				return nil, fail(e.start, s.Members[from].Label(), "the proposal moves it away from what %s declares with it", d.what(e))
			}
			out = append(out, d.splitLine(e, from, aligned, s, id)...)
			continue
		}
		emitted[e] = true
		whole := len(e.members) <= len(p.From)-i
		for k, m := range e.members {
			whole = whole && p.From[i+k] == m
		}
		if whole {
			out = append(out, d.elementLines(e, aligned, s, id)...)
			i += len(e.members) - 1
			continue
		}
		if !e.splittable() {
			return nil, fail(e.start, s.Members[from].Label(), "the proposal moves it away from what %s declares with it", d.what(e))
		}
		split = e
		out = append(out, d.splitLine(e, from, aligned, s, id)...)
	}
	for _, e := range d.elems {
		if !emitted[e] && !dropped[e] {
			return nil, fail(e.start, s.Members[e.members[0]].Label(), "the proposal leaves it out")
		}
	}
	for l := d.tail; l < d.close; l++ {
		out = append(out, f.text(l))
	}
	closeLine := f.text(d.close)
	if p.Align > 0 && p.Align > s.AlignAttr {
		col := d.closeOff - f.lineOff[d.close] + 1
		closeLine = closeLine[:col] + " " + id.structAlign(p.Align) + closeLine[col:]
	}
	return append(out, closeLine), nil
}

// elementLines is e's lines with the alignments p gives its members.
func (d *def) elementLines(e *element, aligned map[int]int64, s *layout.Struct, id idioms) []string {
	f := d.f
	start, end := f.lineOff[e.first], f.lineOff[e.last+1]
	type insert struct {
		at   int
		text string
	}
	var ins []insert
	for _, i := range e.members {
		n, ok := aligned[i]
		if !ok {
			continue
		}
		m := &s.Members[i]
		for _, dc := range e.decls {
			for _, pt := range dc.parts {
				if pt.name == m.Name && m.Name != "" || m.Name == "" && pt.name == "" && pt.inner != nil {
					at := pt.end
					if len(dc.parts) == 1 {
						at = dc.semi()
					}
					ins = append(ins, insert{at, " " + id.memberAlign(m, n)})
				}
			}
		}
	}
	sort.SliceStable(ins, func(a, b int) bool { return ins[a].at > ins[b].at })
	text := string(f.src[start:end])
	for _, in := range ins {
		k := in.at - start
		text = text[:k] + in.text + text[k:]
	}
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n")
}

// splitLine is the declaration of member i alone, out of the element e
// that declares several names on one line: its type, its declarator,
// ';'. The first declarator keeps the lines before the declaration, what
// stands before it on its line, and the comment after it.
func (d *def) splitLine(e *element, i int, aligned map[int]int64, s *layout.Struct, id idioms) []string {
	f := d.f
	dc := e.decls[0]
	m := &s.Members[i]
	k := slices.IndexFunc(dc.parts, func(pt part) bool { return pt.name == m.Name })
	pt := dc.parts[k]
	lineStart := f.lineOff[dc.line]
	typ := string(f.src[dc.toks[0].off:dc.typeEnd])
	if dc.typeEnd == dc.toks[0].off {
		typ = ""
	}
	// The space between the type and the first declarator, as written.
	sep := typ[len(strings.TrimRight(typ, " \t\n")):]
	typ = strings.TrimRight(typ, " \t\n")
	if strings.Contains(sep, "\n") || sep == "" {
		sep = " "
	}
	attr := ""
	if n, ok := aligned[i]; ok {
		attr = " " + id.memberAlign(m, n)
	}
	var out []string
	lead := string(f.src[lineStart:dc.toks[0].off])
	after := ""
	if k == 0 {
		for l := e.first; l < e.start; l++ {
			out = append(out, f.text(l))
		}
		after = strings.TrimSuffix(string(f.src[dc.semi()+1:f.lineOff[dc.line+1]]), "\n")
	} else {
		lead = lead[:len(lead)-len(strings.TrimLeft(lead, " \t"))]
	}
	return append(out, lead+typ+sep+strings.TrimSpace(string(f.src[pt.off:pt.end]))+attr+";"+after)
}
