package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// funclen finds a function one line over, and a method, and skips
// testdata, hidden folders and other modules.
func TestLongFuncs(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	body := func(name string, lines int) string {
		// func line, lines-2 statements, closing brace.
		return "func " + name + " {\n" + strings.Repeat("\t_ = 0\n", lines-2) + "}\n"
	}
	files := map[string]string{
		"go.mod":        "module example.com/m\n",
		"a.go":          "package m\n\n" + body("ok()", 5) + body("long()", 6),
		"sub/b_test.go": "package sub\n\ntype T[P any] struct{}\n\n" + body("(t *T[P]) Method()", 7),
		"testdata/c.go": "package c\n\n" + body("skipped()", 50),
		".hidden/d.go":  "package d\n\n" + body("skipped()", 50),
		"other/go.mod":  "module example.com/other\n",
		"other/e.go":    "package other\n\n" + body("skipped()", 50),
	}
	for name, text := range files {
		path := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	long, err := longFuncs(root, 5)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	report(&b, long, 5)
	want := "a.go:8: long is 6 lines, over 5\nsub/b_test.go:5: T.Method is 7 lines, over 5\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}
