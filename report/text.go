// Package report writes what cachelint found in struct layouts, whatever
// source they came from (DWARF, BTF, go/types): as text in pahole's format
// with cachelint's comments added, as JSON, and as SARIF 2.1.0.
//
// A struct with no hot members, no group and no findings prints exactly as
// pahole 1.24 prints it, so the text diffs cleanly against pahole output.
package report

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
)

// Options say how to report.
type Options struct {
	// Lines are the line sizes the struct was analyzed at; the first one
	// draws the cacheline boundaries and counts hot lines. Empty means 64.
	Lines []int64
	// Reorg adds the proposed layout, or why there is none.
	Reorg bool
	// Hex prints the offsets and sizes of members in hexadecimal, as
	// pahole --hex does.
	Hex bool
	// ExpandTypes prints the members of members' structs and unions
	// inline, and the typedefs of members' types, as pahole -E does; it
	// needs layouts read with the readers' ExpandTypes.
	ExpandTypes bool
	// Lookup finds the definition of a member's type as the member spells
	// it ("struct list_head"), for the natural alignment and tail padding
	// pahole shows; nil when unknown.
	Lookup func(typ string) *layout.Struct
}

func (o *Options) line() int64 {
	if len(o.Lines) == 0 {
		return 64
	}
	return o.Lines[0]
}

// Text writes s as pahole prints it, with hot paths and groups as comments
// on member lines, the hot lines per path in the summary, the findings of
// r after the struct and, with o.Reorg, the proposal.
func Text(w io.Writer, s *layout.Struct, r *reorg.Result, o Options) error {
	line := o.line()
	p := &printer{w: w, line: line, lookup: o.Lookup, annotate: true, hex: o.Hex, expand: o.ExpandTypes}
	paths := s.Paths()
	var extra []string
	if len(paths) > 0 {
		var parts []string
		for _, path := range paths {
			parts = append(parts, fmt.Sprintf("%s %d", path, s.HotLines(path, line)))
		}
		extra = append(extra, "/* hot lines: "+strings.Join(parts, ", ")+" */")
	}
	p.structText(s, s.Name, extra...)
	if r != nil {
		for _, f := range r.Findings {
			p.printf("/* %s: %s */\n", f.Check, inComment(f.Message))
		}
		if o.Reorg {
			p.proposal(s, r, paths)
		}
	}
	return p.err
}

// inComment is s as it can stand inside a C comment: a Go type name may
// hold "*/" (in a struct tag), which would end the comment early.
func inComment(s string) string { return strings.ReplaceAll(s, "*/", "*\\/") }

// proposal prints r's proposal as a C struct, or why there is none.
func (p *printer) proposal(s *layout.Struct, r *reorg.Result, paths []string) {
	switch {
	case r.NoFix != "":
		p.printf("/* no reorganization: %s */\n", inComment(r.NoFix))
		if r.Needs != "" {
			p.printf("/* %s */\n", inComment(r.Needs))
		}
		return
	case r.Proposal == nil:
		if r.Needs != "" {
			p.printf("/* %s */\n", inComment(r.Needs))
		}
		return
	}
	ps := cStruct(r.Proposal)
	var names []string
	for i, m := range ps.Members {
		if !r.Proposal.Inserted(i) {
			names = append(names, memberName(&m))
		}
	}
	p.printf("/* proposed order: %s */\n", inComment(strings.Join(names, ", ")))
	var parts []string
	for _, path := range paths {
		parts = append(parts, fmt.Sprintf("%s %d -> %d", path, s.HotLines(path, p.line), ps.HotLines(path, p.line)))
	}
	var extra []string
	if len(parts) > 0 {
		extra = append(extra, "/* hot lines now -> proposed: "+strings.Join(parts, ", ")+" */")
	}
	if a := r.Proposal.Align; a > 0 {
		p.printf("/* proposed alignment: __attribute__((aligned(%d))) on struct %s */\n", a, s.Name)
	}
	if g := r.Proposal.Grown; g != "" {
		p.printf("/* the proposal %s */\n", inComment(g))
	}
	if n := len(r.Proposal.Moved); n > 0 {
		atLeast := ""
		// A bound as high as the moves says nothing a reader needs.
		if m := r.Proposal.MovedAtLeast; m > 0 && m < n {
			atLeast = fmt.Sprintf(" (any order with these hot lines moves at least %d)", m)
		}
		p.printf("/* the proposal moves %d member%s%s: %s */\n", n, plural(int64(n)), atLeast, nameList(r.Proposal.Moved))
	}
	for _, i := range r.Proposal.Aligned {
		if m := r.Proposal.Struct.Members[i]; m.Size == 0 && layout.IsGroupMarker(m.Name) {
			var end int64
			for _, x := range r.Proposal.Struct.Members[:i] {
				end = max(end, x.End())
			}
			p.printf("/* the proposal aligns %s on a %d-byte line, for a hole of %d bytes before it here */\n", m.Name, m.AlignAttr, m.Offset-end)
		}
	}
	if c := r.Proposal.Configs; c != "" {
		p.printf("/* the proposal was %s */\n", inComment(c))
	}
	if gs := r.Proposal.Groups; len(gs) > 0 {
		var parts []string
		for _, g := range gs {
			limit := fmt.Sprintf("%d, its size", g.Limit)
			if g.Limit != g.Before {
				limit = fmt.Sprintf("%d, its size and the members joining it", g.Limit)
			}
			if g.Where != "" {
				limit = fmt.Sprintf("%d, %s", g.Limit, g.Where)
			}
			parts = append(parts, fmt.Sprintf("%s %d -> %d (at most %s)", g.Group, g.Before, g.After, limit))
		}
		p.printf("/* cacheline group bytes now -> proposed: %s */\n", strings.Join(parts, ", "))
	}
	for _, c := range r.Proposal.GroupChanges {
		switch {
		case c.From == "":
			p.printf("/* %s enters cacheline group %s */\n", c.Member, c.To)
		case c.To == "":
			p.printf("/* %s leaves cacheline group %s */\n", c.Member, c.From)
		default:
			p.printf("/* %s moves from cacheline group %s to %s */\n", c.Member, c.From, c.To)
		}
	}
	p.structText(ps, s.Name, extra...)
	if r.Remains != "" {
		p.printf("/* the proposal leaves: %s */\n", inComment(r.Remains))
	}
	if r.Needs != "" {
		p.printf("/* %s */\n", inComment(r.Needs))
	}
}

