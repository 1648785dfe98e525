package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/cachelint/cachelint/internal/sarifcheck"
	"github.com/cachelint/cachelint/layout"
)

// sharedDir holds what the tests share and none writes: the built
// command and the inflated BTF (linux618).
var sharedDir = func() string {
	dir, err := os.MkdirTemp("", "cachelint")
	if err != nil {
		panic(err)
	}
	return dir
}()

var bin = filepath.Join(sharedDir, "cachelint")

// gcPercent is the GOGC of the tests and of the commands they run, unless
// GOGC is set: they read whole kernels' type information again and
// again, and collect less often for memory the machines have.
const gcPercent = 400

func TestMain(m *testing.M) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
		os.Setenv("GOGC", strconv.Itoa(gcPercent))
	}
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		os.RemoveAll(sharedDir)
		panic(string(out))
	}
	code := m.Run()
	os.RemoveAll(sharedDir)
	os.Exit(code)
}

// inflated is the gzipped file at path inflated into sharedDir as name,
// once for every test that reads it: the 6.18 BTF is read by some forty
// runs, which would each spend a fifth of their time inflating it.
func inflated(path, name string) string {
	out := filepath.Join(sharedDir, name)
	f, err := os.Open(path)
	if err != nil {
		panic(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		panic(err)
	}
	w, err := os.Create(out)
	if err != nil {
		panic(err)
	}
	if _, err := io.Copy(w, zr); err != nil {
		panic(err)
	}
	if err := w.Close(); err != nil {
		panic(err)
	}
	return out
}

// ownFile reports whether arg names a file in a test's temporary
// folder, which the test may change between runs.
func ownFile(arg string) bool {
	return strings.Contains(arg, os.TempDir()) && !strings.Contains(arg, sharedDir)
}

// ranCmd is what a command run in-process printed, and its exit status.
type ranCmd struct {
	stdout, stderr string
	code           int
}

// ran holds the commands run in-process on files no test writes, by
// command and arguments: several tests run some alike, which then runs
// once.
var ran sync.Map // string -> func() ranCmd

// runShared runs the command cmd (named name) in-process with args:
// once for all the tests that run it alike where args name no test's
// own files (in a temporary folder, which it may change between runs).
func runShared(cmd func([]string, env) int, name string, args []string) ranCmd {
	args = slices.Clone(args)
	run := func() ranCmd {
		var o, e bytes.Buffer
		code := cmd(args, testEnv(&o, &e))
		return ranCmd{o.String(), e.String(), code}
	}
	if slices.ContainsFunc(args, ownFile) {
		return run()
	}
	once, _ := ran.LoadOrStore(name+"\x00"+strings.Join(args, "\x00"), sync.OnceValue(run))
	return once.(func() ranCmd)()
}

// run runs the built command in dir and returns its output and exit code.
func run(t *testing.T, dir, name string, args ...string) (string, int) {
	t.Helper()
	r := execShared(dir, name, args, true)
	if r.err != nil {
		t.Fatal(r.err)
	}
	return r.stdout, r.code
}

// ranExec is what a command run in a subprocess printed (stdout alone
// when its streams were combined), and its exit status, or why it did
// not run.
type ranExec struct {
	stdout, stderr string
	code           int
	err            error
}

// execShared runs the command name in dir, its streams combined or not.
// The built cachelint run in a folder of the repository, which no test
// writes, on no test's own files, runs once for all the tests that run
// it alike: the examples' diagnostics are several tests' input.
func execShared(dir, name string, args []string, combined bool) ranExec {
	args = slices.Clone(args)
	run := func() ranExec {
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		var out, errOut strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &errOut
		if combined {
			cmd.Stderr = &out
		}
		err := cmd.Run()
		var exit *exec.ExitError
		r := ranExec{stdout: out.String(), stderr: errOut.String()}
		switch {
		case errors.As(err, &exit):
			r.code = exit.ExitCode()
		case err != nil:
			r.err = err
		}
		return r
	}
	abs, err := filepath.Abs(dir)
	if name != bin || err != nil || strings.HasPrefix(abs, os.TempDir()) || slices.ContainsFunc(args, ownFile) {
		return run()
	}
	key := fmt.Sprint(combined, "\x00", abs, "\x00", strings.Join(args, "\x00"))
	once, _ := executed.LoadOrStore(key, sync.OnceValue(run))
	return once.(func() ranExec)()
}

// executed holds the runs of execShared, by streams, folder and
// arguments.
var executed sync.Map // string -> func() ranExec

const root = "../.."

// pkgDir is the package's folder, the working directory go test gives
// the tests.
var pkgDir = func() string {
	dir, err := os.Getwd()
	if err != nil {
		panic(err)
	}
	return dir
}()

// testEnv is the env of a command run in-process in the package's
// folder, writing to stdout and stderr.
func testEnv(stdout, stderr io.Writer) env {
	return env{Dir: pkgDir, Stdout: stdout, Stderr: stderr}
}

func TestStandaloneExitCodes(t *testing.T) {
	t.Parallel()
	out, code := run(t, root, bin, "./examples/...")
	if code != 3 {
		t.Fatalf("findings: exit %d, want 3\n%s", code, out)
	}
	for _, want := range []string{
		"Ring: head is written on path produce and shares line 0 with mask (read-mostly)",
		"RxQueue: percpu elements are 64 bytes and only 8-byte aligned",
		"Device: hot fields of path tx occupy 3 lines where 1 would do (64-byte lines): xmit, qdisc, mtu, features",
		"Device: hot fields of path tx occupy 3 lines, over the budget of 1 (64-byte lines)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if out, code := run(t, root, bin, "./hotfile"); code != 0 {
		t.Errorf("clean package: exit %d\n%s", code, out)
	}
	if out, code := run(t, root, bin, "./no/such/package"); code != 1 {
		t.Errorf("missing package: exit %d, want 1\n%s", code, out)
	}
	if out, code := run(t, root, bin, "-line=96", "./examples/..."); code != 1 || out != "cachelint: -line=96: line size 96: want a power of two from 8 to 4096 (cachelint -h lists the flags)\n" {
		t.Errorf("-line=96: exit %d\n%s", code, out)
	}
}

// Diagnostics come sorted by position, with paths relative to the working
// directory, as the README shows them.
func TestStandaloneOrder(t *testing.T) {
	t.Parallel()
	out, code := run(t, root, bin, "./examples/...")
	if code != 3 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	var lastFile string
	var last [2]int
	seen := map[string]bool{}
	for _, l := range lines {
		file, rest, _ := strings.Cut(l, ":")
		var line, col int
		if _, err := fmt.Sscanf(rest, "%d:%d:", &line, &col); err != nil || !strings.HasPrefix(file, "examples/") || !strings.HasSuffix(file, ".go") {
			t.Fatalf("%q: not at examples/DIR/FILE.go:LINE:COL", l)
		}
		if file != lastFile {
			if seen[file] || file < lastFile {
				t.Errorf("%q after %s", l, lastFile)
			}
			seen[file], lastFile, last = true, file, [2]int{}
		}
		if line < last[0] || line == last[0] && col < last[1] {
			t.Errorf("%q after line %d column %d", l, last[0], last[1])
		}
		last = [2]int{line, col}
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines[:4] {
		if !strings.Contains(string(readme), "\n"+l+"\n") {
			t.Errorf("README lacks %q", l)
		}
	}
}

// docs/architecture.md has a paragraph for every package of the module
// but the examples and test helpers, and for no package that is gone.
func TestArchitectureDocNamesEveryPackage(t *testing.T) {
	t.Parallel()
	out, err := exec.Command("go", "list", "-C", root, "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	doc, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	for l := range strings.Lines(string(doc)) {
		if h, ok := strings.CutPrefix(strings.TrimSpace(l), "### "); ok {
			for _, n := range strings.Split(h, ", ") {
				named[strings.Trim(n, "`")] = true
			}
		}
	}
	for _, p := range strings.Fields(string(out)) {
		rel, _ := strings.CutPrefix(p, "github.com/cachelint/cachelint/")
		if strings.HasPrefix(rel, "examples/") || strings.HasPrefix(rel, "internal/") {
			continue
		}
		if !named[rel] {
			t.Errorf("docs/architecture.md has no ### `%s`", rel)
		}
		delete(named, rel)
	}
	for n := range named {
		t.Errorf("docs/architecture.md describes %s, which is no package", n)
	}
}

// README.md's first command builds the command and runs it on the
// examples: the exit status it states is the one the command gives, and
// what it builds is what it runs.
func TestReadmeFirstCommands(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, block, _ := strings.Cut(string(readme), "```sh\n")
	block, _, _ = strings.Cut(block, "```")
	first, _, _ := strings.Cut(block, "\n")
	const build = "go build ./cmd/cachelint && ./cachelint "
	cmd, comment, _ := strings.Cut(first, "#")
	args, ok := strings.CutPrefix(cmd, build)
	i := strings.Index(comment, "exit status")
	if !ok || i < 0 {
		t.Fatalf("README's first command does not build and run ./cachelint and state an exit status: %q", first)
	}
	var want int
	if _, err := fmt.Sscanf(comment[i:], "exit status %d", &want); err != nil {
		t.Fatalf("README's first command: %q: %v", comment, err)
	}
	if out, code := run(t, root, bin, strings.Fields(args)...); code != want {
		t.Errorf("%s: exit %d, README says %d\n%s", cmd, code, want, out)
	}
}

// -format sarif on packages: one result per diagnostic, at its file, line
// and column from the source root, checked as code scanning would.
func TestStandaloneSARIF(t *testing.T) {
	t.Parallel()
	text, _ := run(t, root, bin, "./examples/...")
	cmd := exec.Command(bin, "-format", "sarif", "-line=64,128", "./examples/...")
	cmd.Dir = root
	out, err := cmd.Output()
	if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 3 {
		t.Fatalf("exit %v", err)
	}
	if p := sarifcheck.Check(out); p != nil {
		t.Fatalf("SARIF problems:\n%s", strings.Join(p, "\n"))
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Level     string `json:"level"`
				Message   struct{ Text string }
				Locations []struct {
					Physical struct {
						Artifact struct{ URI, URIBaseID string } `json:"artifactLocation"`
						Region   struct{ StartLine, StartColumn int }
					} `json:"physicalLocation"`
				}
			}
		}
	}
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatal(err)
	}
	res := log.Runs[0].Results
	counts := map[string]int{}
	for _, r := range res {
		counts[r.RuleID]++
		p := r.Locations[0].Physical
		if !strings.HasPrefix(p.Artifact.URI, "examples/") || p.Artifact.URIBaseID != "%SRCROOT%" || p.Region.StartLine == 0 || p.Region.StartColumn == 0 {
			t.Errorf("%s at %+v", r.RuleID, p)
		}
		if rule, _ := layout.RuleOf(r.RuleID); r.Level != rule.Severity {
			t.Errorf("%s: level %s, want %s", r.RuleID, r.Level, rule.Severity)
		}
	}
	if counts["falseshare"] < 2 || counts["spread"] < 2 || counts["budget"] < 1 || counts["padding"] < 1 {
		t.Errorf("rules %v", counts)
	}
	// The same diagnostics as the text at 64-byte lines, and more at 128.
	if n := strings.Count(text, "\n"); len(res) <= n {
		t.Errorf("%d results at 64 and 128, %d diagnostics at 64", len(res), n)
	}
}

