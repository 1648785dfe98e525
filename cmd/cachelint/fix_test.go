package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/cachelint/cachelint/internal/sarifcheck"
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
// the package's test, a type other modules may build unkeyed, a value
// given to encoding/binary in another package; cgo),
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
		"limits.go:12:2: Stats: hot fields occupy 2 lines where 1 would do (64-byte lines): Hits, Miss; no fix: Stats and all its fields are exported, so code importing fixmod that cachelint does not see may build it with an unkeyed literal",
		"limits.go:41:11: unknown directive //cachelint:hto",
		"other.go:5:2: Exported: hot fields occupy 2 lines where 1 would do (64-byte lines): Head, Tail; no fix: Exported and all its fields are exported, so code importing fixmod/other that cachelint does not see may build it with an unkeyed literal",
		"other.go:13:2: Sealed: hot fields occupy 2 lines where 1 would do (64-byte lines): Head, Tail; no fix: a value of type *fixmod/other.Sealed converted to any at " + filepath.Join(dir, "user", "user.go") + ":14:68: it is given to encoding/binary.Write at " + filepath.Join(dir, "user", "user.go") + ":14:68",
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

// -fix with a fix that leaves part of what it was for, at no cost:
// hits and limit stay where a C reader of the memory expects them, so
// no order takes limit off hits's line, but a and j come together. The
// fix is written, and the finding it leaves keeps the exit status at 3,
// as a run after it says: a CI job that runs -fix must not see a clean
// tree.
func TestFixReportsWhatItLeaves(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module tallies\n\ngo 1.22\n",
		"tallies.go": `package tallies

type Tallies struct {
	//cachelint:hot write path=count
	hits uint64 //cachelint:pin
	//cachelint:hot path=count
	limit uint64 //cachelint:pin
	spare [6]uint64
	a     uint64 //cachelint:hot path=read
	b     [7]uint64
	j     uint64 //cachelint:hot path=read
}

func (t *Tallies) Sum() uint64 { return t.hits + t.limit + t.spare[0] + t.a + t.b[0] + t.j }
`,
	}
	writeFiles(t, dir, files)
	out, code := run(t, dir, bin, "-fix", "./...")
	after, _ := os.ReadFile(filepath.Join(dir, "tallies.go"))
	if !strings.Contains(string(after), "\ta     uint64 //cachelint:hot path=read\n\tj     uint64 //cachelint:hot path=read\n\tb     [7]uint64\n}") {
		t.Fatalf("-fix did not bring a and j together:\n%s\n%s", out, after)
	}
	if code != 3 || !strings.Contains(out, "Tallies: hits is written on path count and shares line 0 with limit (read-mostly)") ||
		!strings.Contains(out, "fixed in part: the fix leaves this: no order fixes falseshare of hits, since hits is pinned") || strings.Contains(out, "path read") {
		t.Errorf("-fix: exit %d, want 3 and the finding the fix leaves, alone:\n%s", code, out)
	}
	if again, code := run(t, dir, bin, "./..."); code != 3 || !strings.Contains(again, "Tallies: hits is written on path count") || strings.Contains(again, "path read") {
		t.Errorf("after -fix: exit %d, want 3 and the finding left:\n%s", code, again)
	}
}

// -fix on go-metrics' StandardEWMA, reduced: uncounted, written by every
// Update, must stay first (64-bit atomics on 32-bit targets); the ticker
// reads alpha and init and writes rate. The fix pads alpha and init onto
// the next line and rate onto the one after, at every line size the run
// checks: a run after it finds nothing, its own pads included, and the
// module builds for 386 with uncounted first.
func TestFixLeavesNothingItMade(t *testing.T) {
	t.Parallel()
	for _, lines := range []string{"64", "64,128"} {
		t.Run(lines, func(t *testing.T) {
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
	uncounted int64 // /!\\ this should be the first member to ensure 64-bit alignment
	alpha     float64
	rate      uint64
	init      uint32
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
				"ewma.hot": `ewma.EWMA.uncounted hot write path=update
ewma.EWMA.alpha hot path=tick
ewma.EWMA.init hot path=tick
ewma.EWMA.rate hot write path=tick
`,
			}
			writeFiles(t, dir, files)
			hot := "-hotfile=" + filepath.Join(dir, "ewma.hot")
			if out, code := run(t, dir, bin, hot, "-line="+lines, "./..."); code != 3 || !strings.Contains(out, "EWMA: uncounted is written on path update") {
				t.Fatalf("before -fix: exit %d, want 3:\n%s", code, out)
			}
			if out, code := run(t, dir, bin, hot, "-line="+lines, "-fix", "./..."); code != 0 {
				t.Errorf("-fix: exit %d, want 0:\n%s", code, out)
			}
			after, _ := os.ReadFile(filepath.Join(dir, "ewma.go"))
			if !strings.Contains(string(after), "type EWMA struct {\n\tuncounted int64 // ") {
				t.Errorf("uncounted is not first after -fix:\n%s", after)
			}
			if out, code := run(t, dir, bin, hot, "-line="+lines, "./..."); code != 0 {
				t.Errorf("after -fix: exit %d, want 0:\n%s\n%s", code, out, after)
			}
			goCmd(t, dir, "386", "vet", "./...")
		})
	}
}

