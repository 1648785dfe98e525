package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cachelint/cachelint/btfscan"
	"github.com/cachelint/cachelint/dwarfscan"
	"github.com/cachelint/cachelint/hotfile"
	"github.com/cachelint/cachelint/input"
	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/report"
)

const layoutUsage = `usage: cachelint layout [-C NAME[,NAME]] [-F dwarf|btf] [-hot FILE|DIR]... [-asserts FILE|DIR]... [-line N[,N]] [-reorg [-grow N] [-vary S.M=D]... [-patch SRC]...] [-format text|json|sarif|svg] [-srcroot DIR] [-q|-v]
                        [--sizes] [-n|--nr_members] [-H N|--holes=N] [--hex] [-P|--packable] [-E|--expand_types] FILE...

Reports the layout of the structs in ELF files with DWARF, or in BTF (raw,
an ELF .BTF section, or gzipped), with the cache-line checks. Exit status:
0 no findings, 3 findings, 1 errors. Flags may follow the files, as
pahole's do. With -patch, the output is a diff that rewrites the structs'
definitions in the C source SRC into the proposed order (git apply takes
it); exit status 3 as the findings stand before the patch, or 1 when a
struct's source could not be rewritten.
`

// listFlag collects a repeatable flag.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

// runLayout is "cachelint layout": it returns the exit status.
func runLayout(args []string, e env) int {
	stdout, stderr := e.Stdout, e.Stderr
	fs := flag.NewFlagSet("layout", flag.ContinueOnError)
	var hot listFlag
	names := fs.String("C", "", "report only the structs or unions `NAME[,NAME]`")
	fs.StringVar(names, "class_name", "", "as pahole --class_name: -C")
	formatPath := addFormatPath(fs)
	fs.Var(&hot, "hot", "hot file, net_cachelines table, or folder of tables (repeatable)")
	var lineFlag layout.LineSizes
	fs.Var(&lineFlag, "line", "cache-line sizes `N[,N]`, the first drawn in the text (default: the file's machine's, docs/binaries.md)")
	reorg := fs.Bool("reorg", false, "propose a reordering of each struct with hot fields")
	var patchSrc listFlag
	fs.Var(&patchSrc, "patch", "with -reorg: print a diff rewriting the struct definitions in the C `SRC` (file or folder) into the proposed order (repeatable)")
	var asserts listFlag
	fs.Var(&asserts, "asserts", "kernel sources, a file or a tree, whose CACHELINE_ASSERT_GROUP_SIZE lines say how big a proposal may make each cacheline group (repeatable)")
	vary, varied := varyFlag{}, map[string]bool{}
	fs.Var(vary, "vary", "with -reorg: `STRUCT.MEMBER=DELTAS`: the member's size differs by one of DELTAS bytes (N[,N], LO..HI[/STEP]) in other configurations; a proposal must hold in each (repeatable)")
	grow := fs.Int64("grow", 0, "bytes a proposal may add to a C struct; with it, a proposal may also pad inside a cacheline group")
	format := fs.String("format", "text", "output: text (pahole's), json, sarif or svg (a picture of the lines)")
	quiet := fs.Bool("q", false, "print only the structs with findings: no notes, warnings or progress bar")
	verbose := fs.Bool("v", false, "each warning on its own line (without -v, one line sums up the warnings about one file)")
	srcroot := fs.String("srcroot", ".", "with -format sarif: the `DIR` that relative URIs start from (%SRCROOT%)")
	pahole := addPaholeFlags(fs)
	if ok, code := parseFlags(fs, args, layoutUsage, stdout, stderr); !ok {
		return code
	}
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "cachelint: "+format+"\n", args...)
		return 1
	}
	if fs.NArg() == 0 {
		return fail("layout: no FILE (cachelint layout -h for usage)")
	}
	formats, err := parseFormats(*formatPath)
	if err != nil {
		return fail("%v", err)
	}
	lines := []int64(lineFlag)
	if len(lines) == 0 {
		if lines, err = machineLines(fs.Args()); err != nil {
			return fail("%v", err)
		}
	}
	if *grow < 0 {
		return fail("-grow=%d: want bytes, a number from 0", *grow)
	}
	var want []string
	if *names != "" {
		want = splitNames(*names)
	}
	say := &notices{w: stderr, quiet: *quiet, verbose: *verbose}
	set, err := loadHot(hot, want, say)
	if err != nil {
		return fail("%v", err)
	}
	if len(asserts) > 0 {
		sizes, notes, err := hotfile.LoadAsserts(asserts)
		if err != nil {
			return fail("%v", err)
		}
		for _, n := range notes {
			say.note(n)
		}
		if want != nil {
			sizes = sizes.Select(want)
		}
		if set == nil {
			set = &hotfile.Set{}
		}
		set = hotfile.Merge(set, sizes)
	}
	var patch *patcher
	if len(patchSrc) > 0 {
		if !*reorg || *format != "text" {
			return fail("-patch: needs -reorg, and prints a diff in place of -format")
		}
		if patch, err = newPatcher(patchSrc, lines, e); err != nil {
			return fail("-patch: %v", err)
		}
	}
	opts := report.Options{Lines: lines, Reorg: *reorg, Hex: pahole.hex, ExpandTypes: pahole.expand}

	// JSON and SARIF are written only once every input has been read: a
	// later input that fails leaves no document cut off mid-object. They
	// wait in a temporary file, not in memory, which a document of every
	// struct of a vmlinux would fill.
	var doc *os.File
	w := stdout
	if *format != "text" {
		if doc, err = os.CreateTemp("", "cachelint-doc-*"); err != nil {
			return fail("%v", err)
		}
		os.Remove(doc.Name())
		defer func() {
			doc.Close()
			os.Remove(doc.Name())
		}()
		w = doc
	}
	if pahole.expand {
		// -E prints each member's whole chain of typedefs and every
		// struct it holds: its output is bounded as inputs are.
		w = &limitWriter{w: w, left: expandLimit(fs.Args())}
	}
	out := bufio.NewWriter(w)
	defer out.Flush()
	var emit func(*layout.Struct, *layout.Result) error
	var sarif *report.SARIF
	var finish func() error
	switch *format {
	case "text":
		emit = func(s *layout.Struct, r *layout.Result) error { return report.Text(out, s, r, opts) }
		finish = out.Flush
	case "json":
		j := report.NewJSON(out, opts)
		emit, finish = j.Struct, j.Close
	case "sarif":
		o, err := sarifOptions(*srcroot)
		if err != nil {
			return fail("%v", err)
		}
		sarif = report.NewSARIF(out, o)
		emit, finish = sarif.Struct, sarif.Close
	case "svg":
		x := report.NewSVG(out, opts)
		emit, finish = x.Struct, x.Close
	default:
		return fail("-format=%s: want text, json, sarif or svg", *format)
	}
	list := pahole.listing(out)
	expanded := map[*layout.Struct]int64{}

	status := 0
	for _, path := range fs.Args() {
		var bar *progress
		if !*quiet && isTerminal(stderr) {
			bar = newProgress(stderr, filepath.Base(path), time.Now)
		}
		if sarif != nil {
			// Relative to the working directory, not to -srcroot.
			sarif.Artifact, _ = filepath.Abs(path)
		}
		structs, types, err := readStructs(path, want, bar, pahole.expand, formats)
		if err != nil {
			return fail("%v", err)
		}
		pahole.input(path)
		if err := prepareStructs(structs, types, set, want != nil, path, "", say); err != nil {
			return fail("%v", err)
		}
		opts.Lookup = report.Lookup(types)
		for _, s := range structs {
			s.Grow = *grow
			if err := vary.apply(s); err != nil {
				return fail("%s: %v", path, err)
			}
			varied[s.Name] = true
		}
		for _, s := range structs {
			if !pahole.keep(s) {
				continue
			}
			if list != nil {
				if err := list(s); err != nil {
					return fail("%v", err)
				}
				continue
			}
			if pahole.expand && report.Expanded(s, maxExpanded, expanded) > maxExpanded {
				return fail("%s: %v", path, &input.Error{Kind: input.ErrLimit,
					Msg: fmt.Sprintf("%s %s: -E would print more than %d members inline", s.Kind, s.Name, maxExpanded)})
			}
			r := layout.Analyze(s, lines)
			if len(r.Findings) > 0 {
				status = 3
			}
			if patch != nil {
				patch.add(s, &r, want != nil)
				continue
			}
			if len(r.Findings) == 0 && *quiet {
				continue
			}
			if err := emit(s, &r); err != nil {
				return fail("%v", err)
			}
		}
	}
	if names := vary.unused(varied); names != "" {
		return fail("-vary: no input has struct %s", names)
	}
	if patch != nil {
		if code := patch.finish(out); code != 0 {
			return code
		}
		return status
	}
	if err := finish(); err != nil {
		return fail("%v", err)
	}
	if doc != nil {
		if err := out.Flush(); err != nil {
			return fail("%v", err)
		}
		if _, err := doc.Seek(0, io.SeekStart); err != nil {
			return fail("%v", err)
		}
		if _, err := io.Copy(stdout, doc); err != nil {
			return fail("%v", err)
		}
	}
	return status
}