func TestJSONCarriesCategories(t *testing.T) {
	t.Parallel()
	out, code := run(t, root, bin, "-json", "-line=64,128", "./examples/...")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	// {"pkg": {"cachelint": [{"posn", "message", "category"}]}}
	var res map[string]map[string][]struct{ Category, Message string }
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	count := map[string]int{}
	for _, byAnalyzer := range res {
		for _, d := range byAnalyzer["cachelint"] {
			count[d.Category]++
		}
	}
	if count["falseshare"] < 2 || count["spread"] < 2 || count["budget"] < 1 || count["padding"] < 1 {
		t.Errorf("categories %v", count)
	}
}

func TestGoVet(t *testing.T) {
	t.Parallel()
	out, code := run(t, root, "go", "vet", "-vettool="+bin, "-cachelint.line=128", "./examples/...")
	if code == 0 || !strings.Contains(out, "Stats: padding _ [56]byte (56 bytes) leaves hits and hits of the next element on one line (128-byte lines)") {
		t.Errorf("go vet: exit %d\n%s", code, out)
	}
	// A bad flag value is said once for the run, not with unitchecker's
	// usage for every package, dependencies included.
	for _, c := range []struct{ flag, want string }{
		{"-cachelint.line=63", "cachelint: -cachelint.line=63: line size 63: want a power of two from 8 to 4096 (cachelint help lists the flags)\n"},
		{"-cachelint.hotfile=nosuch.txt", "cachelint: -cachelint.hotfile: open nosuch.txt: no such file or directory (go vet runs cachelint in each package's directory: give an absolute path)\n"},
	} {
		stdout, stderr, code := runSplit(t, root, "go", "vet", "-vettool="+bin, c.flag, "./examples/...")
		// go vet heads the output with the package's name (and its
		// test variant's).
		rest := stderr
		for strings.HasPrefix(rest, "# ") {
			_, rest, _ = strings.Cut(rest, "\n")
		}
		if code != 1 || stdout != "" || !strings.HasPrefix(stderr, "# github.com/cachelint/cachelint/examples/") || rest != c.want {
			t.Errorf("go vet %s: exit %d, stdout %q, stderr:\n%s\nwant exit 1 and\n%s", c.flag, code, stdout, stderr, c.want)
		}
	}
	if out, code := run(t, root, "go", "vet", "-vettool="+bin, "./hotfile"); code != 0 {
		t.Errorf("go vet on a clean package: exit %d\n%s", code, out)
	}
	// go vet prints diagnostics as the analyzer reports them: in position
	// order.
	out, _ = run(t, root, "go", "vet", "-vettool="+bin, "./examples/...")
	var last [2]int
	n := 0
	for _, m := range regexp.MustCompile(`netq\.go:(\d+):(\d+): `).FindAllStringSubmatch(out, -1) {
		line, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		l := m[0]
		n++
		if line < last[0] || line == last[0] && col < last[1] {
			t.Errorf("go vet: %q after line %d column %d", l, last[0], last[1])
		}
		last = [2]int{line, col}
	}
	if n < 4 {
		t.Errorf("go vet: %d diagnostics\n%s", n, out)
	}
}

