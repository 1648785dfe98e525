package analyzer

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// ModuleProfiles finds the default.pgo of each main package of a module,
// as go build -pgo=auto would for each: not beside a library, nor in
// vendor, testdata, _ or . directories or nested modules.
func TestModuleProfiles(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		name = filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n")
	for _, dir := range []string{".", "cmd/a", "cmd/b", "lib", "vendor/x", "testdata/c", "_old/d", ".git/e", "nested/f"} {
		name := "main"
		if dir == "lib" {
			name = "lib"
		}
		write(filepath.Join(dir, "x.go"), "package "+name+"\n")
		write(filepath.Join(dir, "default.pgo"), "")
	}
	write("nested/go.mod", "module example.com/nested\n")
	write("cmd/c/x_test.go", "package main\n") // a test alone is no main package
	write("cmd/c/default.pgo", "")
	var got []string
	for _, f := range moduleProfiles(root) {
		rel, _ := filepath.Rel(root, f)
		got = append(got, filepath.ToSlash(rel))
	}
	if want := []string{"cmd/a/default.pgo", "cmd/b/default.pgo", "default.pgo"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
