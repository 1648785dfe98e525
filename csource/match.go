package csource

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// match finds the element that declares each of s's top-level members,
// and checks that the source declares them in the binary's order: a
// binary built from other source would get a patch that does not apply
// to what it was built from. Conditional blocks declaring none of the
// binary's members (a configuration it was not built with) stay with
// the element before them.
func (d *def) match(s *layout.Struct) error {
	if err := d.assign(s); err != nil {
		return err
	}
	if err := d.joinUnclaimed(s); err != nil {
		return err
	}
	next := 0
	for _, e := range d.elems {
		for _, i := range e.members {
			if i != next {
				return d.fail(e.start, s.Members[i].Label(), "the binary has %s where this source has %s: it was built from other source", s.Members[next].Label(), s.Members[i].Label())
			}
			next++
		}
	}
	return nil
}

// fail is an error at line (0-based) of the definition, of member when
// not "".
func (d *def) fail(line int, member, format string, args ...any) error {
	return &Error{File: d.f.path, Line: line + 1, Struct: d.name, Member: member, Msg: fmt.Sprintf(format, args...)}
}

// assign finds the element that declares each of s's top-level members
// and records the member in it.
func (d *def) assign(s *layout.Struct) error {
	type where struct {
		e    *element
		line int
	}
	named := map[string][]where{}
	type anon struct {
		e     *element
		line  int
		inner []string
	}
	var anons []anon
	for _, e := range d.elems {
		for _, dc := range e.decls {
			for _, p := range dc.parts {
				switch {
				case p.name != "":
					named[p.name] = append(named[p.name], where{e, dc.line})
				case p.inner != nil:
					anons = append(anons, anon{e, dc.line, p.inner})
				}
			}
		}
	}
	for i := range s.Members {
		m := &s.Members[i]
		var found []where
		if m.Name != "" {
			found = named[m.Name]
		} else {
			inner := innerNames(m.Inner)
			for _, a := range anons {
				if slices.ContainsFunc(inner, func(n string) bool { return slices.Contains(a.inner, n) }) {
					found = append(found, where{a.e, a.line})
					for _, n := range inner {
						if !slices.Contains(a.inner, n) {
							return d.fail(a.line, n, "in the binary's %s but not declared here", m.Label())
						}
					}
				}
			}
		}
		if len(found) == 0 {
			// Said where the binary has it: after the member before it.
			line, after := d.line, ""
			if i > 0 {
				prev := &s.Members[i-1]
				after = fmt.Sprintf("; the binary has it after %s", prev.Label())
				for _, e := range d.elems {
					if slices.Contains(e.members, i-1) {
						line = e.last
					}
				}
			}
			return d.fail(line, m.Label(), "not declared in the struct's definition here%s (a macro that expands to members, or other source than the binary was built from)", after)
		}
		for _, w := range found[1:] {
			if w.e != found[0].e {
				return d.fail(w.line, m.Label(), "declared twice, on lines %d and %d", found[0].line+1, w.line+1)
			}
		}
		e := found[0].e
		if !slices.Contains(e.members, i) {
			e.members = append(e.members, i)
		}
	}
	return nil
}

// joinUnclaimed drops the elements declaring no member of the binary s,
// once assign has run: conditional blocks of a configuration not built
// join the element before them (the one after, when first); an unnamed
// bit-field joins the member after it, whose place it decides.
func (d *def) joinUnclaimed(s *layout.Struct) error {
	var kept []*element
	var glue *element
	var unnamed []*unnamedBits
	for _, e := range d.elems {
		var zeros []*unnamedBits
		declares := ""
		for _, dc := range e.decls {
			for _, p := range dc.parts {
				if p.name != "" && declares == "" {
					declares = p.name
				}
				if p.unnamed != nil {
					zeros = append(zeros, p.unnamed)
				}
			}
		}
		if len(e.members) > 0 {
			if len(zeros) > 0 {
				return d.fail(e.start, s.Members[e.members[0]].Label(), "an unnamed bit-field declared with members: not supported")
			}
			if glue != nil {
				if glue.block {
					d.absent = append(d.absent, absentBlock{e: glue, member: e.members[0], before: true})
				}
				e.first = glue.first
				e.unnamed = unnamed
				glue, unnamed = nil, nil
			}
			kept = append(kept, e)
			continue
		}
		if e.block && len(zeros) > 0 {
			return d.fail(e.start, "", "an unnamed bit-field in a conditional block: not supported")
		}
		unnamed = append(unnamed, zeros...)
		switch {
		case !e.block && declares != "":
			return d.fail(e.start, declares, "not a member of the binary's struct %s (other source than the binary was built from?)", s.Name)
		case e.block && len(kept) > 0 && glue == nil && len(zeros) == 0:
			prev := kept[len(kept)-1]
			prev.last = e.last
			d.absent = append(d.absent, absentBlock{e: e, member: prev.members[len(prev.members)-1]})
		case glue == nil:
			glue = e
		}
	}
	if glue != nil {
		// Nothing after it: it stays before the closing brace.
		d.tail = glue.first
		if len(unnamed) > 0 {
			return d.fail(glue.start, "", "an unnamed bit-field after the last member: not supported")
		}
	}
	d.elems = kept
	return nil
}

// innerNames lists the names of ms and of the members of their anonymous
// members (not those of a named member's type: a source names only the
// member).
func innerNames(ms []layout.Member) []string {
	var out []string
	for _, m := range ms {
		if m.Name != "" {
			out = append(out, m.Name)
			continue
		}
		out = append(out, innerNames(m.Inner)...)
	}
	return out
}

// constrain returns a copy of s whose members that move only together in
// this source (a conditional block, declarations sharing a line) form one
// unit for the reorganizer, and those
// elements; nil when there are none.
func (d *def) constrain(s *layout.Struct) (*layout.Struct, []*element) {
	var whole []*element
	for _, e := range d.elems {
		// __cacheline_group_end_aligned's two members are a group's end,
		// which the reorganizer keeps together itself.
		if len(e.members) > 1 && !e.splittable() && !(len(e.decls) == 1 && e.decls[0].macro != "") {
			whole = append(whole, e)
		}
	}
	if len(whole) == 0 {
		return nil, nil
	}
	c := *s
	c.Members = slices.Clone(s.Members)
	unit := 0
	for _, m := range c.Members {
		unit = max(unit, m.Unit)
	}
	for _, e := range whole {
		unit++
		lo, hi := e.members[0], e.members[len(e.members)-1]
		// A bit-field unit reaching past the element joins it.
		for lo > 0 && c.Members[lo].Unit != 0 && c.Members[lo-1].Unit == c.Members[lo].Unit {
			lo--
		}
		for hi+1 < len(c.Members) && c.Members[hi].Unit != 0 && c.Members[hi+1].Unit == c.Members[hi].Unit {
			hi++
		}
		old := map[int]bool{}
		for k := lo; k <= hi; k++ {
			if c.Members[k].Unit != 0 {
				old[c.Members[k].Unit] = true
			}
		}
		for k := range c.Members {
			if k >= lo && k <= hi || old[c.Members[k].Unit] {
				c.Members[k].Unit = unit
			}
		}
	}
	return &c, whole
}

// what names an element in messages: "the #ifdef CONFIG_X block on line
// N", or the declaration.
func (d *def) what(e *element) string {
	if e.block {
		return fmt.Sprintf("the %s block on line %d", strings.TrimSpace(d.f.text(e.start)), e.start+1)
	}
	return fmt.Sprintf("the declarations on line %d", e.start+1)
}
