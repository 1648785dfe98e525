package reorg

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// FuzzPackable checks --packable's promises on random structs: the
// packing terminates; a layout it prints, pahole's or its own, keeps what
// a reorganization keeps (broken, with every member cold: packing ignores
// hotness) and is smaller than the struct; paholePack leaves its input
// alone.
func FuzzPackable(f *testing.F) {
	addStructSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		in := bytesIn(data)
		s, lines := randomStruct(&in)
		if s == nil {
			return
		}
		orig := cloneStruct(s)
		cold := cloneStruct(s)
		cold.Members = coldMembers(s.Members)
		pp, paholeOK := paholePack(s, 8)
		if !reflect.DeepEqual(s, orig) {
			t.Fatalf("paholePack changed its input")
		}
		p, ok := Packable(s, 8)
		if !ok {
			return
		}
		if p.Size != s.Size || p.Packed >= s.Size || p.Pahole != (p.Why == "") || !paholeOK {
			t.Fatalf("%+v for\n%s", p, describe(s))
		}
		var packed *layout.Proposal
		if p.Pahole {
			ps := *cold
			ps.Size = pp.Size
			ps.Members = coldMembers(pp.Members)
			packed = &layout.Proposal{Struct: &ps, From: pp.From}
		} else if packed = packLayout(s); packed == nil || packed.Struct.Size != p.Packed && layout.AlignUp(pp.Size, s.Align) != p.Packed {
			t.Fatalf("Packable says %d bytes, packLayout %v, for\n%s", p.Packed, packed, describe(s))
		}
		if packed.Struct.Size != p.Packed {
			return // pahole's rounded up: its members break nothing
		}
		if msg := broken(cold, packed, lines); msg != "" {
			t.Errorf("%s (pahole's: %v)\nstruct:\n%s\npacked:\n%s", msg, p.Pahole, describe(s), describe(packed.Struct))
		}
	})
}

// TestPaholePackBounded checks that pahole's reorganizer, which moves one
// member per pass over the struct, gives up on a struct far larger than
// any real one: 20,000 members with a hole after every other one, which
// it would pack in seconds, a few times more in minutes.
func TestPaholePackBounded(t *testing.T) {
	t.Parallel()
	s := &layout.Struct{Name: "big", Kind: layout.KindStruct, Align: 8}
	for i := range 20000 {
		m := layout.Member{Name: fmt.Sprint("m", i), Offset: s.Size, Size: 8, Align: 8}
		if i%2 == 0 {
			m.Size, m.Align = 1, 1
		}
		m.BitOffset = m.Offset * 8
		s.Members = append(s.Members, m)
		s.Size += 8
	}
	if p, ok := paholePack(s, 8); ok {
		t.Errorf("packed to %d bytes: the budget did not stop it", p.Size)
	}
}
