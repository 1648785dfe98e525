package csource

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// typeSizes are the sizes of the kernel's types a block's member may have
// whose size no configuration changes (LP64), beyond scalarSizes.
var typeSizes = map[string]int64{
	"atomic_t": 4, "atomic64_t": 8, "atomic_long_t": 8, "refcount_t": 4, "__be16": 2, "__be32": 4, "__be64": 8,
	"__le16": 2, "__le32": 4, "__le64": 8, "size_t": 8, "ssize_t": 8, "netdev_features_t": 8, "unsigned long": 8,
	"long long": 8, "unsigned long long": 8, "unsigned int": 4, "unsigned short": 2, "unsigned char": 1,
}

// variations are where s's layout differs in the configurations the
// source's conditional blocks give: a block s's build lacks adds its
// members' bytes next to the member it stays with (Anchored: the
// proposal keeps that member among the same group markers, so the block
// keeps its place relative to the groups), and a block it has may be
// left out. A member whose size the declaration does not tell (a struct,
// an array, a macro) may take any multiple of 8 bytes up to a line.
func (d *def) variations(s *layout.Struct, line int64) []layout.Variation {
	var out []layout.Variation
	for _, a := range d.absent {
		n, known := d.blockBytes(a.e)
		v := layout.Variation{Member: s.Members[a.member].Name, Before: a.before, Anchored: true,
			Why: d.what(a.e) + " (" + strings.Join(d.declared(a.e), ", ") + ")"}
		if known {
			v.Deltas = []int64{n}
		} else {
			for k := int64(8); k <= line; k += 8 {
				v.Deltas = append(v.Deltas, k)
			}
			v.Why += ", of a size not known here"
		}
		if v.Member != "" && len(v.Deltas) > 0 {
			out = append(out, v)
		}
	}
	for ei, e := range d.elems {
		for _, i := range e.members {
			if v, ok := d.embedded(&s.Members[i], line); ok {
				out = append(out, v)
			}
		}
		if !e.block || len(e.members) == 0 {
			continue
		}
		first, last := &s.Members[e.members[0]], &s.Members[e.members[len(e.members)-1]]
		if last.Name == "" {
			continue
		}
		n := last.End() - first.Offset
		if n <= 0 {
			continue
		}
		why := d.what(e) + " left out"
		if slices.ContainsFunc(e.members, func(i int) bool { return s.Members[i].Name == "" }) {
			out = append(out, layout.Variation{Member: last.Name, Deltas: []int64{-n}, Why: why})
			continue
		}
		// Each member's bytes, and the hole after it, where it is: a
		// proposal may move some of the block's members.
		for j, i := range e.members {
			m := &s.Members[i]
			bytes := m.End() - m.Offset
			if j+1 < len(e.members) {
				bytes = s.Members[e.members[j+1]].Offset - m.Offset
			}
			if bytes > 0 {
				out = append(out, layout.Variation{Member: m.Name, Deltas: []int64{-bytes}, Block: ei + 1, Why: why})
			}
		}
	}
	return out
}

// declared names the members an element declares.
func (d *def) declared(e *element) []string {
	var out []string
	for _, dc := range e.decls {
		for _, p := range dc.parts {
			if p.name != "" {
				out = append(out, p.name)
			}
		}
	}
	if len(out) > 3 {
		out = append(out[:3], fmt.Sprintf("%d more", len(out)-3))
	}
	return out
}

// blockBytes is the bytes the members a block declares take, each at its
// type's alignment; false when a member's size is not known from its
// declaration alone.
func (d *def) blockBytes(e *element) (int64, bool) {
	var n int64
	for _, dc := range e.decls {
		if dc.macro != "" {
			return 0, false
		}
		size, ok := d.declSize(dc)
		if !ok {
			return 0, false
		}
		for _, p := range dc.parts {
			if p.name == "" {
				return 0, false
			}
			sz := size
			text := string(d.f.src[p.off:p.end])
			switch {
			case strings.ContainsAny(text, "[:"):
				return 0, false
			case strings.Contains(text, "*"):
				sz = 8
			case size == 0:
				return 0, false
			}
			n = layout.AlignUp(n, sz) + sz
		}
	}
	return n, true
}

// declSize is the size of the type dc declares its members with, 0 when
// only pointers to it are known (a struct); false when it is not known.
func (d *def) declSize(dc *decl) (int64, bool) {
	var words []string
	for _, t := range dc.toks {
		if t.off >= dc.typeEnd {
			break
		}
		if t.kind == tIdent && t.text != "const" && t.text != "volatile" {
			words = append(words, t.text)
		}
	}
	if len(words) == 0 {
		return 0, false
	}
	if slices.Contains([]string{"struct", "union", "enum"}, words[0]) {
		return 0, true
	}
	name := strings.Join(words, " ")
	if n, ok := typeSizes[name]; ok {
		return n, true
	}
	if n, ok := scalarSizes[name]; ok && len(words) == 1 {
		return n, true
	}
	return 0, true
}

// embedded is the variation of member m whose type is a struct the same
// file defines with conditional blocks of its own: each block's bytes,
// added or taken away (which of them this build has is not told here),
// or any multiple of 8 up to a line either way where a block's size is
// not known.
func (d *def) embedded(m *layout.Member, line int64) (layout.Variation, bool) {
	name, ok := strings.CutPrefix(m.Type, "struct ")
	if !ok || !m.Aggregate || m.Name == "" {
		return layout.Variation{}, false
	}
	defs, err := d.f.findDefs(name)
	if err != nil || len(defs) != 1 {
		return layout.Variation{}, false
	}
	v := layout.Variation{Member: m.Name}
	var blocks []string
	for _, e := range defs[0].elems {
		if !e.block {
			continue
		}
		blocks = append(blocks, fmt.Sprintf("line %d", e.start+1))
		n, known := defs[0].blockBytes(e)
		if !known {
			for k := int64(8); k <= line; k += 8 {
				v.Deltas = append(v.Deltas, k, -k)
			}
			continue
		}
		v.Deltas = append(v.Deltas, n, -n)
	}
	if len(v.Deltas) == 0 {
		return layout.Variation{}, false
	}
	slices.Sort(v.Deltas)
	v.Deltas = slices.Compact(v.Deltas)
	v.Why = fmt.Sprintf("%s's struct %s with or without its conditional blocks (%s)", m.Name, name, strings.Join(blocks, ", "))
	return v, true
}
