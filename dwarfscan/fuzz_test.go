package dwarfscan

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/cachelint/cachelint/input"
)

// FuzzStructs feeds the reader C objects with their DWARF mangled: it must
// return layouts that hold together or an error that names the file and
// says which kind it is, never panic (a panic of the reader's own is not
// recovered: input.Recovered) or hang. The seeds are DWARF 5 and 4, with
// and without relocations to apply, with type units, C++ base classes and
// virtual bases, split DWARF and big-endian bit-fields. An execution
// takes milliseconds (a file, a mapping, goroutines), so run it with
// -fuzzminimizetime 1x.
func FuzzStructs(f *testing.F) {
	for _, p := range []string{"c/types.o", "c/bitfields-dwarf4.o", "c/queues.o", "c/queues-tu.o", "c/cxx.o",
		"c/vbases.o", "c/queues-split.dwo", "c/bitfields-s390x.o"} {
		b, err := os.ReadFile(testdata(p))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	dir := f.TempDir()
	kinds := []error{input.ErrCorrupt, input.ErrNotBinary, input.ErrNoTypes, input.ErrNotFound, input.ErrLimit}
	check := func(t *testing.T, path string, err error) {
		t.Helper()
		var fe *input.FileError
		if !errors.As(err, &fe) || fe.Path != path {
			t.Fatalf("error does not name the file: %v", err)
		}
		for _, k := range kinds {
			if errors.Is(err, k) {
				return
			}
		}
		t.Fatalf("error of no kind: %v", err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		path := filepath.Join(dir, "fuzz.o")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		file, err := Open(path)
		if err != nil {
			check(t, path, err)
			return
		}
		defer file.Close()
		for i, names := range [][]string{nil, {"flex", "nested"}} {
			file.ExpandTypes = i == 1
			ss, err := file.Structs(names...)
			if err != nil {
				check(t, path, err)
			}
			for _, s := range ss {
				if err := s.Validate(); err != nil {
					t.Fatalf("struct %s: %v", s.Name, err)
				}
			}
		}
	})
}
