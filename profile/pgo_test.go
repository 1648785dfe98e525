package profile

import (
	"slices"
	"strings"
	"testing"
)

// Profiles given together merge, as go build merges -pgo profiles: the
// samples add up, so each field keeps its share and its mark; and each
// field says which functions' lines credit it.
func TestMapPGOMerges(t *testing.T) {
	p := workProgram(t)
	file := workloadProfile(t)
	one, err := p.MapPGO([]string{file}, false)
	if err != nil {
		t.Fatal(err)
	}
	two, err := p.MapPGO([]string{file, file}, false)
	if err != nil {
		t.Fatal(err)
	}
	if two.Total[""] != 2*one.Total[""] || len(two.Profiles) != 2 {
		t.Fatalf("totals %d and %d, %d profiles", one.Total[""], two.Total[""], len(two.Profiles))
	}
	for _, s := range one.Structs {
		name := strings.TrimPrefix(s.Key, workPkg+".")
		if got, want := marks(two, name), marks(one, name); got != want {
			t.Errorf("%s: merged %s, alone %s", name, got, want)
		}
		for i, f := range s.Fields {
			if len(f.Samples) > 0 && len(f.Funcs) == 0 {
				t.Errorf("%s.%s: %d samples, no function credits it", name, f.Name, f.Samples[""])
			}
			for fn, n := range f.Funcs {
				if n > f.Samples[""] || two.Struct(s.Key).Fields[i].Funcs[fn] != 2*n {
					t.Errorf("%s.%s: %s credits %d of %d samples alone, %d merged", name, f.Name, fn, n, f.Samples[""], two.Struct(s.Key).Fields[i].Funcs[fn])
				}
			}
		}
	}
	hot, err := p.Profiled(one, DefaultMin, []string{"work.pprof"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(hot) == 0 {
		t.Fatal("no hot field")
	}
	for typ, fields := range hot {
		for name, pr := range fields {
			if !slices.Equal(pr.Profiles, []string{"work.pprof"}) || pr.Share < DefaultMin || pr.Share > 1 || len(pr.Funcs) == 0 || len(pr.Funcs) > maxFuncs ||
				strings.Contains(pr.Funcs[0], "/") {
				t.Errorf("%s.%s: %+v", typ, name, pr)
			}
		}
	}
}

// outerFunc names the function a literal is declared in, as profiles name it.
func TestFrameNames(t *testing.T) {
	for in, want := range map[string]string{
		"example.com/m/p.F.func1":        "example.com/m/p.F",
		"example.com/m/p.(*T).M.func2.3": "example.com/m/p.(*T).M",
		"main.Run.func1":                 "main.Run",
		"example.com/m/p.F":              "example.com/m/p.F",
		"example.com/v2.F.func1":         "example.com/v2.F",
	} {
		if got := outerFunc(in); got != want {
			t.Errorf("outerFunc(%s) = %s, want %s", in, got, want)
		}
	}
}

// A type declared in a _test.go file is in test binaries alone: -pgo
// marks none of its fields (Profiled), whatever its benchmarks sample.
func TestDeclaredInTest(t *testing.T) {
	p, err := Load("", "./testdata/goroutines")
	if err != nil {
		t.Fatal(err)
	}
	const pkg = "github.com/cachelint/cachelint/profile/testdata/goroutines"
	for name, want := range map[string]bool{"fixture": true, "pool": false} {
		if got := p.declaredInTest(pkg + "." + name); got != want {
			t.Errorf("%s: declared in a test file %v, want %v", name, got, want)
		}
	}
}