func TestHelp(t *testing.T) {
	t.Parallel()
	for _, arg := range []string{"help", "-h", "-help", "--help"} {
		out, code := run(t, root, bin, arg)
		if code != 0 {
			t.Fatalf("%s: exit %d", arg, code)
		}
		want := []string{"//cachelint:hot [write] [path=NAME,...]", "//cachelint:percpu", "//cachelint:budget", "//cachelint:ignore", "go vet -vettool"}
		for _, c := range commands {
			want = append(want, "cachelint "+c.name)
		}
		for _, r := range layout.Rules {
			want = append(want, r.Name+" ", r.Summary)
		}
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s lacks %q", arg, w)
			}
		}
	}
	out, code := run(t, root, bin, "help", "falseshare")
	if r, _ := layout.RuleOf("falseshare"); code != 0 || !strings.HasPrefix(out, "falseshare (warning; fix: reorder, padding): "+r.Summary) {
		t.Errorf("help falseshare: exit %d\n%s", code, out)
	}
	out, code = run(t, root, bin, "help", "nosuch")
	if code != 1 || strings.Count(out, "\n") != 1 || !strings.HasPrefix(out, "cachelint: help nosuch: no such check") {
		t.Errorf("help nosuch: exit %d\n%s", code, out)
	}
}

