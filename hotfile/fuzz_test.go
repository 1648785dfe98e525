package hotfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
)

// FuzzParse feeds hot files and net_cachelines tables, seeded from every
// real one in testdata, to parse and applies what it accepts. Errors must
// name the file; a Set that parses must apply without a panic.
func FuzzParse(f *testing.F) {
	var files []string
	for _, glob := range []string{filepath.Join(tables, "*.rst"), "../testdata/hot/*.hot"} {
		m, err := filepath.Glob(glob)
		if err != nil || len(m) == 0 {
			f.Fatalf("no seeds in %s: %v", glob, err)
		}
		files = append(files, m...)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(filepath.Base(file), data)
	}
	f.Add("hot.txt", []byte("net_device.ifindex hot write path=tx,rx # c\nnet_device percpu\n"+
		"net_device budget path=tx lines=2\nnet_device ignore padding,spread why\nmain.T.f hot\n"))
	f.Add("crlf.txt", []byte("\uFEFFnet_device.mtu hot\r\nnet_device.mtu hot path=rx\r\n"))
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		s, err := parse(name, data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), name) {
				t.Errorf("error does not name the file %q: %v", name, err)
			}
			return
		}
		s.StructNames()
		st := netDevice()
		if _, err := s.Apply([]*layout.Struct{st}); err == nil {
			st.ResolvePaths()
			for _, m := range []*layout.Member{member(t, st, "state"), member(t, st, "ifindex")} {
				if m.Hot != nil && !isSorted(m.Hot.Paths) {
					t.Errorf("%s: paths %q not sorted", m.Name, m.Hot.Paths)
				}
			}
			reorg.Analyze(st, []int64{64})
		}
	})
}

func isSorted(p []string) bool {
	for i := 1; i < len(p); i++ {
		if p[i-1] >= p[i] {
			return false
		}
	}
	return true
}

// FuzzTable feeds the net_cachelines table parser alone, seeded from the
// kernel's tables, so that mutations which lose the column header still
// reach it. Every row it accepts names a struct and a field, and is hot on
// a path named in a header column.
func FuzzTable(f *testing.F) {
	files, err := filepath.Glob(filepath.Join(tables, "*.rst"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no seed tables: %v", err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := strings.Split(string(data), "\n")
		s, err := parseTable("t.rst", lines)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "t.rst") {
				t.Errorf("error does not name the file: %v", err)
			}
			return
		}
		for _, h := range s.Hot {
			if h.Struct == "" || h.Field == "" || h.Line < 1 || h.Line > len(lines) {
				t.Errorf("row %+v", h)
			}
			if !isSorted(h.Hot.Paths) {
				t.Errorf("%s.%s: paths %q not sorted", h.Struct, h.Field, h.Hot.Paths)
			}
		}
	})
}
