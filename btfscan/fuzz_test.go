package btfscan

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/cachelint/cachelint/input"
)

// FuzzBTF feeds the reader mangled BTF, raw, gzipped and in an ELF file:
// it must return layouts that hold together or an error that names the
// file and says which kind it is, never panic (a panic of the reader's own
// is not recovered: input.Recovered), hang or allocate without bound; with
// and without -E. The seeds are BTF of the C fixtures (pahole -J; see
// testdata/build.sh), the ELF test fixture, and a big-endian and a gzipped
// copy of its BTF.
func FuzzBTF(f *testing.F) {
	for _, p := range []string{"testdata/types.btf", "testdata/bitfields.btf", "testdata/queues.btf", tinyBTF} {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	raw := tinyRaw(f)
	f.Add(raw)
	f.Add(swapEndian(f, raw))
	f.Add(gz(f, raw))
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
		path := filepath.Join(dir, "fuzz.btf")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		file, err := Open(path)
		if err != nil {
			check(t, path, err)
			return
		}
		all, err := file.Structs()
		if err != nil {
			check(t, path, err)
		}
		for _, s := range all {
			if err := s.Validate(); err != nil {
				t.Fatalf("struct %s: %v", s.Name, err)
			}
		}
		for i, names := range [][]string{{"tiny", "holes"}, {"tiny_packed"}} {
			file.ExpandTypes = i == 1
			found, embedded, err := file.Find(names...)
			if err != nil {
				check(t, path, err)
			}
			for _, s := range append(found, embedded...) {
				if err := s.Validate(); err != nil {
					t.Fatalf("struct %s: %v", s.Name, err)
				}
			}
		}
	})
}