func TestVersion(t *testing.T) {
	t.Parallel()
	out, code := run(t, root, bin, "version")
	// A build in a clone is "(devel)"; go install m@v records v.
	if code != 0 || !strings.HasPrefix(out, "cachelint (devel) go1.") || strings.Count(out, "\n") != 1 {
		t.Errorf("version: exit %d: %q", code, out)
	}
	if v, _ := run(t, root, bin, "-V"); v != out {
		t.Errorf("-V: %q, version: %q", v, out)
	}
	// go vet asks -V=full first and keys its cache on the answer.
	out, code = run(t, root, bin, "-V=full")
	if code != 0 || !strings.Contains(out, " version devel ") || !strings.Contains(out, "buildID=") {
		t.Errorf("-V=full: exit %d: %q", code, out)
	}
}

// -fix applies every proposal; afterwards only the padding the fixes do
// not touch is left.
func TestFixThenClean(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join(root, "examples/netq/netq.go"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/netq\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "netq.go"), src, 0o644)
	// Every diagnostic here has a fix, so -fix leaves none and exits 0.
	if out, code := run(t, dir, bin, "-fix", "."); code != 0 {
		t.Fatalf("-fix: exit %d\n%s", code, out)
	}
	if out, code := run(t, dir, bin, "."); code != 0 {
		t.Errorf("after -fix: exit %d\n%s", code, out)
	}
	fixed, _ := os.ReadFile(filepath.Join(dir, "netq.go"))
	for _, comment := range []string{"// Keep workers' counters on separate cache lines.", "//cachelint:hot write path=produce", "//cachelint:budget path=tx lines=1"} {
		if !strings.Contains(string(fixed), comment) {
			t.Errorf("fix lost %q", comment)
		}
	}
	if out, _ := run(t, dir, "go", "build", "."); out != "" {
		t.Errorf("fixed source does not build: %s", out)
	}
}

