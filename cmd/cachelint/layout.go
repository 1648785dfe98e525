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
	"github.com/cachelint/cachelint/reorg"
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

// layoutFlags are the flags of cachelint layout.
type layoutFlags struct {
	names, formatPath, format, srcroot *string
	hot, patchSrc, asserts             listFlag
	line                               layout.LineSizes
	vary                               varyFlag
	reorg, quiet, verbose              *bool
	grow                               *int64
	pahole                             *paholeFlags
}

// addLayoutFlags defines the flags of cachelint layout in fs.
func addLayoutFlags(fs *flag.FlagSet) *layoutFlags {
	f := &layoutFlags{vary: varyFlag{}}
	f.names = fs.String("C", "", "report only the structs or unions `NAME[,NAME]`")
	fs.StringVar(f.names, "class_name", "", "as pahole --class_name: -C")
	f.formatPath = addFormatPath(fs)
	fs.Var(&f.hot, "hot", "hot file, net_cachelines table, or folder of tables (repeatable)")
	fs.Var(&f.line, "line", "cache-line sizes `N[,N]`, the first drawn in the text (default: the file's machine's, docs/binaries.md)")
	f.reorg = fs.Bool("reorg", false, "propose a reordering of each struct with hot fields")
	fs.Var(&f.patchSrc, "patch", "with -reorg: print a diff rewriting the struct definitions in the C `SRC` (file or folder) into the proposed order (repeatable)")
	fs.Var(&f.asserts, "asserts", "kernel sources, a file or a tree, whose CACHELINE_ASSERT_GROUP_SIZE lines say how big a proposal may make each cacheline group (repeatable)")
	fs.Var(f.vary, "vary", "with -reorg: `STRUCT.MEMBER=DELTAS`: the member's size differs by one of DELTAS bytes (N[,N], LO..HI[/STEP]) in other configurations; a proposal must hold in each (repeatable)")
	f.grow = fs.Int64("grow", 0, "bytes a proposal may add to a C struct; with it, a proposal may also pad inside a cacheline group")
	f.format = fs.String("format", "text", "output: text (pahole's), json, sarif or svg (a picture of the lines)")
	f.quiet = fs.Bool("q", false, "print only the structs with findings: no notes, warnings or progress bar")
	f.verbose = fs.Bool("v", false, "each warning on its own line (without -v, one line sums up the warnings about one file)")
	f.srcroot = fs.String("srcroot", ".", "with -format sarif: the `DIR` that relative URIs start from (%SRCROOT%)")
	f.pahole = addPaholeFlags(fs)
	return f
}

// runLayout is "cachelint layout": it returns the exit status.
func runLayout(args []string, e env) int {
	stdout, stderr := e.Stdout, e.Stderr
	fs := flag.NewFlagSet("layout", flag.ContinueOnError)
	f := addLayoutFlags(fs)
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
	formats, err := parseFormats(*f.formatPath)
	if err != nil {
		return fail("%v", err)
	}
	lines := []int64(f.line)
	if len(lines) == 0 {
		if lines, err = machineLines(fs.Args()); err != nil {
			return fail("%v", err)
		}
	}
	if *f.grow < 0 {
		return fail("-grow=%d: want bytes, a number from 0", *f.grow)
	}
	var want []string
	if *f.names != "" {
		want = splitNames(*f.names)
	}
	say := &notices{w: stderr, quiet: *f.quiet, verbose: *f.verbose}
	set, err := loadLayoutHot(f.hot, f.asserts, want, say)
	if err != nil {
		return fail("%v", err)
	}
	var patch *patcher
	if len(f.patchSrc) > 0 {
		if !*f.reorg || *f.format != "text" {
			return fail("-patch: needs -reorg, and prints a diff in place of -format")
		}
		if patch, err = newPatcher(f.patchSrc, lines, e); err != nil {
			return fail("-patch: %v", err)
		}
	}
	opts := &report.Options{Lines: lines, Reorg: *f.reorg, Hex: f.pahole.hex, ExpandTypes: f.pahole.expand}
	o, err := newLayoutOutput(*f.format, *f.srcroot, stdout, opts, f.pahole.expand, fs.Args())
	if err != nil {
		return fail("%v", err)
	}
	defer o.close()
	run := &layoutRun{flags: f, want: want, formats: formats, lines: lines, set: set, say: say, patch: patch, out: o,
		opts: opts, list: f.pahole.listing(o.out), expanded: map[*layout.Struct]int64{}, varied: map[string]bool{}, stderr: stderr}
	status := 0
	for _, path := range fs.Args() {
		st, err := run.input(path)
		if err != nil {
			return fail("%v", err)
		}
		status = max(status, st)
	}
	if names := f.vary.unused(run.varied); names != "" {
		return fail("-vary: no input has struct %s", names)
	}
	if patch != nil {
		if code := patch.finish(o.out); code != 0 {
			return code
		}
		return status
	}
	if err := o.done(stdout); err != nil {
		return fail("%v", err)
	}
	return status
}

