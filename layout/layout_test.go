package layout

import (
	"slices"
	"strings"
	"testing"
)

// field describes a member for goStruct: name, size, alignment and hot
// annotation ("", "r", "w", "r:tx", "w:rx,tx"...).
type field struct {
	name        string
	size, align int64
	hot         string
}

// goStruct lays fields out as gc does, so tests read like Go declarations.
func goStruct(name string, fs ...field) *Struct {
	s := &Struct{Name: name, Lang: LangGo, Align: 1, PadZeroSizeTail: true}
	var off int64
	for _, f := range fs {
		off = AlignUp(off, f.align)
		m := Member{Name: f.name, Type: "T", Offset: off, Size: f.size, Align: f.align, BitOffset: off * 8}
		if f.name == "_" {
			m.Padding, m.Type, m.ElemSize = true, "[N]byte", 1
		}
		if f.hot != "" {
			kind, paths, _ := strings.Cut(f.hot, ":")
			m.Hot = &Hot{Write: kind == "w"}
			if paths != "" {
				m.Hot.Paths = strings.Split(paths, ",")
			}
		}
		s.Members = append(s.Members, m)
		off += f.size
		s.Align = max(s.Align, f.align)
	}
	if n := len(fs); n > 0 && fs[n-1].size == 0 && off > 0 {
		off++
	}
	s.Size = AlignUp(off, s.Align)
	s.ResolvePaths()
	return s
}

func u64(name, hot string) field { return field{name, 8, 8, hot} }

func u32(name, hot string) field { return field{name, 4, 4, hot} }

func pad(n int64) field { return field{"_", n, 1, ""} }

// cold returns n cold 8-byte fields.
func cold(prefix string, n int) []field {
	var fs []field
	for i := range n {
		fs = append(fs, u64(prefix+string(rune('a'+i)), ""))
	}
	return fs
}

func TestDefaultLineSize(t *testing.T) {
	t.Parallel()
	for goarch, want := range map[string]int64{"amd64": 64, "386": 64, "riscv64": 64, "loong64": 64, "wasm": 64,
		"arm64": 128, "ppc64": 128, "ppc64le": 128, "s390x": 256, "arm": 32, "mips": 32, "mips64le": 32} {
		if got := DefaultLineSize(goarch); got != want {
			t.Errorf("DefaultLineSize(%s) = %d, want %d", goarch, got, want)
		}
	}
}

func TestIsPadName(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]bool{
		"_": true, "pad": true, "_pad": true, "__pad": true, "pad0": true, "pad_": true, "padding": true, "padding2": true,
		"hpad": true, "tpad": true, "head_pad": true, "tailPadding": true, "__pad1": true,
		"padx": false, "paddle": false, "spade": false, "page": false, "x": false, "pads_used": false,
	} {
		if IsPadName(name) != want {
			t.Errorf("IsPadName(%q) = %v", name, !want)
		}
	}
}

func TestNumberBitFieldUnits(t *testing.T) {
	t.Parallel()
	ms := []Member{
		{Name: "a", Offset: 0, Size: 4, BitSize: 3},
		{Name: "b", Offset: 0, Size: 4, BitOffset: 3, BitSize: 5},
		{Name: "c", Offset: 4, Size: 4},
		{Name: "d", Offset: 8, Size: 4, BitOffset: 64, BitSize: 1},
		{Name: "e", Offset: 12, Size: 2, BitOffset: 96, BitSize: 2},
		{Name: "f", Offset: 12, Size: 2, BitOffset: 98, BitSize: 2},
	}
	unit := 4
	NumberBitFieldUnits(ms, &unit)
	var got []int
	for _, m := range ms {
		got = append(got, m.Unit)
	}
	if want := []int{5, 5, 0, 0, 6, 6}; !slices.Equal(got, want) || unit != 6 {
		t.Errorf("units %v (last %d), want %v", got, unit, want)
	}
}