// `go install github.com/cachelint/cachelint/...` installs cachelint and
// nothing else: the developers' tools live in their own module.
func TestOnlyCachelintInstalls(t *testing.T) {
	t.Parallel()
	out, code := run(t, root, "go", "list", "-f", `{{if eq .Name "main"}}{{.ImportPath}}{{end}}`, "github.com/cachelint/cachelint/...")
	if code != 0 {
		t.Fatalf("go list: exit %d\n%s", code, out)
	}
	if got := strings.Fields(out); len(got) != 1 || got[0] != "github.com/cachelint/cachelint/cmd/cachelint" {
		t.Errorf("commands of the module: %v, want only cmd/cachelint", got)
	}
}

// runSplit runs the built command in dir and returns its stdout, its
// stderr and its exit code.
func runSplit(t *testing.T, dir, name string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	r := execShared(dir, name, args, false)
	if r.err != nil {
		t.Fatal(r.err)
	}
	return r.stdout, r.stderr, r.code
}

// One exit status rule for every command and format (exitStatus), with
// x/tools' and go vet's where they set one; README.md states it as help
// prints it.
func TestExitStatus(t *testing.T) {
	t.Parallel()
	kernel := filepath.Join(root, "testdata", "kernel")
	nd := []string{"-C", "net_device", "-hot", "net_cachelines/net_device.rst", "-q"}
	for _, c := range []struct {
		dir  string
		args []string
		code int
		// what stdout starts with ("" for nothing) and whether stderr
		// has diagnostics
		stdout     string
		diagnostic bool
	}{
		{root, []string{"./examples/netq"}, 3, "", true},
		{root, []string{"./hotfile"}, 0, "", false},
		{root, []string{"-format", "json", "./examples/netq"}, 3, "{", false},
		{root, []string{"-format", "sarif", "./examples/netq"}, 3, "{", false},
		{root, []string{"-format", "json", "./hotfile"}, 0, "{", false},
		// x/tools: -json exits 0.
		{root, []string{"-json", "./examples/netq"}, 0, "{", false},
		{root, []string{"-fix", "-diff", "./examples/netq"}, 3, "--- ", true},
		{root, []string{"-c", "0", "./examples/netq"}, 3, "", true},
		{kernel, append([]string{"layout"}, nd...), 3, "struct net_device {", false},
		{kernel, append([]string{"layout", "-format", "json"}, nd...), 3, "{", false},
		{kernel, append([]string{"layout", "-format", "sarif"}, nd...), 3, "{", false},
		{kernel, append([]string{"layout", "-format", "svg"}, nd...), 3, "<?xml", false},
		{kernel, append([]string{"layout", "-C", "net_device"}, "linux-6.1/dummy.ko.debug"), 0, "struct net_device {", false},
		{kernel, append([]string{"layout"}, append(nd, "linux-6.1/dummy.ko.debug")...), 3, "struct net_device {", false},
		{kernel, []string{"diff", "-q", "-C", "net_device", "-hot", "net_cachelines/net_device.rst", "linux-6.18/vmlinux.btf.gz", "linux-6.1/dummy.ko.debug"}, 0, "", false},
		{kernel, []string{"diff", "-q", "-fail-on=hot-lines", "-C", "net_device", "-hot", "net_cachelines/net_device.rst", "linux-6.18/vmlinux.btf.gz", "linux-6.1/dummy.ko.debug"}, 3, "", true},
		{kernel, []string{"diff", "-fail-on=size", "-format", "json", "-C", "net_device", "linux-6.18/vmlinux.btf.gz", "linux-6.1/dummy.ko.debug"}, 0, "{", false},
	} {
		if c.args[0] == "layout" && c.args[len(c.args)-1] == "-q" {
			c.args = append(c.args, "linux-6.1/dummy.ko.debug")
		}
		stdout, stderr, code := runSplit(t, c.dir, bin, c.args...)
		name := strings.Join(c.args, " ")
		if code != c.code {
			t.Errorf("%s: exit %d, want %d\n%s", name, code, c.code, stderr)
		}
		if c.stdout == "" && stdout != "" || !strings.HasPrefix(stdout, c.stdout) {
			t.Errorf("%s: stdout %.200q, want it to start with %q", name, stdout, c.stdout)
		}
		if (stderr != "") != c.diagnostic {
			t.Errorf("%s: stderr %q", name, stderr)
		}
	}
	// Errors: 1, one line on stderr, nothing on stdout.
	for _, args := range [][]string{
		{"-nosuch", "./..."},
		{"layout", "-nosuch", "x"},
		{"diff", "-nosuch", "x", "y"},
		{"profile", "-nosuch", "x"},
		{"help", "nosuch"},
		{"version", "x"},
		{"layout", "no/such/file"},
		{"./no/such/package"},
	} {
		stdout, stderr, code := runSplit(t, root, bin, args...)
		if code != 1 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "cachelint: ") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 1 and one line on stderr", args, code, stdout, stderr)
		}
	}
	// go vet's own status: 1 for findings.
	if _, stderr, code := runSplit(t, root, "go", "vet", "-vettool="+bin, "./examples/netq"); code != 1 || !strings.Contains(stderr, "netq.go:") {
		t.Errorf("go vet: exit %d\n%s", code, stderr)
	}

	help, _, _ := runSplit(t, root, bin, "help")
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(help, exitStatus) || !strings.Contains(string(readme), "```\n"+exitStatus+"```\n") {
		t.Errorf("help or README.md does not state the exit status as exitStatus does")
	}
}