// expandLimit is the most that -E may print for the files at paths:
// expandRatio times their size, and expandMin at least.
func expandLimit(paths []string) int64 {
	var size int64
	for _, p := range paths {
		if fi, err := os.Stat(p); err == nil {
			size += fi.Size()
		}
	}
	return max(expandMin, expandRatio*size)
}

const (
	expandRatio = 64
	expandMin   = 64 << 20
)

// limitWriter passes at most left bytes to w, and fails past them with an
// input.ErrLimit that names the limit.
type limitWriter struct {
	w     io.Writer
	left  int64
	limit int64
}

func (l *limitWriter) Write(p []byte) (int, error) {
	if l.limit == 0 {
		l.limit = l.left
	}
	if int64(len(p)) > l.left {
		n, _ := l.w.Write(p[:l.left])
		l.left -= int64(n)
		return n, &input.Error{Kind: input.ErrLimit, Msg: fmt.Sprintf(
			"-E: output past %d bytes (%d times the size of the input, %d MiB at least)", l.limit, expandRatio, expandMin>>20)}
	}
	n, err := l.w.Write(p)
	l.left -= int64(n)
	return n, err
}

// maxExpanded bounds the members -E prints inside one struct, as the
// readers bound those of unnamed types (docs/binaries.md): the kernel's
// largest have a few thousand.
const maxExpanded = 1 << 16

