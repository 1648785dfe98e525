package analyzer

import (
	"strings"
	"testing"

	"github.com/cachelint/cachelint/golayout"
	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
)

// goStruct lays out 8-byte fields in order, one a line apart where named
// "_" (a pad of 56 bytes), hot as marked: "w" written, "r" read-mostly.
func goStruct(t *testing.T, size int64, fields ...string) *layout.Struct {
	t.Helper()
	s := &layout.Struct{Name: "s", Lang: layout.LangGo, Kind: layout.KindStruct, Align: 8, Size: size}
	var off int64
	for _, f := range fields {
		name, hot, _ := strings.Cut(f, ":")
		m := layout.Member{Name: name, Type: "uint64", Offset: off, Size: 8, Align: 8, BitOffset: off * 8}
		if name == "_" {
			m.Type, m.Size, m.Align, m.ElemSize, m.Padding = "[56]byte", 56, 1, 1, true
		}
		if hot != "" {
			m.Hot = &layout.Hot{Write: hot == "w"}
		}
		off += m.Size
		s.Members = append(s.Members, m)
	}
	if err := layout.Annotate(s); err != nil {
		t.Fatal(err)
	}
	return s
}

// What a proposal may not do, whatever the reorganizer proposes: bring
// fields into a finding, or cost bytes and remove none of its findings.
func TestFixBuys(t *testing.T) {
	t.Parallel()
	s := goStruct(t, 72, "w:w", "r:r", "a", "b", "c", "d", "e", "f", "q:r")
	builds := []reorg.Build{{Arch: "amd64", Struct: s, Lines: []int64{64}}}
	for _, c := range []struct {
		name string
		p    *layout.Struct
		left bool
		want string
	}{
		// q joins r on w's line: the falseshare finding names q too.
		{"worse", goStruct(t, 72, "w:w", "r:r", "q:r", "a", "b", "c", "d", "e", "f"), false,
			"the fix would make a finding worse: s: w is written and shares line 0 with r (read-mostly), q (read-mostly)"},
		// r and q move off w's line, 56 bytes more: the finding goes.
		{"whole", goStruct(t, 128, "w:w", "_", "r:r", "q:r", "a", "b", "c", "d", "e", "f"), false, ""},
		// 56 bytes more, and every finding left in part.
		{"bytes for nothing", goStruct(t, 128, "w:w", "r:r", "a", "b", "c", "d", "e", "f", "q:r", "_"), true,
			"the fix would grow s from 72 to 128 bytes and remove none of the findings it is for"},
		// No bytes more, the same finding left: written, it says so.
		{"free", goStruct(t, 72, "w:w", "r:r", "a", "b", "c", "d", "e", "f", "q:r"), true, ""},
	} {
		r := reorg.AnalyzeBuilds(builds, layout.Checks)
		if len(r.Findings) == 0 {
			t.Fatal("no finding in s")
		}
		for i := range r.Findings {
			if c.left && r.Findings[i].Check.Reorders() {
				r.Findings[i].Left = "no order fixes it"
			}
		}
		r.Proposal = &layout.Proposal{Struct: c.p}
		got := fixBuys("s", s, builds, layout.Checks, r, golayout.FixPads("", 0, false))
		if c.want == "" && got != "" || !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
