package layout

import (
	"slices"
	"strings"
	"testing"
)

// A mark someone wrote overrides the kernel group the field lies in; the
// group marks the rest.
func TestAnnotateFileOverridesGroup(t *testing.T) {
	t.Parallel()
	s := &Struct{Name: "net_device", Size: 16, Align: 8, Members: []Member{
		{Name: GroupBeginPrefix + "net_device_read_tx", Align: 1},
		{Name: "mtu", Size: 4, Align: 4, Hot: &Hot{Paths: []string{"rx"}}},
		{Name: "headroom", Offset: 4, Size: 2, Align: 2},
		{Name: GroupEndPrefix + "net_device_read_tx", Offset: 6, Align: 1},
		{Name: "flags", Offset: 8, Size: 8, Align: 8, Hot: &Hot{Write: true}},
	}}
	if err := Annotate(s); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"mtu": "hot path=rx", "headroom": "hot path=tx", "flags": "hot write path=rx,tx"} {
		if _, m := s.Lookup(name); m.Hot.String() != want || name != "flags" && m.Group != "net_device_read_tx" {
			t.Errorf("%s: %s in group %q, want %s", name, m.Hot, m.Group, want)
		}
	}
}

// Budgets are checked against the paths the annotations end with.
func TestAnnotateBudgets(t *testing.T) {
	t.Parallel()
	s := goStruct("q", u64("a", "r:tx"), u64("b", ""))
	s.Budgets = []Budget{{Path: "tx", Lines: 1}, {Path: "rx", Lines: 1}, {Lines: 2}}
	err := Annotate(s)
	if err == nil || !strings.Contains(err.Error(), "budget names path rx, which no hot field of q is on (paths: tx)") {
		t.Errorf("error %v", err)
	}
	if !slices.Equal(s.Budgets, []Budget{{Path: "tx", Lines: 1}, {Lines: 2}}) {
		t.Errorf("budgets %v", s.Budgets)
	}
	cold := goStruct("c", u64("a", ""))
	cold.Budgets = []Budget{{Lines: 1}}
	if err := Annotate(cold); err == nil || len(cold.Budgets) != 0 {
		t.Errorf("budget on a struct with no hot fields: %v, %v", err, cold.Budgets)
	}
}
