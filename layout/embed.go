package layout

import (
	"fmt"
	"slices"
	"strings"
)

// A hot member whose type is a struct is not hot over its whole extent:
// inet_sock's sk is a whole 784-byte sock, of which the fast paths touch
// the fields sock's own cacheline groups (or a table, or a hot file) mark.
// EmbedHot gives such a member the parts its type marks hot; where nothing
// marks its type, a member bigger than wholeBytes counts by its first
// byte's line, where code that takes its address starts, and one no
// bigger counts whole, as a scalar does. A member counted by its first
// line keeps its place in any proposed order: which of its lines the
// paths read is a guess, and a saving must not rest on one (moving
// inet_sock's 152-byte cork next to the tx fields "saved" a line only
// for its first byte, though ip_queue_xmit reads cork.fl, 48 bytes in).

// wholeBytes is the largest struct-typed hot member that counts whole
// when nothing marks its type's fields: it fits in a line of the smallest
// size the kernel's fast paths are laid out for.
const wholeBytes = 64

// EmbedHot sets Parts on the hot members of s whose type is a named struct
// or union (not an array of them): typeOf finds a member's type as the
// member spells it ("struct sock"), nil when unknown. The types must be
// annotated already; their own struct-typed members are resolved in turn.
// It returns a note for each member counted by its first line.
func EmbedHot(s *Struct, typeOf func(typ string) *Struct) []string {
	e := &embedder{typeOf: typeOf, parts: map[*Struct][]HotPart{}, busy: map[*Struct]bool{}}
	var notes []string
	for i := range s.Members {
		m := &s.Members[i]
		if note := e.embed(s, m); note != "" {
			notes = append(notes, note)
		}
	}
	return notes
}

type embedder struct {
	typeOf func(string) *Struct
	parts  map[*Struct][]HotPart
	busy   map[*Struct]bool
}

// embed sets m's Parts, and says so when it counts m by its first line.
func (e *embedder) embed(s *Struct, m *Member) string {
	if m.Hot == nil || !m.Aggregate || m.ElemSize > 0 || m.Type == "struct" || m.Type == "union" || m.Size == 0 {
		return ""
	}
	var inner []HotPart
	if t := e.typeOf(m.Type); t != nil {
		inner = e.hotParts(t)
	}
	for _, p := range inner {
		paths := p.Hot.Paths
		if len(m.Hot.Paths) > 0 && len(paths) > 0 {
			paths = slices.DeleteFunc(slices.Clone(paths), func(x string) bool { return !slices.Contains(m.Hot.Paths, x) })
			if len(paths) == 0 {
				continue
			}
		}
		m.Parts = append(m.Parts, HotPart{Name: p.Name, Offset: p.Offset, Size: p.Size, Hot: &Hot{Paths: paths, Write: p.Hot.Write, Guard: p.Hot.Guard}, Guess: p.Guess})
	}
	if len(m.Parts) > 0 || m.Size <= wholeBytes {
		return ""
	}
	m.Parts = []HotPart{{Offset: 0, Size: 1, Hot: m.Hot, Guess: true}}
	m.Pinned = true
	return fmt.Sprintf("%s %s: %s (%s, %d bytes) is hot on %s: counted by the line of its first byte and kept where it is, since nothing marks which of its fields are hot",
		s.Kind, s.Name, m.Label(), m.Type, m.Size, pathsWord(m.Hot))
}

func pathsWord(h *Hot) string {
	if len(h.Paths) == 0 {
		return "every path"
	}
	return strings.Join(h.Paths, ",")
}

// hotParts lists the hot fields of t, from its start, its own struct-typed
// hot members resolved to theirs.
func (e *embedder) hotParts(t *Struct) []HotPart {
	if ps, ok := e.parts[t]; ok || e.busy[t] {
		return ps
	}
	e.busy[t] = true
	defer delete(e.busy, t)
	var out []HotPart
	var walk func(prefix string, ms []Member)
	walk = func(prefix string, ms []Member) {
		for i := range ms {
			m := &ms[i]
			name := prefix + m.Name
			switch {
			case m.Hot != nil && m.Aggregate && m.ElemSize == 0 && m.Type != "struct" && m.Type != "union":
				sub := *m
				sub.Parts = nil
				e.embed(t, &sub)
				if len(sub.Parts) == 0 {
					b := m.bytes()
					out = append(out, HotPart{Name: name, Offset: b.lo, Size: b.hi - b.lo, Hot: m.Hot})
				}
				for _, p := range sub.Parts {
					p.Name = strings.TrimSuffix(name+"."+p.Name, ".")
					p.Offset += m.Offset
					out = append(out, p)
				}
			case m.Hot != nil && m.Size > 0:
				b := m.bytes()
				out = append(out, HotPart{Name: name, Offset: b.lo, Size: b.hi - b.lo, Hot: m.Hot})
			default:
				walk(prefix, m.Inner)
			}
		}
	}
	walk("", t.Members)
	e.parts[t] = out
	return out
}
