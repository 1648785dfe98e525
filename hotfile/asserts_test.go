package hotfile

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// The fixture stating 6.18's group sizes keeps the kernel's
// file names and line numbers with #line: the three net_device asserts are
// found where the kernel has them, page_pool's, whose size is a macro, is
// skipped with a note.
func TestLoadAsserts(t *testing.T) {
	set, notes, err := LoadAsserts([]string{"../testdata/kernel/linux-6.18/asserts"})
	if err != nil {
		t.Fatal(err)
	}
	want := []GroupLimit{
		{Pos{"net/core/dev.c", 13159}, "net_device", "net_device_read_tx", 160, "CACHELINE_ASSERT_GROUP_SIZE(struct net_device, net_device_read_tx, 160)"},
		{Pos{"net/core/dev.c", 13168}, "net_device", "net_device_read_txrx", 46, "CACHELINE_ASSERT_GROUP_SIZE(struct net_device, net_device_read_txrx, 46)"},
		{Pos{"net/core/dev.c", 13186}, "net_device", "net_device_read_rx", 92, "CACHELINE_ASSERT_GROUP_SIZE(struct net_device, net_device_read_rx, 92)"},
	}
	if !reflect.DeepEqual(set.Groups, want) {
		t.Errorf("groups\n%+v\nwant\n%+v", set.Groups, want)
	}
	if len(notes) != 1 || notes[0] != "net/core/page_pool.c:189: CACHELINE_ASSERT_GROUP_SIZE(struct page_pool, frag, PAGE_POOL_FRAG_GROUP_ALIGN): size is no number: skipped" {
		t.Errorf("notes %q", notes)
	}
}