// -fix -diff with a JSON or SARIF document: stdout holds the document
// alone, valid, carrying the fixes (x/tools' suggested_fixes, SARIF's
// fixes), and the diff goes to stderr. Applying the fixes the document
// carries gives the files -fix writes, and the SARIF regions' lines and
// UTF-16 columns name the bytes their byteOffset does. The exit status
// is the format's: 3 for what the diff would fix, 0 with x/tools' -json.
func TestFixDiffDocuments(t *testing.T) {
	t.Parallel()
	files := map[string]string{
		"go.mod": "module zaehler\n\ngo 1.22\n",
		"z.go": `package zähler

import "sync/atomic"

// Zähler counts, über alles.
type Zähler struct { // ein Zähler
	max   uint64 //cachelint:hot
	name  [7]string // kalt, ünd lang
	limit uint64    //cachelint:hot
}

type Ring struct {
	head atomic.Uint64 //cachelint:hot write path=produce
	tail atomic.Uint64 //cachelint:hot write path=consume
}

func Use(z *Zähler, r *Ring) uint64 {
	r.head.Add(1)
	r.tail.Add(1)
	return z.max + z.limit + uint64(len(z.name[0]))
}
`,
	}
	write := func() string {
		dir := t.TempDir()
		writeFiles(t, dir, files)
		return dir
	}
	fixed := write()
	if out, code := run(t, fixed, bin, "-fix", "./..."); code != 0 {
		t.Fatalf("-fix: exit %d, want 0\n%s", code, out)
	}
	want, _ := os.ReadFile(filepath.Join(fixed, "z.go"))
	if string(want) == files["z.go"] {
		t.Fatal("-fix changed nothing")
	}
	dir := write()
	diff, _, code := runSplit(t, dir, bin, "-fix", "-diff", "./...")
	if code != 3 || !strings.HasPrefix(diff, "--- z.go\n") {
		t.Fatalf("-fix -diff: exit %d, stdout\n%s", code, diff)
	}
	// apply applies edits of z.go.
	apply := func(es []docEdit) string {
		src := files["z.go"]
		slices.SortFunc(es, func(a, b docEdit) int { return b.start - a.start })
		es = slices.CompactFunc(es, func(a, b docEdit) bool { return a == b })
		for _, e := range es {
			src = src[:e.start] + e.text + src[e.end:]
		}
		return src
	}
	for _, args := range [][]string{{"-format", "sarif"}, {"-format", "json"}, {"-json"}} {
		name := strings.Join(args, " ")
		stdout, stderr, code := runSplit(t, dir, bin, append(args, "-fix", "-diff", "./...")...)
		if wantCode := map[bool]int{true: 0, false: 3}[name == "-json"]; code != wantCode {
			t.Errorf("%s -fix -diff: exit %d, want %d\n%s", name, code, wantCode, stderr)
		}
		if stderr != diff {
			t.Errorf("%s -fix -diff: stderr\n%s\nwant the diff\n%s", name, stderr, diff)
		}
		var es []docEdit
		if slices.Contains(args, "sarif") {
			es = sarifEdits(t, name, stdout, files["z.go"])
		} else {
			es = jsonEdits(t, name, stdout)
		}
		if got := apply(es); got != string(want) {
			t.Errorf("%s -fix -diff: the document's fixes give\n%s\nwant what -fix writes\n%s", name, got, want)
		}
	}
	if now, _ := os.ReadFile(filepath.Join(dir, "z.go")); string(now) != files["z.go"] {
		t.Errorf("-fix -diff changed z.go:\n%s", now)
	}
}

// docEdit is an edit of z.go a JSON or SARIF document carries: bytes
// [start, end) replaced by text.
type docEdit struct {
	start, end int
	text       string
}