// machineLines is the line size of the machine of the files when -line
// does not say (input.File.LineSize): one, since the JSON, SARIF and SVG
// documents have one.
func machineLines(paths []string) ([]int64, error) {
	var line int64
	for _, path := range paths {
		in, err := input.Open(path)
		if err != nil {
			return nil, err
		}
		n := in.LineSize()
		in.Close()
		if line != 0 && n != line {
			return nil, fmt.Errorf("%s: its machine has %d-byte lines, %s %d-byte: give -line", path, n, paths[0], line)
		}
		line = n
	}
	return []int64{line}, nil
}

// notices are what layout and diff say on stderr besides their errors and
// verdicts: notes and warnings; none with -q, and with -v each warning of
// a file that has several on its own line (report.Warnings).
type notices struct {
	w              io.Writer
	quiet, verbose bool
}

func (n *notices) note(msg string) {
	if !n.quiet {
		fmt.Fprintf(n.w, "cachelint: note: %s\n", msg)
	}
}

// warn writes warnings about the build at where ("" when there is one).
func (n *notices) warn(where string, warnings []input.Warning) {
	if !n.quiet && len(warnings) > 0 {
		report.Warnings(n.w, where, warnings, n.verbose)
	}
}

// loadHot reads the -hot files, with what they note, for the structs in
// want (every struct when nil); nil when there are none.
func loadHot(paths, want []string, say *notices) (*hotfile.Set, error) {
	if len(paths) == 0 {
		return nil, nil
	}
	set, notes, err := hotfile.LoadPaths(paths)
	if err != nil {
		return nil, err
	}
	for _, n := range notes {
		say.note(n)
	}
	return set, nil
}

// prepareStructs applies the hot files of set to the structs read from
// path and prepares them for the checks, as layout and diff both do.
// Warnings are said after where when it is set. With -C (selected), what
// set says of structs neither read nor a member's type is not wanted: no
// warning that a folder's other tables name structs absent.
func prepareStructs(structs, types []*layout.Struct, set *hotfile.Set, selected bool, path, where string, say *notices) error {
	// The types of members, read for -C, take the hot files' marks and
	// their groups' too, as they would without -C: a hot struct-typed
	// member counts the lines of its type's hot fields.
	in := make(map[*layout.Struct]bool, len(structs))
	for _, s := range structs {
		in[s] = true
	}
	all := slices.Clone(structs)
	for _, t := range types {
		if !in[t] {
			all = append(all, t)
		}
	}
	if set != nil && selected {
		names := make([]string, len(all))
		for i, s := range all {
			names[i] = s.Name
		}
		set = set.Select(names)
	}
	if set != nil {
		warnings, err := set.Apply(all)
		say.warn(where, warnings)
		if err != nil {
			return err
		}
	}
	for _, s := range all {
		if err := layout.Prepare(s, layout.BinarySeparators); err != nil && in[s] {
			return fmt.Errorf("%s: %v", path, err)
		} // a member's type's own errors are its report's
	}
	typeOf := report.Lookup(all)
	for _, s := range structs {
		for _, n := range layout.EmbedHot(s, typeOf) {
			say.note(n)
		}
	}
	return nil
}

// btfReads counts the BTF blobs being read, for collectLess: the
// collector's settings are the process's, and tests read blobs in
// parallel.
var btfReads struct {
	sync.Mutex
	n       int
	percent int
	limit   int64
}

