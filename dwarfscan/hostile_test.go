package dwarfscan

import (
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// checkDeep checks the layouts of testdata/c/deep.c, read from DWARF or
// BTF: unnamed structs 1,500 deep, the int at the bottom, and the struct
// beside them.
func checkDeep(t *testing.T, ss []*layout.Struct) {
	t.Helper()
	var deep, other *layout.Struct
	for _, s := range ss {
		switch s.Name {
		case "deep":
			deep = s
		case "other":
			other = s
		}
	}
	if deep == nil || other == nil {
		t.Fatalf("deep %v, other %v", deep, other)
	}
	if other.Size != 16 || len(other.Members) != 2 {
		t.Errorf("other: size %d, %d members", other.Size, len(other.Members))
	}
	if deep.Size != 12 || len(deep.Members) != 3 {
		t.Fatalf("deep: size %d, %d members", deep.Size, len(deep.Members))
	}
	depth, m := 0, &deep.Members[1]
	for len(m.Inner) == 1 {
		depth++
		if m.Offset != 4 || m.Size != 4 {
			t.Fatalf("level %d: offset %d size %d", depth, m.Offset, m.Size)
		}
		m = &m.Inner[0]
	}
	if depth != 1500 || m.Name != "leaf" || m.Offset != 4 {
		t.Errorf("%d levels down to %s at %d, want 1500 down to leaf at 4", depth, m.Name, m.Offset)
	}
}

func TestDeepNesting(t *testing.T) {
	checkDeep(t, structsOf(t, testdata("c/deep.o")))
	checkDeep(t, structsOf(t, testdata("c/deep.o"), "deep", "other"))
}

// TestHugeArrays checks arrays past 32 bits of elements and of bytes:
// sizes, types and the offsets after them.
func TestHugeArrays(t *testing.T) {
	ss := structsOf(t, testdata("c/huge.o"), "huge_array", "huge_matrix")
	a, m := ss[0], ss[1]
	if a.Size != 1<<40+16 || a.Members[1].Size != 1<<40 || a.Members[1].Type != "char[1099511627776]" || a.Members[2].Offset != 1<<40+8 {
		t.Errorf("huge_array: size %d, big %d %q, x at %d", a.Size, a.Members[1].Size, a.Members[1].Type, a.Members[2].Offset)
	}
	cells := m.Members[1]
	if cells.Size != 1<<43 || cells.ElemSize != 1<<23 || cells.Type != "long int[1048576][1048576]" || m.Members[2].Offset != 1<<43+8 {
		t.Errorf("huge_matrix: cells %d (elements %d) %q, tail at %d", cells.Size, cells.ElemSize, cells.Type, m.Members[2].Offset)
	}
}
