package btfscan

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/internal/pahole"
	"github.com/cachelint/cachelint/layout"
)

const (
	vmlinux = "../testdata/kernel/linux-6.18/vmlinux.btf.gz"
	golden  = "../testdata/pahole/vmlinux-6.18.btf.golden.gz"
	tinyBTF = "testdata/tiny-btf.o"
)

// tally counts agreement with pahole.
type tally struct {
	structs, structsOK        int
	members, membersOK        int
	types, typesOK            int
	packed, packedOK          int
	aligned, alignedOK        int
	structAlign, structAlign2 int
	clipped, pointerBlocks    int
	mismatches                []string
}

func (t *tally) bad(format string, args ...any) {
	t.mismatches = append(t.mismatches, fmt.Sprintf(format, args...))
}

// TestPaholeGolden compares every struct and union of the Linux 6.18 BTF
// with what pahole 1.24 prints for it: members, offsets, sizes, bit-field
// positions and widths, struct sizes, type spellings, __packed__ and
// __aligned__ must all agree.
func TestPaholeGolden(t *testing.T) {
	t.Parallel()
	checkGolden(t, vmlinux, golden)
}

// TestELFGolden does the same for the .BTF section of a small object file.
func TestELFGolden(t *testing.T) {
	t.Parallel()
	checkGolden(t, tinyBTF, "testdata/tiny-btf.o.golden")
}

func checkGolden(t *testing.T, path, goldenPath string) {
	want, err := pahole.ReadGolden(goldenPath)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	got, err := f.Structs()
	if err != nil {
		t.Fatal(err)
	}
	byName := make(map[string][]*layout.Struct)
	for _, s := range got {
		byName[s.Kind.String()+" "+s.Name] = append(byName[s.Kind.String()+" "+s.Name], s)
	}
	var all tally
	for i := range want {
		w := &want[i]
		all.structs++
		cands := byName[w.Kind+" "+w.Name]
		if len(cands) == 0 {
			all.bad("%s %s: missing", w.Kind, w.Name)
			continue
		}
		// A name may have several layouts; take the one that agrees best.
		var best *tally
		for _, g := range cands {
			var one tally
			compareStruct(&one, w, g)
			if best == nil || len(one.mismatches) < len(best.mismatches) {
				best = &one
			}
		}
		all.add(best)
	}
	if len(got) != len(want) {
		all.bad("%d structs and unions, pahole %d", len(got), len(want))
	}
	t.Logf("structs: %d/%d agree in layout", all.structsOK, all.structs)
	t.Logf("members: %d/%d agree in name, offset, size, bit offset and width", all.membersOK, all.members)
	t.Logf("bit-field storage units clipped to the struct's end: %d", all.clipped)
	t.Logf("pointers to unnamed structs whose target pahole prints: %d", all.pointerBlocks)
	t.Logf("member types: %d/%d spelled as pahole does", all.typesOK, all.types)
	t.Logf("__packed__: %d/%d structs agree", all.packedOK, all.packed)
	t.Logf("member __aligned__: %d/%d agree", all.alignedOK, all.aligned)
	t.Logf("struct __aligned__(N): %d/%d have Align N", all.structAlign2, all.structAlign)
	for i, m := range all.mismatches {
		if i == 40 {
			t.Logf("... %d more", len(all.mismatches)-i)
			break
		}
		t.Log(m)
	}
	if len(all.mismatches) > 0 {
		t.Errorf("%d disagreements with pahole", len(all.mismatches))
	}
}

func (t *tally) add(o *tally) {
	if o.structsOK > 0 {
		t.structsOK++
	}
	t.members += o.members
	t.membersOK += o.membersOK
	t.types += o.types
	t.typesOK += o.typesOK
	t.packed += o.packed
	t.packedOK += o.packedOK
	t.aligned += o.aligned
	t.alignedOK += o.alignedOK
	t.structAlign += o.structAlign
	t.structAlign2 += o.structAlign2
	t.clipped += o.clipped
	t.pointerBlocks += o.pointerBlocks
	t.mismatches = append(t.mismatches, o.mismatches...)
}

func compareStruct(t *tally, w *pahole.Struct, g *layout.Struct) {
	name := w.Kind + " " + w.Name
	layoutOK := true
	if w.Kind == "struct" && w.Size != g.Size {
		t.bad("%s: size %d, pahole %d", name, g.Size, w.Size)
		layoutOK = false
	}
	if !compareMembers(t, name, g.Size, w.Members, g.Members) {
		layoutOK = false
	}
	if layoutOK {
		t.structsOK = 1
	}
	if w.Kind == "struct" {
		t.packed++
		if w.Packed == g.Packed {
			t.packedOK++
		} else {
			t.bad("%s: packed %t, pahole %t", name, g.Packed, w.Packed)
		}
	}
	if w.Aligned != 0 {
		t.structAlign++
		if g.Align == w.Aligned {
			t.structAlign2++
		} else {
			t.bad("%s: align %d, pahole __aligned__(%d)", name, g.Align, w.Aligned)
		}
	}
}

// compareMembers compares the members of a struct or union that ends at
// byte end of the outermost struct.
func compareMembers(t *tally, where string, end int64, want []pahole.Member, got []layout.Member) bool {
	ok := true
	if len(want) != len(got) {
		t.bad("%s: %d members, pahole %d", where, len(got), len(want))
		ok = false
	}
	for i := range min(len(want), len(got)) {
		w, g := &want[i], &got[i]
		at := fmt.Sprintf("%s.%s", where, w.Name)
		if w.Name == "" {
			at = fmt.Sprintf("%s.#%d", where, i)
		}
		t.members++
		size := g.Size
		if g.BitSize != 0 && g.Size < w.Size && g.End() == end {
			// Clipped to the struct's end on purpose; see members.
			size = w.Size
			t.clipped++
		}
		if w.Name != g.Name || w.Offset != g.Offset || w.Size != size || w.BitSize != g.BitSize ||
			(w.BitSize != 0 && w.AbsBitOffset() != g.BitOffset) {
			t.bad("%s: got %q %d:%d size %d bits %d, pahole %q %d:%d size %d bits %d", at,
				g.Name, g.Offset, g.BitOffset-g.Offset*8, g.Size, g.BitSize,
				w.Name, w.Offset, w.BitOffset, w.Size, w.BitSize)
			ok = false
		} else {
			t.membersOK++
		}
		t.types++
		if gt := strings.Join(strings.Fields(g.Type), " "); gt == w.Type {
			t.typesOK++
		} else {
			t.bad("%s: type %q, pahole %q", at, gt, w.Type)
		}
		if w.Aligned != 0 {
			t.aligned++
			if g.Align == w.Aligned {
				t.alignedOK++
			} else {
				t.bad("%s: align %d, pahole __aligned__(%d)", at, g.Align, w.Aligned)
			}
		}
		if strings.HasSuffix(w.Type, "*") && len(w.Nested) > 0 {
			// pahole prints the struct a pointer to an unnamed struct
			// points to; it is no part of this layout.
			t.pointerBlocks++
		} else if len(w.Nested) > 0 || len(g.Inner) > 0 {
			if !compareMembers(t, at, g.Offset+g.Size, w.Nested, g.Inner) {
				ok = false
			}
		}
	}
	return ok
}
