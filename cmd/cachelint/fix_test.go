package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// copyDir copies the files of a directory tree.
func copyDir(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func cgoWorks() bool {
	out, err := exec.Command("go", "env", "CGO_ENABLED").Output()
	if err != nil || strings.TrimSpace(string(out)) != "1" {
		return false
	}
	_, err = exec.LookPath("gcc")
	return err == nil
}

// -fix on a module whose tests depend on field orders: the fixes that
// would change what a test computes are withheld (an unkeyed literal in
// the package's test, in its external test, in another package; cgo),
// the one that is applied edits its field list only and keeps every
// comment once, the tests still pass, and what remains sets the exit
// status as it would without -fix.
func TestFixKeepsProgramValues(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	copyDir(t, "testdata/fixmod", dir)
	withCgo := cgoWorks()
	if !withCgo {
		os.RemoveAll(filepath.Join(dir, "cg"))
	}
	before := map[string][]byte{}
	for _, f := range []string{"limits_test.go", "stats_test.go", "cg/cg.go", "other/other.go", "user/user.go"} {
		before[f], _ = os.ReadFile(filepath.Join(dir, f))
	}

	out, code := run(t, dir, bin, "-fix", "./...")
	if code != 3 {
		t.Errorf("-fix: exit %d, want 3 for the findings left\n%s", code, out)
	}
	wants := []string{
		"limits.go:5:2: Limits: hot fields occupy 2 lines where 1 would do (64-byte lines): Max, Min; no fix: an unkeyed composite literal at " + filepath.Join(dir, "limits_test.go") + ":6:7 depends on the field order",
		"limits.go:12:2: Stats: hot fields occupy 2 lines where 1 would do (64-byte lines): Hits, Miss; no fix: an unkeyed composite literal at " + filepath.Join(dir, "stats_test.go") + ":10:31 depends on the field order",
		"limits.go:41:11: unknown directive //cachelint:hto",
		"other.go:5:2: Exported: hot fields occupy 2 lines where 1 would do (64-byte lines): Head, Tail; no fix: Exported and all its fields are exported, so code importing fixmod/other that cachelint does not see may build it with an unkeyed literal",
		"other.go:13:2: Sealed: hot fields occupy 2 lines where 1 would do (64-byte lines): Head, Tail; no fix: encoding/binary.Write at " + filepath.Join(dir, "user", "user.go") + ":14:56 encodes it field by field, in order",
	}
	if withCgo {
		wants = append(wants, "cg.go:8:2: Ring: hot fields occupy 2 lines where 1 would do (64-byte lines): head, tail; no fix: the package uses cgo")
	}
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "ring:") {
		t.Errorf("the fixed struct is still reported:\n%s", out)
	}

	got, err := os.ReadFile(filepath.Join(dir, "limits.go"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/fixmod.limits.go.golden")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("limits.go after -fix:\n%s\nwant:\n%s", got, want)
	}
	for f, b := range before {
		if a, _ := os.ReadFile(filepath.Join(dir, f)); string(a) != string(b) {
			t.Errorf("-fix changed %s:\n%s", f, a)
		}
	}
	if out, code := run(t, dir, "go", "test", "./..."); code != 0 {
		t.Errorf("the module's tests fail after -fix:\n%s", out)
	}

	// Nothing more to fix; the same findings, the same exit status.
	again, code := run(t, dir, bin, "-fix", "./...")
	if code != 3 || strings.Count(again, "\n") != strings.Count(out, "\n") {
		t.Errorf("-fix again: exit %d\n%s\nwant exit 3\n%s", code, again, out)
	}
	if now, _ := os.ReadFile(filepath.Join(dir, "limits.go")); string(now) != string(got) {
		t.Errorf("-fix again changed limits.go:\n%s", now)
	}
}

// -fix with a fix that leaves part of what it was for: a moving average
// whose counter must stay first (64-bit atomics on 32-bit targets), so
// no order takes it off the line of what the ticker reads. The fix is
// written, and the findings it leaves keep the exit status at 3, as a run
// after it says: a CI job that runs -fix must not see a clean tree.
func TestFixReportsWhatItLeaves(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module ewma\n\ngo 1.22\n",
		"ewma.go": `package ewma

import (
	"sync"
	"sync/atomic"
)

type EWMA struct {
	//cachelint:hot write path=update
	uncounted int64 // must stay the first member: 64-bit alignment for atomic operations on 32-bit platforms
	alpha     float64 //cachelint:hot path=tick
	rate      uint64  //cachelint:hot write path=tick
	init      uint32  //cachelint:hot path=tick
	mutex     sync.Mutex
}

func (a *EWMA) Update(n int64) { atomic.AddInt64(&a.uncounted, n) }

func (a *EWMA) Tick() {
	a.mutex.Lock()
	defer a.mutex.Unlock()
	n := atomic.SwapInt64(&a.uncounted, 0)
	atomic.StoreUint32(&a.init, 1)
	atomic.StoreUint64(&a.rate, uint64(float64(n)*a.alpha))
}
`,
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	before, _ := os.ReadFile(filepath.Join(dir, "ewma.go"))
	out, code := run(t, dir, bin, "-line=64,128", "-fix", "./...")
	if after, _ := os.ReadFile(filepath.Join(dir, "ewma.go")); string(after) == string(before) {
		t.Fatalf("-fix wrote nothing:\n%s", out)
	}
	if code != 3 || !strings.Contains(out, "EWMA: uncounted is written on path update") || !strings.Contains(out, "fixed in part: the fix leaves this: ") {
		t.Errorf("-fix: exit %d, want 3 and the finding the fix leaves:\n%s", code, out)
	}
	if again, code := run(t, dir, bin, "-line=64,128", "./..."); code != 3 || !strings.Contains(again, "EWMA: uncounted is written on path update") {
		t.Errorf("after -fix: exit %d, want 3:\n%s", code, again)
	}
}