// README.md names every test that -short shortens, so that what
// `go test -short` leaves out is written where a developer looks.
func TestShortDocumented(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	testFunc := regexp.MustCompile(`^func (Test\w+)\(`)
	short := regexp.MustCompile(`^\s*if testing\.Short\(\) \{`)
	n := 0
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && path != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")):
			return filepath.SkipDir
		case !strings.HasSuffix(path, "_test.go"):
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		test := ""
		for l := range strings.Lines(string(src)) {
			if m := testFunc.FindStringSubmatch(l); m != nil {
				test = m[1]
			}
			if short.MatchString(l) {
				n++
				if !strings.Contains(string(readme), "`"+test+"`") {
					t.Errorf("%s: %s uses -short, and README.md does not name it", path, test)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Errorf("no use of testing.Short found under %s", root)
	}
}

// -c N shows what cachelint reports without it, from the same load and
// builds (each -line size on its GOARCH, fixes decided over the whole
// load), each diagnostic followed by its line and N lines either side of
// it, numbered as go vet -c numbers them.
func TestContextLines(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"./examples/..."}, {"-line=64,128", "./examples/..."}} {
		plain, code := run(t, root, bin, args...)
		if code != 3 {
			t.Fatalf("%q: exit %d\n%s", args, code, plain)
		}
		for _, n := range []int{0, 2} {
			name := fmt.Sprintf("-c %d %s", n, strings.Join(args, " "))
			out, code := run(t, root, bin, append([]string{"-c", strconv.Itoa(n)}, args...)...)
			if code != 3 {
				t.Errorf("%s: exit %d\n%s", name, code, out)
			}
			var diags, want strings.Builder
			lines := strings.SplitAfter(out, "\n")
			for i := 0; i < len(lines) && lines[i] != ""; {
				l := lines[i]
				diags.WriteString(l)
				want.WriteString(l)
				i++
				file, rest, _ := strings.Cut(l, ":")
				var at int
				if _, err := fmt.Sscanf(rest, "%d:", &at); err != nil {
					t.Fatalf("%s: %q is no diagnostic", name, l)
				}
				src, err := os.ReadFile(filepath.Join(root, file))
				if err != nil {
					t.Fatal(err)
				}
				srcLines := strings.Split(string(src), "\n")
				for j := max(at-n, 1); j <= at+n; j++ {
					fmt.Fprintf(&want, "%d\t%s\n", j, srcLines[j-1])
				}
				for i < len(lines) && regexp.MustCompile(`^[0-9]+\t`).MatchString(lines[i]) {
					i++
				}
			}
			if diags.String() != plain {
				t.Errorf("%s reports\n%s\nwithout -c\n%s", name, diags.String(), plain)
			}
			if out != want.String() {
				t.Errorf("%s:\n%s\nwant\n%s", name, out, want.String())
			}
		}
	}
	for _, format := range []string{"json", "sarif"} {
		stdout, stderr, code := runSplit(t, root, bin, "-c", "1", "-format", format, "./examples/netq")
		if want := "cachelint: -c shows source lines in the text output, not in -format " + format + "\n"; code != 1 || stdout != "" || stderr != want {
			t.Errorf("-c 1 -format %s: exit %d, stdout %.100q, stderr %q; want 1 and %q", format, code, stdout, stderr, want)
		}
	}
}

