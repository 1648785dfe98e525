package main

import (
	"debug/dwarf"
	"debug/elf"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"50M": 50e6, "200MB": 200e6, "1Gi": 1 << 30, "1.5k": 1500, "4096": 4096, "2MiB": 2 << 20} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "M", "-1M", "0", "ten"} {
		if _, err := parseSize(in); err == nil {
			t.Errorf("parseSize(%q): no error", in)
		}
	}
}

// structNames reads the struct names of an ELF file's DWARF, and checks
// that every unit's line table reads.
func structNames(t *testing.T, path string) (names []string, units int) {
	t.Helper()
	f, err := elf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := f.DWARF()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	r := d.Reader()
	for {
		e, err := r.Next()
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if e == nil {
			break
		}
		switch e.Tag {
		case dwarf.TagCompileUnit:
			units++
			lr, err := d.LineReader(e)
			if err != nil {
				t.Fatalf("%s: unit %d: line table: %v", path, units, err)
			}
			if lr != nil {
				var le dwarf.LineEntry
				for lr.Next(&le) == nil {
				}
			}
		case dwarf.TagStructType:
			if n, ok := e.Val(dwarf.AttrName).(string); ok {
				names = append(names, n)
			}
		}
	}
	return names, units
}

func TestCut(t *testing.T) {
	for _, tc := range []struct {
		in    string
		share float64 // of the input's size
		all   bool    // every unit is kept
	}{
		{"../../../testdata/c/fixture", 1, true}, // GCC, DWARF 5, compressed sections, 3 units
		{"../../../testdata/gobin/gobin", 2, true},
		{"../../../testdata/gobin/gobin", 0.25, false}, // Go, DWARF 5 with .debug_addr; types in the last unit
		{"../../../testdata/c/fixture", 0.6, false},
	} {
		st, err := os.Stat(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		size := int64(float64(st.Size()) * tc.share)
		c, err := cut(tc.in, size)
		if err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		out := filepath.Join(t.TempDir(), "out")
		if size < 1<<20 {
			size = 1 << 20 // room for the uncompressed sections
		}
		if err := c.writeFile(out, size); err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		if st, err := os.Stat(out); err != nil || st.Size() != size {
			t.Fatalf("%s: output of %v bytes, %v; want %d", tc.in, st.Size(), err, size)
		}
		inNames, inUnits := structNames(t, tc.in)
		outNames, outUnits := structNames(t, out)
		if inUnits != c.units || outUnits != c.kept {
			t.Errorf("%s: %d and %d units read, cut says %d of %d", tc.in, inUnits, outUnits, c.kept, c.units)
		}
		if tc.all {
			if !slices.Equal(inNames, outNames) || c.kept != c.units {
				t.Errorf("%s: all units: %d structs out of %d in", tc.in, len(outNames), len(inNames))
			}
			continue
		}
		if c.kept >= c.units || c.kept < 1 || len(outNames) > len(inNames) || !slices.Equal(outNames, inNames[:len(outNames)]) {
			t.Errorf("%s: kept %d of %d units, %d of %d structs, want a prefix", tc.in, c.kept, c.units, len(outNames), len(inNames))
		}
		if got, want := float64(c.infoCut)/float64(c.infoLen), tc.share; got > want {
			t.Errorf("%s: kept %.2f of .debug_info, over the share %.2f", tc.in, got, want)
		}
	}
}

func TestCutRefusesRelocatable(t *testing.T) {
	if _, err := cut("../../../testdata/c/types.o", 1e6); err == nil {
		t.Error("cut of a relocatable file: no error")
	}
}

func TestTooSmall(t *testing.T) {
	c, err := cut("../../../testdata/gobin/gobin", 1e9)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.writeFile(filepath.Join(t.TempDir(), "out"), 1000); err == nil {
		t.Error("writeFile under the size of the sections: no error")
	}
}
