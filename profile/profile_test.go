package profile

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"sync"
	"testing"

	pprofile "github.com/google/pprof/profile"

	"github.com/cachelint/cachelint/internal/recorded"
	"github.com/cachelint/cachelint/reorg"
)

const workPkg = "github.com/cachelint/cachelint/profile/testdata/work"

// workloadProfile returns the recorded profile of the work package's
// workload (scripts/record-profiles).
func workloadProfile(t testing.TB) string {
	t.Helper()
	return recorded.Profile(t, "testdata/work/work.pprof")
}

var (
	loadOnce sync.Once
	loaded   *Program
	loadErr  error
)

func workProgram(t *testing.T) *Program {
	t.Helper()
	loadOnce.Do(func() { loaded, loadErr = Load("", "./testdata/work") })
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	return loaded
}

// marks renders the hot marks of the fields of struct name, "-" for cold.
func marks(r *Result, name string) string {
	s := r.Struct(workPkg + "." + name)
	if s == nil {
		return "untouched"
	}
	var out []string
	for i := range s.Fields {
		f := &s.Fields[i]
		m := "-"
		if h := r.Hot(f, DefaultMin); h != nil {
			m = h.String()
		}
		out = append(out, f.Name+":"+m)
	}
	return strings.Join(out, " ")
}

func TestWorkload(t *testing.T) {
	p := workProgram(t)
	r, err := p.Map([]Input{{File: workloadProfile(t)}})
	if err != nil {
		t.Fatal(err)
	}
	st := r.Profiles[0]
	t.Logf("%d samples, %d in the load, %d touching fields", st.Samples, st.Matched, st.Mapped)
	if st.Matched*2 < st.Samples {
		t.Errorf("only %d of %d samples matched the load", st.Matched, st.Samples)
	}
	for _, c := range []struct{ name, want string }{
		// The parallel counter: written by atomic Add.
		{"Counter", "name:- hits:hot write limit:hot"},
		// Read-mostly fields, one read through an inlined accessor, and
		// one counter.
		{"Device", "name:- xmit:hot alias:- stats:- mtu:hot flags:- addr:- ifindex:- watchdog:- features:hot txPackets:hot write"},
		// A generic type, through its instantiation.
		{"Ring", "head:hot write tail:- mask:hot slots:hot dropped:-"},
		// Fields written through an embedding, and the embedded field
		// itself, written in place.
		{"Stats", "packets:hot write bytes:hot write errors:-"},
		{"Queue", "Stats:hot write id:- ring:- owner:-"},
		// Read once at startup.
		{"Config", "untouched"},
	} {
		if got := marks(r, c.name); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
			if s := r.Struct(workPkg + "." + c.name); s != nil {
				for _, f := range s.Fields {
					t.Logf("  %s: %v of %d, writes %v", f.Name, f.Samples, r.Total[""], f.Writes)
				}
			}
		}
	}
}