// sarifEdits are the edits the fixes of a SARIF log (stdout of cachelint
// name) carry, all of z.go, whose text is src; each region's lines and
// UTF-16 columns must name the bytes its byteOffset does.
func sarifEdits(t *testing.T, name, stdout, src string) []docEdit {
	t.Helper()
	if p := sarifcheck.Check([]byte(stdout)); p != nil {
		t.Fatalf("%s -fix -diff: %s\n%s", name, strings.Join(p, "\n"), stdout)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				Fixes []struct {
					ArtifactChanges []struct {
						ArtifactLocation struct{ URI string }
						Replacements     []struct {
							DeletedRegion struct {
								StartLine, StartColumn, EndLine, EndColumn, ByteOffset, ByteLength int
							}
							InsertedContent struct{ Text string }
						}
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &log); err != nil {
		t.Fatal(err)
	}
	// offset is the byte offset of a line and UTF-16 column.
	offset := func(line, col int) int {
		lines := strings.SplitAfter(src, "\n")
		off := len(strings.Join(lines[:line-1], ""))
		for _, r := range lines[line-1] {
			if col -= utf16.RuneLen(r); col < 1 {
				break
			}
			off += utf8.RuneLen(r)
		}
		return off
	}
	var es []docEdit
	for _, r := range log.Runs[0].Results {
		for _, f := range r.Fixes {
			for _, c := range f.ArtifactChanges {
				if c.ArtifactLocation.URI != "z.go" {
					t.Errorf("%s: a fix of %s", name, c.ArtifactLocation.URI)
				}
				for _, rep := range c.Replacements {
					d := rep.DeletedRegion
					if offset(d.StartLine, d.StartColumn) != d.ByteOffset || offset(d.EndLine, d.EndColumn) != d.ByteOffset+d.ByteLength {
						t.Errorf("%s: region %+v: its lines and columns are bytes %d to %d", name, d,
							offset(d.StartLine, d.StartColumn), offset(d.EndLine, d.EndColumn))
					}
					es = append(es, docEdit{d.ByteOffset, d.ByteOffset + d.ByteLength, rep.InsertedContent.Text})
				}
			}
		}
	}
	return es
}

// jsonEdits are the edits the suggested fixes of a go vet -json
// document (stdout of cachelint name) carry, all of z.go.
func jsonEdits(t *testing.T, name, stdout string) []docEdit {
	t.Helper()
	var tree map[string]map[string][]struct {
		SuggestedFixes []struct {
			Edits []struct {
				Filename   string
				Start, End int
				New        string
			}
		} `json:"suggested_fixes"`
	}
	if err := json.Unmarshal([]byte(stdout), &tree); err != nil {
		t.Fatalf("%s -fix -diff: stdout is no JSON document: %v\n%s", name, err, stdout)
	}
	var es []docEdit
	for _, byAnalyzer := range tree {
		for _, diags := range byAnalyzer {
			for _, d := range diags {
				for _, f := range d.SuggestedFixes {
					for _, e := range f.Edits {
						if filepath.Base(e.Filename) != "z.go" {
							t.Errorf("%s: a fix of %s", name, e.Filename)
						}
						es = append(es, docEdit{e.Start, e.End, e.New})
					}
				}
			}
		}
	}
	return es
}

// writeFiles writes files, by name, into dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// The struct: a written atomic counter beside two read-mostly
// pointers and a cold field. The first order pads bytesSent onto the next
// line as if objects started on one, but its 80-byte size class starts a
// quarter of them 48 bytes past a line, where its pad leaves created and
// bytesSent on one line: a run after the fix would report the pad. -fix
// searches on and writes the next order that passes its own checks, at
// each -line it runs with; a run after it finds nothing, the program
// prints what it printed, and the module builds for 386.
func TestFixSearchesOn(t *testing.T) {
	t.Parallel()
	for _, lines := range []string{"64", "64,128"} {
		t.Run(lines, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			files := map[string]string{
				"go.mod": "module conns\n\ngo 1.22\n",
				"conn.go": `package main

import (
	"fmt"
	"sync/atomic"
	"time"
)

type Peer struct{ Addr string }

type Config struct{ Limit int }

type conn struct {
	peer      *Peer         //cachelint:hot
	bytesSent atomic.Uint64 //cachelint:hot write
	cfg       *Config       //cachelint:hot
	created   time.Time
}

func main() {
	c := &conn{peer: &Peer{"a"}, cfg: &Config{3}, created: time.Unix(5, 0).UTC()}
	for i := range 4 {
		c.bytesSent.Add(uint64(i))
	}
	fmt.Println(c.peer.Addr, c.bytesSent.Load(), c.cfg.Limit, c.created)
}
`,
			}
			writeFiles(t, dir, files)
			before := goCmd(t, dir, runtime.GOARCH, "run", ".")
			out, code := run(t, dir, bin, "-line="+lines, "-fix", "./...")
			if code != 0 {
				t.Fatalf("-fix: exit %d, want 0:\n%s", code, out)
			}
			after, _ := os.ReadFile(filepath.Join(dir, "conn.go"))
			if string(after) == files["conn.go"] {
				t.Fatalf("-fix wrote nothing:\n%s", out)
			}
			if out, code := run(t, dir, bin, "-line="+lines, "./..."); code != 0 {
				t.Errorf("after -fix: exit %d, want 0:\n%s\n%s", code, out, after)
			}
			if now := goCmd(t, dir, runtime.GOARCH, "run", "."); now != before {
				t.Errorf("the program printed %q, and after -fix %q", before, now)
			}
			goCmd(t, dir, "386", "vet", "./...")
		})
	}
}