func TestParseAsserts(t *testing.T) {
	src := strings.Join([]string{
		"#ifndef CACHELINE_ASSERT_GROUP_SIZE",
		"#define CACHELINE_ASSERT_GROUP_SIZE(TYPE, GROUP, SIZE) \\",
		"/* CACHELINE_ASSERT_GROUP_SIZE in a comment */",
		"	CACHELINE_ASSERT_GROUP_SIZE(struct a, a_read_tx,",
		"				    0x40);",
		"	CACHELINE_ASSERT_GROUP_SIZE(struct b, b_write_rx, 12U);",
	}, "\n")
	got, notes, err := parseAsserts("x.c", src)
	if err != nil || len(notes) != 0 {
		t.Fatalf("%v %q", err, notes)
	}
	if len(got) != 2 || got[0].Pos != (Pos{"x.c", 4}) || got[0].Size != 64 || got[0].Struct != "a" ||
		got[1].Pos != (Pos{"x.c", 6}) || got[1].Size != 12 || got[1].Group != "b_write_rx" {
		t.Errorf("%+v", got)
	}
	for _, tc := range []struct{ src, want string }{
		{"CACHELINE_ASSERT_GROUP_SIZE(struct a, g);", "x.c:1: CACHELINE_ASSERT_GROUP_SIZE(struct a, g): want 3 arguments (struct S, GROUP, SIZE)"},
		{"CACHELINE_ASSERT_GROUP_SIZE(union a, g, 8);", "x.c:1: CACHELINE_ASSERT_GROUP_SIZE(union a, g, 8): want struct NAME and a group name"},
		{"CACHELINE_ASSERT_GROUP_SIZE(struct a, g, 8", "x.c:1: CACHELINE_ASSERT_GROUP_SIZE(struct a, g, 8: no closing parenthesis"},
	} {
		if _, _, err := parseAsserts("x.c", tc.src); err == nil || err.Error() != tc.want {
			t.Errorf("%q: %v, want %s", tc.src, err, tc.want)
		}
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "empty.c"), []byte("int x;\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if _, _, err := LoadAsserts([]string{dir}); err == nil || !strings.Contains(err.Error(), "no CACHELINE_ASSERT_GROUP_SIZE(struct S, GROUP, SIZE) line") {
		t.Errorf("a tree without asserts: %v", err)
	}
	if _, _, err := LoadAsserts([]string{filepath.Join(dir, "missing.c")}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}

// grouped is a kernel-style struct: a read_tx group, a write_rx group and
// a field outside both.
func grouped() *layout.Struct {
	return &layout.Struct{Name: "g", Size: 64, Align: 8, Members: []layout.Member{
		{Name: "__cacheline_group_begin__g_read_tx", Align: 1},
		{Name: "a", Offset: 0, Size: 8, Align: 8},
		{Name: "b", Offset: 8, Size: 8, Align: 8},
		{Name: "__cacheline_group_end__g_read_tx", Offset: 16, Align: 1},
		{Name: "__cacheline_group_begin__g_write_rx", Offset: 16, Align: 1},
		{Name: "c", Offset: 16, Size: 8, Align: 8},
		{Name: "__cacheline_group_end__g_write_rx", Offset: 24, Align: 1},
		{Name: "d", Offset: 24, Size: 8, Align: 8},
		{Name: "e", Offset: 32, Size: 8, Align: 8},
	}}
}

// A table row is checked against the groups: the group wins where they
// disagree, with a warning naming the row and the group; a row marking
// hot a field outside the groups is not applied, with a warning, unless
// the user's own hot file marks that field or lets it join a group; a
// cold one outside says nothing.
func TestTableAgainstMarkers(t *testing.T) {
	table := "Type  Name  fastpath_tx_access  fastpath_rx_access  Comments\n" +
		"..struct ..g\n" +
		"int   a     read_mostly         -\n" + // agrees
		"int   b     -                   read_mostly\n" + // path
		"int   c     -                   read_mostly\n" + // access
		"int   d     read_mostly         -\n" + // outside
		"int   e     -                   -\n" // cold, outside
	set, err := parse("g.rst", []byte(table))
	if err != nil {
		t.Fatal(err)
	}
	s := grouped()
	ws, err := set.Apply([]*layout.Struct{s})
	warnings := warningStrings(ws)
	if err != nil {
		t.Fatal(err)
	}
	wantWarnings := []string{
		"g.rst:4: the table has b read_mostly on rx, but struct g keeps it in cacheline group g_read_tx, read_mostly on tx: the group wins",
		"g.rst:5: the table has c read_mostly on rx, but struct g keeps it in cacheline group g_write_rx, read_write on rx: the group wins",
		"g.rst:6: the table has d read_mostly on tx, but struct g keeps it outside its cacheline groups, on no fast path: the groups win, it stays cold",
	}
	if !reflect.DeepEqual(warnings, wantWarnings) {
		t.Errorf("warnings\n%s\nwant\n%s", strings.Join(warnings, "\n"), strings.Join(wantWarnings, "\n"))
	}
	if err := layout.Annotate(s); err != nil {
		t.Fatal(err)
	}
	for _, w := range []want{{"a", tx}, {"b", tx}, {"c", rxW}, {"d", absent}, {"e", absent}} {
		if got := member(t, s, w.field).Hot; !reflect.DeepEqual(got, w.hot) {
			t.Errorf("%s: %v, want %v", w.field, got, w.hot)
		}
	}
	if !s.KernelPaths {
		t.Error("a struct marked from a table runs on the kernel's paths")
	}

	// The user's hot file decides for the fields it names: a row for one
	// it marks, or lets join a group, applies without a word. Another
	// struct's line changes nothing.
	table += "int   f     read_mostly         read_mostly\n"
	tset, err := parse("g.rst", []byte(table))
	if err != nil {
		t.Fatal(err)
	}
	uset, err := parse("g.hot", []byte("g.d hot path=rx\ng.f join g_read_tx\nh.d hot\n"))
	if err != nil {
		t.Fatal(err)
	}
	s = grouped()
	s.Members = append(s.Members, layout.Member{Name: "f", Offset: 40, Size: 8, Align: 8})
	ws, err = Merge(tset, uset).Apply([]*layout.Struct{s})
	warnings = warningStrings(ws)
	if err != nil {
		t.Fatal(err)
	}
	if want := wantWarnings[:2]; !reflect.DeepEqual(warnings[:min(2, len(warnings))], want) || len(warnings) != 3 || !strings.Contains(warnings[2], "struct h not found") {
		t.Errorf("warnings with the user's file\n%s", strings.Join(warnings, "\n"))
	}
	if err := layout.Annotate(s); err != nil {
		t.Fatal(err)
	}
	for _, w := range []want{{"d", txrx}, {"e", absent}, {"f", txrx}} {
		if got := member(t, s, w.field).Hot; !reflect.DeepEqual(got, w.hot) {
			t.Errorf("with the user's file, %s: %v, want %v", w.field, got, w.hot)
		}
	}
	if got := member(t, s, "f").Join; got != "g_read_tx" {
		t.Errorf("f joins %q", got)
	}
}

func TestGroupAndJoin(t *testing.T) {
	set, err := parse("g.hot", []byte("g.d join g_read_tx\ng group g_read_tx size=24\ng group nosuch size=8\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := grouped()
	ws, err := set.Apply([]*layout.Struct{s})
	warnings := warningStrings(ws)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"g.hot:3: struct g has no cacheline group nosuch"}; !reflect.DeepEqual(warnings, want) {
		t.Errorf("warnings %q", warnings)
	}
	if want := []layout.GroupLimit{{Group: "g_read_tx", Size: 24, Where: "g.hot:2"}}; !reflect.DeepEqual(s.GroupLimits, want) {
		t.Errorf("limits %+v", s.GroupLimits)
	}
	if member(t, s, "d").Join != "g_read_tx" {
		t.Error("d may not join")
	}
	set, err = parse("g.hot", []byte("g.d join nosuch\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := set.Apply([]*layout.Struct{grouped()}); err == nil || err.Error() != "g.hot:1: struct g has no cacheline group nosuch" {
		t.Errorf("join of a group the struct lacks: %v", err)
	}
}
