package layout

import (
	"strings"
)

// cMember describes a member for cStruct: name, size, alignment, hot
// annotation as for field, and what C says of it.
type cMember struct {
	name        string
	size, align int64
	hot         string
	typ         string // "struct X" for an aggregate, "" otherwise
	attr        int64  // aligned(N) on the member
}

// cStruct lays members out as a C compiler does.
func cStruct(name string, ms ...cMember) *Struct {
	s := &Struct{Name: name, Lang: LangC, Align: 1}
	var off int64
	for _, c := range ms {
		a := max(c.align, c.attr, 1)
		off = AlignUp(off, a)
		m := Member{Name: c.name, Type: "int", Offset: off, Size: c.size, Align: max(c.align, 1), AlignAttr: c.attr, BitOffset: off * 8}
		if c.typ != "" {
			m.Type, m.Aggregate = c.typ, true
		}
		if c.hot != "" {
			kind, paths, _ := strings.Cut(c.hot, ":")
			m.Hot = &Hot{Write: kind == "w"}
			if paths != "" {
				m.Hot.Paths = strings.Split(paths, ",")
			}
		}
		s.Members = append(s.Members, m)
		off += c.size
		s.Align = max(s.Align, a)
	}
	s.Size = AlignUp(off, s.Align)
	if err := Annotate(s); err != nil {
		panic(err)
	}
	return s
}

func c64(name, hot string) cMember { return cMember{name: name, size: 8, align: 8, hot: hot} }

func marker(name string) cMember { return cMember{name: name, align: 1} }