// loadLayoutHot reads the -hot files and the -asserts sources, with what
// they note, for the structs in want (every struct when nil); nil when
// there are neither.
func loadLayoutHot(hot, asserts, want []string, say *notices) (*hotfile.Set, error) {
	set, err := loadHot(hot, want, say)
	if err != nil || len(asserts) == 0 {
		return set, err
	}
	sizes, notes, err := hotfile.LoadAsserts(asserts)
	if err != nil {
		return nil, err
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
	return hotfile.Merge(set, sizes), nil
}

// layoutOutput is where cachelint layout writes, in its format. JSON and
// SARIF are written only once every input has been read: a later input
// that fails leaves no document cut off mid-object. They wait in a
// temporary file (doc), not in memory, which a document of every struct
// of a vmlinux would fill.
type layoutOutput struct {
	doc   *os.File
	out   *bufio.Writer
	emit  func(*layout.Struct, *reorg.Result) error
	end   func() error  // ends the document
	sarif *report.SARIF // with -format sarif
}

// newLayoutOutput sets up the output of the format for the inputs at
// paths; close removes what it leaves. The text is written with opts as
// they are for each struct, the documents with opts as they are now.
func newLayoutOutput(format, srcroot string, stdout io.Writer, opts *report.Options, expand bool, paths []string) (*layoutOutput, error) {
	o := &layoutOutput{}
	w := stdout
	if format != "text" {
		doc, err := os.CreateTemp("", "cachelint-doc-*")
		if err != nil {
			return nil, err
		}
		os.Remove(doc.Name())
		o.doc, w = doc, doc
	}
	if expand {
		// -E prints each member's whole chain of typedefs and every
		// struct it holds: its output is bounded as inputs are.
		w = &limitWriter{w: w, left: expandLimit(paths)}
	}
	o.out = bufio.NewWriter(w)
	switch format {
	case "text":
		o.emit = func(s *layout.Struct, r *reorg.Result) error { return report.Text(o.out, s, r, *opts) }
		o.end = o.out.Flush
	case "json":
		j := report.NewJSON(o.out, *opts)
		o.emit, o.end = j.Struct, j.Close
	case "sarif":
		so, err := sarifOptions(srcroot)
		if err != nil {
			o.close()
			return nil, err
		}
		o.sarif = report.NewSARIF(o.out, so)
		o.emit, o.end = o.sarif.Struct, o.sarif.Close
	case "svg":
		x := report.NewSVG(o.out, *opts)
		o.emit, o.end = x.Struct, x.Close
	default:
		o.close()
		return nil, fmt.Errorf("-format=%s: want text, json, sarif or svg", format)
	}
	return o, nil
}

// done ends the output and copies a document waiting in its file to
// stdout.
func (o *layoutOutput) done(stdout io.Writer) error {
	if err := o.end(); err != nil {
		return err
	}
	if o.doc == nil {
		return nil
	}
	if err := o.out.Flush(); err != nil {
		return err
	}
	if _, err := o.doc.Seek(0, io.SeekStart); err != nil {
		return err
	}
	_, err := io.Copy(stdout, o.doc)
	return err
}

// close writes what is buffered and removes the document's file.
func (o *layoutOutput) close() {
	o.out.Flush()
	if o.doc != nil {
		o.doc.Close()
		os.Remove(o.doc.Name())
	}
}

// layoutRun is one run of cachelint layout over its inputs, once its
// flags are read.
type layoutRun struct {
	flags    *layoutFlags
	want     []string // -C's names
	formats  []string // -F's
	lines    []int64
	set      *hotfile.Set
	say      *notices
	patch    *patcher // with -patch
	out      *layoutOutput
	opts     *report.Options            // the text's: Lookup is the input's
	list     func(*layout.Struct) error // with pahole's listing flags
	expanded map[*layout.Struct]int64   // -E's count of members inline
	varied   map[string]bool            // the structs read, for -vary
	stderr   io.Writer
}

// input reads the structs of the file at path and reports on them; it
// returns exit status 3 when one has findings.
func (r *layoutRun) input(path string) (int, error) {
	f := r.flags
	var bar *progress
	if !*f.quiet && isTerminal(r.stderr) {
		bar = newProgress(r.stderr, filepath.Base(path), time.Now)
	}
	if r.out.sarif != nil {
		// Relative to the working directory, not to -srcroot.
		r.out.sarif.Artifact, _ = filepath.Abs(path)
	}
	structs, types, err := readStructs(path, r.want, bar, f.pahole.expand, r.formats)
	if err != nil {
		return 0, err
	}
	f.pahole.input(path)
	if err := prepareStructs(structs, types, r.set, r.want != nil, path, "", r.say); err != nil {
		return 0, err
	}
	r.opts.Lookup = report.Lookup(types)
	for _, s := range structs {
		s.Grow = *f.grow
		if err := f.vary.apply(s); err != nil {
			return 0, fmt.Errorf("%s: %v", path, err)
		}
		r.varied[s.Name] = true
	}
	status := 0
	for _, s := range structs {
		if !f.pahole.keep(s) {
			continue
		}
		if r.list != nil {
			if err := r.list(s); err != nil {
				return 0, err
			}
			continue
		}
		if f.pahole.expand && report.Expanded(s, maxExpanded, r.expanded) > maxExpanded {
			return 0, fmt.Errorf("%s: %v", path, &input.Error{Kind: input.ErrLimit,
				Msg: fmt.Sprintf("%s %s: -E would print more than %d members inline", s.Kind, s.Name, maxExpanded)})
		}
		res := reorg.Analyze(s, r.lines)
		if len(res.Findings) > 0 {
			status = 3
		}
		if r.patch != nil {
			r.patch.add(s, &res, r.want != nil)
			continue
		}
		if len(res.Findings) == 0 && *f.quiet {
			continue
		}
		if err := r.out.emit(s, &res); err != nil {
			return 0, err
		}
	}
	return status, nil
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