// Device's hot fields lie on more lines than they need, but the workload
// makes one Device, outside any loop, and keeps it in no slice, map, array
// or channel: one object, which stays in cache, so the profile's marks
// give no spread. Annotated with the same marks, which say the path runs
// over many objects, they do.
func TestWorkloadSpread(t *testing.T) {
	p := workProgram(t)
	r, err := p.Map([]Input{{File: workloadProfile(t)}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := p.Layout(r, workPkg+".Device", DefaultMin)
	if err != nil {
		t.Fatal(err)
	}
	spread := func() string {
		var checks []string
		for _, f := range reorg.Analyze(s, []int64{64}).Findings {
			checks = append(checks, f.Check.Name+": "+f.Message)
		}
		return strings.Join(checks, "\n")
	}
	if got := spread(); strings.Contains(got, "spread") {
		t.Errorf("spread on the one Device:\n%s", got)
	}
	for i := range s.Members {
		if h := s.Members[i].Hot; h != nil {
			if !h.Few {
				t.Errorf("Device.%s: %+v, not few", s.Members[i].Name, h)
			}
			h.Few = false
		}
	}
	if got := spread(); !strings.Contains(got, "spread") {
		t.Errorf("no spread finding on Device annotated; findings:\n%s", got)
	}
}

// A generic type whose type parameter sits behind a slice has a layout of
// its own, as the analyzer checks it, and the hot file names Ring's fields.
// Its written head shares its line with the read-mostly mask, but only the
// main goroutine pushes: no false sharing. -annotate marks head and tail,
// declared together, with one comment: written, as head is.
func TestWorkloadGeneric(t *testing.T) {
	p := workProgram(t)
	r, err := p.Map([]Input{{File: workloadProfile(t)}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := p.Layout(r, workPkg+".Ring", DefaultMin)
	if err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, f := range reorg.Analyze(s, []int64{64}).Findings {
		msgs = append(msgs, f.Check.Name+": "+f.Message)
	}
	if got := strings.Join(msgs, "\n"); strings.Contains(got, "falseshare") {
		t.Errorf("Ring, pushed by one goroutine, has a falseshare finding:\n%s", got)
	}
	marks, err := p.Marks(r, DefaultMin)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := WriteHotFile(&b, marks, ""); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{workPkg + ".Ring.head hot write\n", workPkg + ".Ring.mask hot\n"} {
		if !strings.Contains(b.String(), line) {
			t.Errorf("hot file lacks %q:\n%s", line, b.String())
		}
	}
}

// The recorded profile is of a -trimpath build, whose files are named by
// module path. A build without -trimpath names them by absolute path, and
// an older runtime gives no function start lines (function literals are
// then told by name): the same profile, so rewritten, maps the same.
func TestProfileVariants(t *testing.T) {
	abs, err := filepath.Abs("testdata/work/work.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		rewrite func(*pprofile.Function)
	}{
		{"absolute paths", func(fn *pprofile.Function) {
			if fn.Filename == workPkg+"/work.go" {
				fn.Filename = abs
			}
		}},
		{"no start lines", func(fn *pprofile.Function) { fn.StartLine = 0 }},
	} {
		f, err := os.Open(workloadProfile(t))
		if err != nil {
			t.Fatal(err)
		}
		prof, err := pprofile.Parse(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, fn := range prof.Function {
			c.rewrite(fn)
		}
		name := filepath.Join(t.TempDir(), "cpu.pprof")
		out, err := os.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := prof.Write(out); err != nil {
			t.Fatal(err)
		}
		if err := out.Close(); err != nil {
			t.Fatal(err)
		}
		r, err := workProgram(t).Map([]Input{{Path: "tx", File: name}})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if st := r.Profiles[0]; st.Matched*2 < st.Samples {
			t.Errorf("%s: only %d of %d samples matched the load", c.name, st.Matched, st.Samples)
		}
		want := "name:- xmit:hot path=tx alias:- stats:- mtu:hot path=tx flags:- addr:- ifindex:- watchdog:- features:hot path=tx txPackets:hot write path=tx"
		if got := marks(r, "Device"); got != want {
			t.Errorf("%s: Device:\n got %s\nwant %s", c.name, got, want)
		}
	}
}

func TestBadInput(t *testing.T) {
	good := workloadProfile(t)
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	os.WriteFile(text, []byte("this is not a profile\n"), 0o644)
	heap := filepath.Join(dir, "heap.pprof")
	f, err := os.Create(heap)
	if err != nil {
		t.Fatal(err)
	}
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		t.Fatal(err)
	}
	f.Close()

	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	cut := filepath.Join(dir, "cut.pprof")
	os.WriteFile(cut, data[:len(data)/2], 0o644)

	other, err := Load("testdata/othermod", "./...")
	if err != nil {
		t.Fatal(err)
	}
	cold, err := Load("", "./testdata/cold")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		p    *Program
		file string
		want string
	}{
		{"not a profile", workProgram(t), text, text + ": not a pprof profile"},
		{"truncated", workProgram(t), cut, cut + ": corrupt gzip: unexpected EOF"},
		{"heap profile", workProgram(t), heap, heap + ": not a CPU profile: its samples are alloc_objects/count"},
		{"another program", other, good, good + ": a profile of another program"},
		{"packages left out", cold, good, good + ": no sample in the packages loaded; its samples in github.com/cachelint/cachelint are in "},
	} {
		_, err := c.p.Map([]Input{{File: c.file}})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: got error %v, want %q...", c.name, err, c.want)
		}
	}

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"t-x=" + good, "./..."}, `bad path name "t-x"`},
		{[]string{"tx=" + filepath.Join(dir, "missing.pprof"), "./..."}, filepath.Join(dir, "missing.pprof") + ": no such file (the profile for path tx)"},
		{[]string{"nosuch.pprof", "./..."}, "nosuch.pprof: no such file"},
		{[]string{good, "typo.prof", "c.pb.gz", "./..."}, "typo.prof: no such file\nc.pb.gz: no such file"},
		{[]string{"cpu.out", "./..."}, "cpu.out: no such file"},
		{[]string{"testdata.pprof", "./..."}, "testdata.pprof: no such file"},
		{[]string{good, "tx=" + good, "./..."}, "names no path while tx="},
	} {
		_, _, err := SplitArgs(c.args)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("SplitArgs(%q): got error %v, want %q", c.args, err, c.want)
		}
	}
	ins, pats, err := SplitArgs([]string{"tx=" + good, "rx=" + good, "./testdata/work"})
	if err != nil || len(ins) != 2 || ins[1].Path != "rx" || len(pats) != 1 || pats[0] != "./testdata/work" {
		t.Errorf("SplitArgs: %v %v %v", ins, pats, err)
	}
}

func TestIsClosure(t *testing.T) {
	for name, want := range map[string]bool{
		"example.com/txpath.NewDevice.func1":                   true,
		"example.com/txpath.BenchmarkTransmit.NewDevice.func1": true,
		"example.com/p.(*T).Run.func2.3":                       true,
		"example.com/p.(*T).Run":                               false,
		"example.com/p.function":                               false,
		"example.com/p.func1":                                  false,
		"main.main.func1":                                      true,
		"example.com/p.Run.gowrap1":                            false,
		"example.com/p.init.0":                                 false,
		"main.main":                                            false,
	} {
		if got := isClosure(name); got != want {
			t.Errorf("isClosure(%q) = %v, want %v", name, got, want)
		}
	}
}

// Queue's code writes packets and bytes through the embedded Stats: the
// layout counts those two fields where they lie in Stats, not the whole
// of Stats, of which errors is cold.
func TestWorkloadParts(t *testing.T) {
	p := workProgram(t)
	r, err := p.Map([]Input{{File: workloadProfile(t)}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := p.Layout(r, workPkg+".Queue", DefaultMin)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, pt := range s.Members[0].Parts {
		got = append(got, fmt.Sprintf("%s@%d+%d %s", pt.Name, pt.Offset, pt.Size, pt.Hot))
	}
	if want := "bytes@8+8 hot write path=hot, packets@0+8 hot write path=hot"; strings.Join(got, ", ") != want {
		t.Errorf("Queue.Stats parts %q, want %q", strings.Join(got, ", "), want)
	}
}
