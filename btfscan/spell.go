package btfscan

import (
	"strconv"
	"strings"

	"github.com/cilium/ebpf/btf"
)

// spellMember spells a member's type as pahole prints it in front of the
// member name (dwarves_fprintf.c type__fprintf), with array dimensions
// appended ("char[16]") and function pointers as "void (*)(int)". An
// anonymous struct, union or enum, which pahole prints in full, is
// "struct" (or "union", "enum"), as dwarfscan spells it. A zero-length
// array is "[]" only where pahole prints it so: as the last of two or more
// members, not inside a union.
func (c *conv) spellMember(t btf.Type, last, single, union bool) string {
	c.enter()
	defer c.leave()
	var s string
	switch t := t.(type) {
	case *btf.Const:
		s = "const " + c.spellMember(t.Type, last, single, union)
	case *btf.TypeTag:
		s = c.spellMember(t.Type, last, single, union)
	case *btf.Pointer:
		if isNamedKind(t.Target) && t.Target.TypeName() == "" {
			s = anonymous(t.Target) + " *"
		} else {
			s = c.name(t)
		}
	case *btf.Array:
		var dims strings.Builder
		var elem btf.Type = t
		for a, n := t, 0; a != nil; n++ {
			if n > maxDepth {
				panic(badType("arrays nest too deep"))
			}
			if a.Nelems == 0 && n == 0 && last && !single && !union {
				dims.WriteString("[]")
			} else {
				dims.WriteString("[" + strconv.FormatUint(uint64(a.Nelems), 10) + "]")
			}
			elem = a.Type
			a, _ = elem.(*btf.Array)
		}
		if q, ok := elem.(*btf.Const); ok && t.Nelems == 0 {
			// pahole drops const from the element of a zero-length array.
			elem = q.Type
		}
		s = c.spellMember(elem, false, false, false) + dims.String()
	case *btf.Struct, *btf.Union, *btf.Enum:
		if t.TypeName() == "" {
			s = anonymous(t)
		} else {
			s = c.name(t)
		}
	default:
		s = c.name(t)
	}
	return strings.TrimRight(s, " ")
}

func isNamedKind(t btf.Type) bool {
	switch t.(type) {
	case *btf.Struct, *btf.Union, *btf.Enum:
		return true
	}
	return false
}

func anonymous(t btf.Type) string {
	switch t.(type) {
	case *btf.Union:
		return "union"
	case *btf.Enum:
		return "enum"
	}
	return "struct"
}

// name is pahole's __tag__name: how a type is spelled inside another, such
// as the target of a pointer or a parameter. It keeps pahole's spacing: a
// qualified type ends in a space, so a pointer to it reads "const char  *".
func (c *conv) name(t btf.Type) string {
	c.enter()
	defer c.leave()
	switch t := t.(type) {
	case nil, *btf.Void:
		return "void"
	case *btf.Int:
		return t.Name
	case *btf.Float:
		return t.Name
	case *btf.Typedef:
		return t.Name
	case *btf.Struct:
		if t.Name == "" {
			return anonymous(t)
		}
		return "struct " + t.Name
	case *btf.Union:
		if t.Name == "" {
			return anonymous(t)
		}
		return "union " + t.Name
	case *btf.Enum:
		if t.Name == "" {
			return anonymous(t)
		}
		return "enum " + t.Name
	case *btf.Fwd:
		if t.Kind == btf.FwdUnion {
			return "union " + t.Name
		}
		return "struct " + t.Name
	case *btf.Pointer:
		switch target := t.Target.(type) {
		case *btf.Void:
			return "void *"
		case *btf.FuncProto:
			return c.funcName(target)
		case *btf.Const:
			if p, ok := target.Type.(*btf.Pointer); ok {
				return c.name(p) + " const *"
			}
		}
		return c.name(t.Target) + " *"
	case *btf.Const:
		return "const " + c.name(t.Type) + " "
	case *btf.Volatile:
		return "volatile " + c.name(t.Type) + " "
	case *btf.Restrict:
		return c.name(t.Type) + " restrict "
	case *btf.TypeTag:
		return c.name(t.Type)
	case *btf.Array:
		// pahole names an array by its element alone.
		return c.name(t.Type)
	case *btf.FuncProto:
		return c.funcName(t)
	}
	return t.TypeName()
}

// funcName spells a pointer to a function: "int (*)(struct sock *, ...)".
func (c *conv) funcName(fp *btf.FuncProto) string {
	var b strings.Builder
	b.WriteString(c.name(fp.Return))
	b.WriteString(" (*)(")
	if len(fp.Params) == 0 {
		b.WriteString("void")
	}
	for i, p := range fp.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		if _, ok := p.Type.(*btf.Void); ok {
			b.WriteString("...")
			continue
		}
		b.WriteString(c.name(p.Type))
	}
	b.WriteByte(')')
	return b.String()
}
