package profile

import (
	"go/ast"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
)

// A profile tells goroutines apart by the function at the bottom of their
// stacks. Counter is bumped by the workers a loop starts with a function
// literal that captures only what they share: hits, written by many
// goroutines, shares its line with limit, which only they read, right
// after writing hits (limit's users write hits: Hot.Wrote): the line
// moves between them for hits wherever limit is, so it is truly shared.
// The main goroutine alone pushes onto Ring and transmits on Device: no
// false sharing there, though their written fields share lines with read
// ones.
func TestWorkloadGoroutines(t *testing.T) {
	p := workProgram(t)
	r, err := p.Map([]Input{{File: workloadProfile(t)}})
	if err != nil {
		t.Fatal(err)
	}
	worker := layout.Goroutine{Func: workPkg + ".count.func1", Many: true}
	main := layout.Goroutine{Func: "main.main"}
	for _, c := range []struct {
		name, field string
		goroutines  []layout.Goroutine
		falseshare  string
	}{
		{"Counter", "hits", []layout.Goroutine{worker}, ""},
		{"Ring", "head", []layout.Goroutine{main}, ""},
		{"Device", "txPackets", []layout.Goroutine{main}, ""},
	} {
		s, err := p.Layout(r, workPkg+"."+c.name, DefaultMin)
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(s.Members, func(m layout.Member) bool { return m.Name == c.field })
		if h := s.Members[i].Hot; h == nil || !h.Profiled || !slices.Equal(h.Writers, c.goroutines) {
			t.Errorf("%s.%s: mark %+v, want written by %v", c.name, c.field, h, c.goroutines)
		}
		var got []string
		for _, f := range reorg.Analyze(s, []int64{64}).Findings {
			if f.Check.Name == "falseshare" {
				got = append(got, f.Message)
			}
		}
		if strings.Join(got, "\n") != c.falseshare {
			t.Errorf("%s: falseshare\n%s\nwant\n%s", c.name, strings.Join(got, "\n"), c.falseshare)
		}
	}
}

// Many goroutines run a function literal that a loop starts with no
// argument and nothing of the loop's own; one given its connection, its
// index or a variable of the iteration may work on objects of its own.
func TestManyStarts(t *testing.T) {
	p, err := Load("", "./testdata/goroutines")
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for k := range p.findManyStarts() {
		if strings.HasSuffix(k.file, "goroutines.go") {
			got = append(got, k.line)
		}
	}
	slices.Sort(got)
	// The lines of the func keywords marked "many" in the file.
	want := wantLines(t, "testdata/goroutines/goroutines.go", "// many")
	if !slices.Equal(got, want) {
		t.Errorf("many goroutines start at lines %v, want %v", got, want)
	}
}

// wantLines are the numbers of the lines of file that hold marker.
func wantLines(t *testing.T, file, marker string) []int {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []int
	for i, l := range strings.Split(string(b), "\n") {
		if strings.Contains(l, marker) {
			out = append(out, i+1)
		}
	}
	return out
}

// The load holds many values of a struct type kept in a slice, map, array
// or channel, made in a loop, or held by a type held many; one made once,
// or a package-level variable, it holds few of.
const manyPkg = "github.com/cachelint/cachelint/profile/testdata/many."

// sampling is a result whose samples are in the functions of p named
// (by name, methods without their receiver), or in every function of p
// when none is named.
func sampling(p *Program, names ...string) *Result {
	r := &Result{sampled: map[*ast.BlockStmt]bool{}}
	for _, f := range p.files {
		for _, d := range f.syntax.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && (len(names) == 0 || slices.Contains(names, fd.Name.Name)) {
				r.sampled[fd.Body] = true
			}
		}
	}
	return r
}

// A type is held many through the code a profile samples: multi's slice
// of pools, walked only by multi.walk, makes pool many where walk is
// sampled, not where only newPool, which makes one, is.
func TestHeldManySampled(t *testing.T) {
	p, err := Load("", "./testdata/many")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sampled []string
		want    bool
	}{
		{[]string{"newPool"}, false},
		{[]string{"newPool", "run"}, false},
		{[]string{"newPool", "walk"}, true},
	} {
		if got := p.heldMany(sampling(p, c.sampled...), manyPkg+"pool"); got != c.want {
			t.Errorf("sampled %v: pool held many %v, want %v", c.sampled, got, c.want)
		}
	}
}