// memberName names m in an order list; an anonymous member by its kind and
// offset.
func memberName(m *layout.Member) string {
	if m.Name != "" {
		return m.Name
	}
	kw, _, _ := block(m.Type)
	return fmt.Sprintf("<anonymous %s at %d>", kw, m.Offset)
}

// cStruct returns the proposed struct with the padding the reorganizer
// inserted spelled as C members, u8 __pad_N[K], N counting from 0.
func cStruct(p *layout.Proposal) *layout.Struct {
	s := *p.Struct
	s.Members = slices.Clone(s.Members)
	n := 0
	for i := range s.Members {
		if p.Inserted(i) {
			m := &s.Members[i]
			m.Name = fmt.Sprintf("__pad_%d", n)
			m.Type = fmt.Sprintf("u8[%d]", m.Size)
			n++
		}
	}
	return &s
}

// Lookup returns a Options.Lookup over structs: a member type "struct X",
// "union X" or "class X" finds the first struct, union or class named X.
func Lookup(structs []*layout.Struct) func(string) *layout.Struct {
	byName := map[string]*layout.Struct{}
	for _, s := range structs {
		k := s.Keyword() + " " + s.Name
		if _, ok := byName[k]; !ok {
			byName[k] = s
		}
	}
	return func(typ string) *layout.Struct { return byName[typ] }
}

// Sizes writes s as pahole --sizes does: name, size and number of holes,
// tab-separated.
func Sizes(w io.Writer, s *layout.Struct) error {
	_, err := fmt.Fprintf(w, "%s\t%d\t%d\n", s.Name, s.Size, len(Holes(s)))
	return err
}

// NrMembers writes s as pahole --nr_members does: name and number of
// members, tab-separated.
func NrMembers(w io.Writer, s *layout.Struct) error {
	_, err := fmt.Fprintf(w, "%s\t%d\n", s.Name, len(s.Members))
	return err
}

// Packable writes s as pahole --packable does when packing shrinks it
// (reorg.Packable): name, size, packed size and bytes saved,
// tab-separated; nothing otherwise. word is the target's pointer size.
func Packable(w io.Writer, s *layout.Struct, word int64) error {
	p, ok := reorg.Packable(s, word)
	if !ok {
		return nil
	}
	_, err := fmt.Fprintf(w, "%s\t%d\t%d\t%d\n", s.Name, p.Size, p.Packed, p.Size-p.Packed)
	return err
}

// nameList joins names, eliding the middle of a long list.
func nameList(names []string) string {
	const most = 12
	if len(names) <= most {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:most], ", ") + fmt.Sprintf(" and %d more", len(names)-most)
}