// -json and -format json write the same document; -json exits 0 on
// findings, as x/tools' drivers and go vet -json do, and -format json 3,
// as every format does: help's flags, its exit status and README.md all
// say so.
func TestJSONFlagExit(t *testing.T) {
	t.Parallel()
	j, _, jcode := runSplit(t, root, bin, "-json", "./examples/netq")
	f, _, fcode := runSplit(t, root, bin, "-format", "json", "./examples/netq")
	if j != f || !json.Valid([]byte(j)) {
		t.Errorf("-json and -format json differ or are not JSON:\n%.300s\n%.300s", j, f)
	}
	if jcode != 0 || fcode != 3 {
		t.Errorf("-json exits %d, -format json %d; want 0 and 3", jcode, fcode)
	}
	help, _, _ := runSplit(t, root, bin, "-h")
	flagHelp := regexp.MustCompile(`(?m)^  -json\n\s+(.*)$`).FindStringSubmatch(help)
	if flagHelp == nil || !strings.Contains(flagHelp[1], "exit status 0 whatever it finds") {
		t.Errorf("help's -json does not say it exits 0:\n%s", help)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"cachelint -json ./...                # x/tools' JSON (check name as category), exit 0 whatever it finds",
		"-json                 0 whatever it finds"} {
		if !strings.Contains(string(readme), want) {
			t.Errorf("README.md lacks %q", want)
		}
	}
}