// collectLess turns the collector off, under a 1 GB memory limit, until
// the function it returns is called, unless GOGC says otherwise. A BTF
// blob is a few MB, read at once: a collection while reading it frees
// nothing and stops both cores until a long decompression loop yields
// (docs/performance.md). The last of reads at once restores the settings
// the first found.
func collectLess() (restore func()) {
	if os.Getenv("GOGC") != "" {
		return func() {}
	}
	btfReads.Lock()
	defer btfReads.Unlock()
	if btfReads.n == 0 {
		btfReads.percent, btfReads.limit = debug.SetGCPercent(-1), debug.SetMemoryLimit(1<<30)
	}
	btfReads.n++
	return func() {
		btfReads.Lock()
		defer btfReads.Unlock()
		if btfReads.n--; btfReads.n == 0 {
			debug.SetGCPercent(btfReads.percent)
			debug.SetMemoryLimit(btfReads.limit)
		}
	}
}

// source is what both readers offer.
type source interface {
	Structs(names ...string) ([]*layout.Struct, error)
	Find(names ...string) (found, embedded []*layout.Struct, err error)
}

// readStructs reads the structs of path (those named in want, when any),
// and the structs to look members' types up in, for pahole's alignment
// and padding notes and for the hot fields of struct-typed members,
// showing the DWARF reader's progress on bar when it is not nil, with
// what pahole -E prints when expand is set. An ELF file is read for
// DWARF, for its .BTF section when it has no DWARF; BTF is read as BTF;
// the input layer tells which is which.
func readStructs(path string, want []string, bar *progress, expand bool, formats []string) (structs, types []*layout.Struct, err error) {
	in, err := input.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer in.Close()
	explicit := formats != nil
	if !explicit {
		formats = defaultFormats
	}
	var src source
	var noTypes error
	for _, format := range formats {
		switch {
		case format == "dwarf" && in.Format == input.ELF:
			f, err := dwarfscan.New(in)
			switch {
			case err == nil:
				defer f.Close()
				f.ExpandTypes = expand
				if bar != nil {
					f.Progress = bar.update
					defer bar.clear()
				}
				src = f
			case !errors.Is(err, input.ErrNoTypes):
				return nil, nil, err
			default:
				noTypes = err
			}
		case format == "btf":
			defer collectLess()()
			f, err := btfscan.New(in)
			switch {
			case err == nil:
				f.ExpandTypes = expand
				src = f
			case !errors.Is(err, input.ErrNoTypes):
				return nil, nil, err
			default:
				noTypes = err
			}
		}
		if src != nil {
			break
		}
	}
	if src == nil && !explicit {
		return nil, nil, noTypes
	}
	if src == nil {
		return nil, nil, &input.FileError{Path: path, Err: &input.Error{Kind: input.ErrNoTypes,
			Msg: fmt.Sprintf("no %s type information (-F %s)", strings.ToUpper(strings.Join(formats, " or ")), strings.Join(formats, ","))}}
	}

	if len(want) == 0 {
		all, err := src.Structs()
		return all, all, err
	}
	// pahole's notes need the definitions of the members' types, which
	// Find returns with the structs. A name missing is an error, from
	// either reader, returned with the structs found.
	out, lookup, err := src.Find(want...)
	if err != nil && !errors.Is(err, input.ErrNotFound) {
		return nil, nil, err
	}
	// As pahole -C: the first definition of each name. (BTF can hold
	// several layouts of one name; DWARF search stops at the first.)
	seen := make(map[string]bool, len(out))
	out = slices.DeleteFunc(out, func(s *layout.Struct) bool {
		dup := seen[s.Name]
		seen[s.Name] = true
		return dup
	})
	return out, lookup, err
}

// defaultFormats are the type information readStructs reads, in order:
// an ELF file's DWARF, else BTF (raw, or an ELF file's .BTF section).
var defaultFormats = []string{"dwarf", "btf"}

// addFormatPath defines pahole's -F and --format_path.
func addFormatPath(fs *flag.FlagSet) *string {
	f := fs.String("F", "", "as pahole -F: the type information to read, `dwarf`, btf, or both in the order to try (default dwarf,btf)")
	fs.StringVar(f, "format_path", "", "as pahole --format_path: -F")
	return f
}

// parseFormats reads -F: nil for the default.
func parseFormats(s string) ([]string, error) {
	if s == "" {
		return nil, nil
	}
	var out []string
	for f := range strings.SplitSeq(s, ",") {
		if !slices.Contains(defaultFormats, f) {
			return nil, fmt.Errorf("-F=%s: want dwarf, btf, or both (pahole's ctf is not read)", s)
		}
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out, nil
}