// With every function sampled, the types of profile/testdata/many marked
// "many" are held many, and no other.
func TestHeldMany(t *testing.T) {
	p, err := Load("", "./testdata/many")
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("testdata/many/many.go")
	if err != nil {
		t.Fatal(err)
	}
	for l := range strings.Lines(string(b)) {
		name, ok := strings.CutPrefix(l, "type ")
		if !ok {
			continue
		}
		name, _, _ = strings.Cut(name, " ")
		want := strings.Contains(l, "// many")
		if got := p.heldMany(sampling(p), manyPkg+name); got != want {
			t.Errorf("%s: held many %v, want %v", name, got, want)
		}
	}
}

// A sample's goroutine is named by the function at the bottom of its
// stack, below runtime.main and runtime.goexit; testing's run1 goroutine,
// which runs a benchmark's first round before launch's runs the rest, is
// launch's; RunParallel's are many; a stack as deep as the profiler cuts
// them is no one's.
func TestGoroutineOf(t *testing.T) {
	p := &Program{}
	for _, c := range []struct {
		stack []string // leaf first
		want  layout.Goroutine
	}{
		{[]string{"main.(*Meter).Record", "main.Run", "main.main", "runtime.main", "runtime.goexit"}, layout.Goroutine{Func: "main.main"}},
		{[]string{"main.(*Meter).Convert", "main.Run.func1"}, layout.Goroutine{Func: "main.Run.func1"}},
		{[]string{"x.(*T).Get", "x.BenchmarkGet", "testing.(*B).runN", "testing.(*B).run1.func1"}, layout.Goroutine{Func: "testing.(*B).launch"}},
		{[]string{"x.(*T).Get", "x.BenchmarkGet", "testing.(*B).runN", "testing.(*B).launch"}, layout.Goroutine{Func: "testing.(*B).launch"}},
		{[]string{"x.(*T).Get", "x.BenchmarkGet.func1", "testing.(*B).RunParallel.func1"}, layout.Goroutine{Func: runParallel, Many: true}},
		{[]string{"x.(*T).Get", "x.conc.func1", "sync.(*WaitGroup).Go.func1"}, layout.Goroutine{Func: "x.conc.func1"}},
		{slices.Repeat([]string{"x.f"}, maxStack), layout.Goroutine{}},
	} {
		var locs []loc
		s := pprofStack{}
		for i, name := range c.stack {
			locs = append(locs, loc{frames: []frame{{name: name}}})
			s.locations = append(s.locations, int32(i))
		}
		if got := p.goroutineOf(s, locs, false); got != c.want {
			t.Errorf("%v: %v, want %v", c.stack, got, c.want)
		}
	}
}

// In a profile of benchmarks, which testing runs one after another, a
// goroutine is of the benchmarks whose code reaches the function that
// starts it; testing's own goroutine is of the benchmark it calls.
func TestBenchmarkPhases(t *testing.T) {
	p, err := Load("", "./testdata/goroutines")
	if err != nil {
		t.Fatal(err)
	}
	const pkg = "github.com/cachelint/cachelint/profile/testdata/goroutines"
	for name, want := range map[string]string{
		pkg + ".conc":       pkg + ".BenchmarkA," + pkg + ".BenchmarkB",
		pkg + ".BenchmarkC": pkg + ".BenchmarkC",
		pkg + ".workers":    "",
	} {
		if got := strings.Join(p.benchmarksReaching(name), ","); got != want {
			t.Errorf("%s: reached by %q, want %q", name, got, want)
		}
	}
	for _, c := range []struct {
		stack []string // leaf first
		want  string
	}{
		{[]string{pkg + ".conc.func1", "sync.(*WaitGroup).Go.func1"}, pkg + ".BenchmarkA," + pkg + ".BenchmarkB"},
		{[]string{pkg + ".workers.func1"}, ""},
		{[]string{pkg + ".BenchmarkC.func1", runParallel}, pkg + ".BenchmarkC"},
		{[]string{pkg + ".conc", pkg + ".BenchmarkB", benchRunner, "testing.(*B).launch"}, pkg + ".BenchmarkB"},
	} {
		var locs []loc
		s := pprofStack{}
		for i, name := range c.stack {
			locs = append(locs, loc{frames: []frame{{name: name}}})
			s.locations = append(s.locations, int32(i))
		}
		if got := p.goroutineOf(s, locs, true).Phases; got != c.want {
			t.Errorf("%v: phases %q, want %q", c.stack, got, c.want)
		}
	}
	for in, want := range map[string]string{"x.F.func1": "x.F", "x.F.func1.2": "x.F", "x.(*T).M.func3": "x.(*T).M", "x.F": "x.F", "x.funcs": "x.funcs"} {
		if got := enclosingFunc(in); got != want {
			t.Errorf("enclosingFunc(%s) = %s, want %s", in, got, want)
		}
	}
}
