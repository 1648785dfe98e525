package dwarfscan

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzStructs feeds the reader C objects with their DWARF mangled: it must
// return layouts or an error naming the file, never panic or hang. The
// seeds are DWARF 5 and 4, with and without relocations to apply, with
// type units and C++ base classes. An execution takes milliseconds (a
// file, a mapping, goroutines), so run it with -fuzzminimizetime 1x.
func FuzzStructs(f *testing.F) {
	for _, p := range []string{"c/types.o", "c/bitfields-dwarf4.o", "c/queues.o", "c/queues-tu.o", "c/cxx.o"} {
		b, err := os.ReadFile(testdata(p))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, b []byte) {
		path := filepath.Join(dir, "fuzz.o")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		file, err := Open(path)
		if err != nil {
			if !strings.HasPrefix(err.Error(), path+": ") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		defer file.Close()
		for _, names := range [][]string{nil, {"flex", "nested"}} {
			if _, err := file.Structs(names...); err != nil && !strings.HasPrefix(err.Error(), path+": ") {
				t.Fatalf("error does not name the file: %v", err)
			}
		}
	})
}
