package profile

import (
	"errors"
	"fmt"
	"go/ast"
	"go/types"
	"maps"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/cachelint/cachelint/input"
	"github.com/cachelint/cachelint/layout"
)

// Input is one profile and the fast path it stands for.
type Input struct {
	Path string // "" for the default path
	File string
	// owner is, for a main package's default.pgo, its directory: the
	// only main package whose functions its main.* names may name when
	// they moved (every main package declares main.main).
	owner string
}

// profileSuffixes name profiles by their file names: pprof's own, and
// go test's (go help testflag writes -cpuprofile cpu.out).
var profileSuffixes = []string{".pprof", ".prof", ".pb.gz", ".out"}

// SplitArgs splits command-line arguments into profiles and package
// patterns. An argument is a profile when it is PATH=FILE, names an
// existing file, or ends as profiles are named (profileSuffixes); a
// profile that does not exist is an error naming it, every such one.
func SplitArgs(args []string) (inputs []Input, patterns []string, err error) {
	var errs []error
	for _, a := range args {
		if name, file, ok := strings.Cut(a, "="); ok && !strings.ContainsAny(name, "/.") {
			if !layout.IsIdent(name) {
				return nil, nil, fmt.Errorf("%s: bad path name %q (want letters, digits and _)", a, name)
			}
			if err := isProfileFile(file); err != nil {
				errs = append(errs, fmt.Errorf("%w (the profile for path %s)", err, name))
			}
			inputs = append(inputs, Input{Path: name, File: file})
			continue
		}
		st, statErr := os.Stat(a)
		switch {
		case statErr == nil && !st.IsDir():
			inputs = append(inputs, Input{File: a})
		case slices.ContainsFunc(profileSuffixes, func(s string) bool { return strings.HasSuffix(a, s) }):
			if err := isProfileFile(a); err != nil {
				errs = append(errs, err)
			}
			inputs = append(inputs, Input{File: a})
		default:
			patterns = append(patterns, a)
		}
	}
	if len(errs) > 0 {
		return nil, nil, errors.Join(errs...)
	}
	named := slices.IndexFunc(inputs, func(in Input) bool { return in.Path != "" })
	unnamed := slices.IndexFunc(inputs, func(in Input) bool { return in.Path == "" })
	if named >= 0 && unnamed >= 0 {
		return nil, nil, fmt.Errorf("%s names no path while %s=%s does: name every profile's path or none", inputs[unnamed].File, inputs[named].Path, inputs[named].File)
	}
	return inputs, patterns, nil
}

// isProfileFile says why the profile named file cannot be read as one,
// nil when it is a file.
func isProfileFile(file string) error {
	st, err := os.Stat(file)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%s: no such file", file)
	case err != nil:
		return err
	case st.IsDir():
		return fmt.Errorf("%s: a directory, not a profile", file)
	}
	return nil
}

// Result is what the profiles say about the fields of the load.
type Result struct {
	Profiles []ProfileStats
	// Paths are the fast paths of the profiles, sorted; [""] for the
	// default path.
	Paths []string
	// Total is the samples of each path.
	Total map[string]int64
	// Structs are the struct types accessed on sampled lines, most
	// sampled first.
	Structs []*Struct
	// sampled are the bodies of the functions of the load the samples
	// are in; many the struct types their code holds many of
	// (heldMany), and unsampled the fields the other functions read
	// together (unsampledReads), found when first needed.
	sampled   map[*ast.BlockStmt]bool
	many      map[string]bool
	unsampled map[string][][]string
}

// ProfileStats says how much of one profile the load explains.
type ProfileStats struct {
	Input
	Samples int64
	// Matched are the samples with a frame in a file of the load,
	// Mapped those that touch a field.
	Matched, Mapped int64
	// Found are the functions of the load the profile names (those with
	// samples or callers sampled). Moved are those whose func
	// keyword is no longer where the profile recorded it (lines added
	// above, a move to another file): their samples count at the lines
	// they are now, by the offset from the func keyword, as go build
	// matches a profile. Missing are the functions the profile names in
	// a file of the load that the load no longer declares there; their
	// samples credit nothing.
	Found, Moved, Missing int
}

// Struct is one struct type and its fields' samples.
type Struct struct {
	Key string // package path and name, as Program.structs keys it
	// Samples are the samples of each path that touch any field.
	Samples map[string]int64
	Fields  []Field // in declaration order
}

// Field is one field's samples on each path.
type Field struct {
	Name    string
	Samples map[string]int64 // samples touching the field
	Writes  map[string]int64 // samples of lines writing it
	// Guard names the lock field of the same struct the sampled code
	// holds whenever it accesses the field (lockGuards); "" for none.
	// OuterGuard, for a field with no Guard, names as PKG.TYPE.FIELD the
	// lock of a struct holding this one in place that it holds instead.
	Guard, OuterGuard string
	// Funcs are the functions whose sampled lines credit the field, as
	// the profile names them (type arguments left out), with the samples
	// of each, over every path; WriteFuncs those whose lines write it.
	Funcs, WriteFuncs map[string]int64
	// WrittenWith are the fields of the same struct that every sample
	// touching the field writes, sorted.
	WrittenWith []string
	// Goroutines are the goroutines (goroutineOf) whose samples touch the
	// field, with the samples of each over every path; Writers those
	// whose samples write it. A sample whose goroutine is unknown counts
	// in neither.
	Goroutines, Writers map[layout.Goroutine]int64
	// Parts are, for a field whose type is a struct held in place, what
	// the sampled lines select in it: each named by the path of fields
	// selected ("a.b"), or "" for the field used whole; sorted.
	Parts []Field
}

// total sums m over every path.
func total(m map[string]int64) int64 {
	var n int64
	for _, v := range m {
		n += v
	}
	return n
}

// Map reads the profiles and maps their samples onto the fields of p.
func (p *Program) Map(inputs []Input) (*Result, error) {
	return p.mapInputs(inputs, false)
}

// mapInputs is Map; when lenient, a profile none of whose samples is in
// the load is left out of the result but for its stats, with Matched 0.
func (p *Program) mapInputs(inputs []Input, lenient bool) (*Result, error) {
	r := &Result{Total: map[string]int64{}}
	fs := &fieldSamples{byPath: map[string]*pathCounts{}, credits: map[int32]map[string]int64{}, writeCredits: map[int32]map[string]int64{},
		goroutines: goroutineSamples{}, together: writtenWith{}}
	structHits := map[string]map[string]int64{}
	seen := &sampled{funcs: map[*funcInfo]*callers{}}
	var errs []error
	for _, in := range inputs {
		prof, err := readProfile(in.File)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		c := fs.byPath[in.Path]
		if c == nil {
			c = &pathCounts{}
			fs.byPath[in.Path] = c
		}
		st, err := p.mapProfile(in, prof, seen, func(t *touched, goroutine layout.Goroutine, v int64) {
			for len(c.any) < len(p.fields) {
				c.any, c.write = append(c.any, 0), append(c.write, 0)
			}
			for i, f := range t.fields {
				c.any[f] += v
				if t.writes[i] {
					c.write[f] += v
				}
				if goroutine.Func != "" {
					fs.goroutines.add(f, goroutine, v, t.writes[i])
				}
				fs.together.add(p, t, i, v)
			}
			for _, s := range t.structs {
				if structHits[s] == nil {
					structHits[s] = map[string]int64{}
				}
				structHits[s][in.Path] += v
			}
		}, fs.credit)
		var none *unmatched
		if lenient && errors.As(err, &none) {
			st.Matched, st.Mapped = 0, 0
			r.Profiles = append(r.Profiles, st)
			continue
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		r.Profiles = append(r.Profiles, st)
		r.Total[in.Path] += st.Samples
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	for path := range r.Total {
		r.Paths = append(r.Paths, path)
	}
	slices.Sort(r.Paths)
	fs.guards, fs.outerGuards = p.lockGuards(seen)
	r.sampled = map[*ast.BlockStmt]bool{}
	for fi := range seen.funcs {
		if fi.body != nil {
			r.sampled[fi.body] = true
		}
	}
	for key, hits := range structHits {
		s := &Struct{Key: key, Samples: hits}
		st := p.structs[key]
		names := p.fieldNames(key)
		for i, id := range st.fields {
			f := Field{Samples: map[string]int64{}, Writes: map[string]int64{}}
			if id >= 0 {
				f = fs.field(p, id)
				for _, part := range slices.Sorted(maps.Keys(st.parts[i])) {
					pf := fs.field(p, st.parts[i][part])
					pf.Name = part
					f.Parts = append(f.Parts, pf)
				}
			} else if i < len(names) {
				f.Name = names[i]
			}
			s.Fields = append(s.Fields, f)
		}
		r.Structs = append(r.Structs, s)
	}
	sort.Slice(r.Structs, func(i, j int) bool {
		a, b := total(r.Structs[i].Samples), total(r.Structs[j].Samples)
		if a != b {
			return a > b
		}
		return r.Structs[i].Key < r.Structs[j].Key
	})
	return r, nil
}

// pathCounts are the samples of one path touching each field, and
// writing it, by field id.
type pathCounts struct{ any, write []int64 }

// fieldSamples is what the samples of every profile say of each field,
// by field id, and what the lock analysis says of it.
type fieldSamples struct {
	byPath map[string]*pathCounts
	// credits are the samples of each function crediting the field;
	// writeCredits those whose line writes it.
	credits, writeCredits map[int32]map[string]int64
	goroutines            goroutineSamples
	together              writtenWith
	guards, outerGuards   map[int32]int32 // lockGuards'
}

// credit counts v samples of fn crediting field, written of them.
func (fs *fieldSamples) credit(field int32, fn string, v, written int64) {
	if fs.credits[field] == nil {
		fs.credits[field] = map[string]int64{}
	}
	fs.credits[field][fn] += v
	if written > 0 {
		if fs.writeCredits[field] == nil {
			fs.writeCredits[field] = map[string]int64{}
		}
		fs.writeCredits[field][fn] += written
	}
}

// field is what the samples say of the field or part id.
func (fs *fieldSamples) field(p *Program, id int32) Field {
	f := Field{Name: p.fields[id].name, Samples: map[string]int64{}, Writes: map[string]int64{}, Funcs: fs.credits[id], WriteFuncs: fs.writeCredits[id],
		WrittenWith: fs.together.always(p, id)}
	if g, ok := fs.guards[id]; ok {
		f.Guard = p.fields[g].name
	}
	if g, ok := fs.outerGuards[id]; ok {
		key := p.fields[g].key
		f.OuterGuard = key[strings.LastIndexByte(key, '/')+1:] + "." + p.fields[g].name
	}
	if g := fs.goroutines[id]; g != nil {
		f.Goroutines, f.Writers = g.any, g.write
	}
	for path, c := range fs.byPath {
		if int(id) < len(c.any) && c.any[id] > 0 {
			f.Samples[path] = c.any[id]
			if c.write[id] > 0 {
				f.Writes[path] = c.write[id]
			}
		}
	}
	return f
}

// writtenWith counts, for each field, the samples touching it, and of
// those, the samples writing each other field of its struct.
type writtenWith map[int32]*fieldWith

type fieldWith struct {
	samples int64
	writes  map[int32]int64
}

// add counts sample t, of weight v, for its i-th field.
func (w writtenWith) add(p *Program, t *touched, i int, v int64) {
	f := t.fields[i]
	fw := w[f]
	if fw == nil {
		fw = &fieldWith{writes: map[int32]int64{}}
		w[f] = fw
	}
	fw.samples += v
	for j, g := range t.fields {
		if t.writes[j] && g != f && p.fields[g].key == p.fields[f].key && !p.fields[g].isPart {
			fw.writes[g] += v
		}
	}
}

// always names the fields every sample touching field f writes, sorted.
func (w writtenWith) always(p *Program, f int32) []string {
	fw := w[f]
	if fw == nil {
		return nil
	}
	var out []string
	for g, n := range fw.writes {
		if n == fw.samples {
			out = append(out, p.fields[g].name)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// fieldNames names the fields of the struct type key from its
// declaration.
func (p *Program) fieldNames(key string) []string {
	obj, _, _ := p.declaredStruct(key)
	if obj == nil {
		return nil
	}
	st, _ := obj.Type().Underlying().(*types.Struct)
	if st == nil {
		return nil
	}
	var names []string
	for f := range st.Fields() {
		names = append(names, f.Name())
	}
	return names
}

// readProfile reads a CPU profile, gzipped or not.
func readProfile(name string) (*pprofProfile, error) {
	prof, err := readPprof(name)
	if err != nil {
		return nil, err
	}
	if cpuIndex(prof) < 0 {
		var kinds []string
		for _, st := range prof.sampleTypes {
			kinds = append(kinds, st.Type+"/"+st.Unit)
		}
		msg := "not a CPU profile: it has no sample types"
		if len(kinds) > 0 {
			msg = "not a CPU profile: its samples are " + strings.Join(kinds, ", ")
		}
		return nil, &input.FileError{Path: name, Err: &input.Error{Kind: input.ErrNotProfile, Msg: msg}}
	}
	return prof, nil
}

// cpuIndex is the index of the sample value to count: the number of
// samples of a Go CPU profile, else the CPU time; -1 for a profile that is
// not of CPU time.
func cpuIndex(prof *pprofProfile) int {
	cpu := prof.periodType.Type == "cpu"
	at := -1
	for i, st := range prof.sampleTypes {
		switch st.Type {
		case "samples":
			if cpu {
				return i
			}
		case "cpu":
			at = i
		}
	}
	return at
}

// mapProfile maps the samples of prof, calling add with the fields each
// sample touches, whether it writes them, the struct types touched and the
// goroutine the sample ran on (goroutineOf), and credit with each field
// and function whose line credits it, once a sample, with the samples of
// those among them whose line writes it; it notes in seen the functions
// sampled and their callers.
func (p *Program) mapProfile(in Input, prof *pprofProfile, seen *sampled, add func(t *touched, goroutine layout.Goroutine, v int64),
	credit func(field int32, fn string, v, written int64)) (ProfileStats, error) {
	st := ProfileStats{Input: in}
	vi := cpuIndex(prof)
	locs, other, where := p.locate(prof, in.owner)
	st.Found, st.Moved, st.Missing = where.count()
	taken := takenGuards(prof, locs, vi, seen)
	t := &touched{p: p, taken: taken, straight: map[*straightLine][]access{}, cstamp: map[creditKey]int32{}, sstamp: map[string]int32{}}
	credits, writeCredits := map[creditKey]int64{}, map[creditKey]int64{}
	bench := isBenchmarks(prof)
	for i, s := range prof.stacks {
		v := s.values[vi]
		st.Samples += v
		matched := t.sample(int32(i+1), s, locs)
		if matched {
			st.Matched += v
		}
		if len(t.fields) > 0 {
			st.Mapped += v
			add(t, p.goroutineOf(s, locs, bench), v)
			for i, k := range t.credited {
				credits[k] += v
				if t.creditWrites[i] {
					writeCredits[k] += v
				}
			}
		}
	}
	for k, v := range credits {
		credit(k.field, frameName(prof.functions[k.fn].name), v, writeCredits[k])
	}
	if st.Samples == 0 {
		return st, &unmatched{fmt.Errorf("%s: the profile has no samples", in.File)}
	}
	if st.Matched == 0 {
		return st, &unmatched{p.noMatch(in.File, prof, other)}
	}
	return st, nil
}

// locate finds what each location of prof executes in the load, matching
// moved functions as go build does (relocator); other are the files of
// the profile outside the load.
func (p *Program) locate(prof *pprofProfile, owner string) (locs []loc, other map[string]bool, where *stale) {
	locs = make([]loc, len(prof.locations))
	other = map[string]bool{}
	where = p.relocator(prof, owner)
	for i, l := range prof.locations {
		lc := &locs[i]
		for _, ln := range l.lines {
			fn := &prof.functions[ln.function]
			rl := where.located(ln.function)
			if rl.file == nil && rl.how != missing {
				other[fn.file] = true
			}
			fr := frame{name: fn.name, fn: ln.function}
			lc.shared = lc.shared || shared(fn.name)
			if rl.file != nil {
				lc.matched = true
				if fr.lines = p.lineOf(rl.file, int(ln.line+rl.shift), &rl.fn); len(fr.lines) == 0 {
					fr.lines = []*lineInfo{{}}
				}
			}
			lc.frames = append(lc.frames, fr)
		}
	}
	return locs, other, where
}

// takenGuards are the guards some sample of prof went past the leaving
// branch of; it notes in seen the callers of each function sampled.
func takenGuards(prof *pprofProfile, locs []loc, vi int, seen *sampled) map[*guard]bool {
	taken := map[*guard]bool{}
	for _, s := range prof.stacks {
		if s.values[vi] == 0 {
			continue
		}
		var inner []*lineInfo // the frame nearer the leaf, in the load
		for _, l := range s.locations {
			for _, fr := range locs[l].frames {
				seen.calls(inner, fr.lines)
				for _, li := range fr.lines {
					for _, g := range li.guards {
						taken[g] = true
					}
				}
				inner = fr.lines
			}
		}
		seen.calls(inner, nil)
	}
	return taken
}

// creditKey is a field and a function whose sampled line credits it.
type creditKey struct{ field, fn int32 }

// touched is what one sample touches: each field once, whether a line
// writes it, the struct types, and the functions that credit each field.
// The stamps are the last sample that counted each.
type touched struct {
	p        *Program
	taken    map[*guard]bool
	straight map[*straightLine][]access

	fields  []int32
	writes  []bool
	structs []string
	// credited are the fields and functions of the sample, once each;
	// creditWrites says which of them a line of the function writes.
	credited     []creditKey
	creditWrites []bool

	stamp, wstamp []int32
	sstamp        map[string]int32
	cstamp        map[creditKey]int32
	fn            int32 // the function of the frame whose lines are touched
}

// touch counts accs in sample gen.
func (t *touched) touch(gen int32, accs []access) {
	for _, a := range accs {
		k := creditKey{a.field, t.fn}
		if t.cstamp[k] != gen {
			t.cstamp[k] = gen
			t.credited = append(t.credited, k)
			t.creditWrites = append(t.creditWrites, false)
		}
		if a.write {
			t.creditWrites[slices.Index(t.credited, k)] = true
		}
		for int(a.field) >= len(t.stamp) {
			t.stamp, t.wstamp = append(t.stamp, 0), append(t.wstamp, 0)
		}
		if t.stamp[a.field] != gen {
			t.stamp[a.field] = gen
			t.fields = append(t.fields, a.field)
			t.writes = append(t.writes, false)
			if key := t.p.fields[a.field].key; t.sstamp[key] != gen {
				t.sstamp[key] = gen
				t.structs = append(t.structs, key)
			}
		}
		if a.write && t.wstamp[a.field] != gen {
			t.wstamp[a.field] = gen
			t.writes[slices.Index(t.fields, a.field)] = true
		}
	}
}

// sample finds what stack s, sample gen, touches, and reports whether a
// frame of it is in the load.
func (t *touched) sample(gen int32, s pprofStack, locs []loc) (matched bool) {
	t.fields, t.writes, t.structs, t.credited, t.creditWrites = t.fields[:0], t.writes[:0], t.structs[:0], t.credited[:0], t.creditWrites[:0]
	// A frame nearer the leaf is in a loop, or a runtime entry point
	// whose samples are not its callers' work: what certainly ran
	// with the lines above it ran once for many samples.
	loop := false
	callee := "" // the function of the frame nearer the leaf
	for _, l := range s.locations {
		lc := &locs[l]
		matched = matched || lc.matched
		loop = loop || lc.shared
		for _, fr := range lc.frames {
			t.fn = fr.fn
			for _, li := range fr.lines {
				t.line(gen, li, callee, loop)
				loop = loop || li.inLoop
			}
			callee = fr.name
		}
	}
	return matched
}

// line counts what executing li implies, in a frame called from callee's
// (the frame nearer the leaf); below a loop, only the line's own
// accesses and the operands callee proves ran.
func (t *touched) line(gen int32, li *lineInfo, callee string, loop bool) {
	t.touch(gen, li.own)
	var proven []*condOperand
	if len(li.cond) > 0 && callee != "" {
		proven = li.proven(callee)
	}
	for _, o := range proven {
		t.touch(gen, o.own)
	}
	if loop {
		return
	}
	t.touch(gen, li.calls)
	for _, o := range proven {
		t.touch(gen, o.calls)
	}
	for _, c := range []*chain{li.dom, li.post} {
		for ; c != nil; c = c.parent {
			t.touch(gen, c.accs)
		}
	}
	if sl := li.straight; sl != nil {
		accs, ok := t.straight[sl]
		if !ok {
			accs = sl.accesses(t.taken)
			t.straight[sl] = accs
		}
		t.touch(gen, accs)
	}
}

// unmatched is the error of a profile none of whose samples is in the load.
type unmatched struct{ error }

func (u *unmatched) Unwrap() error { return u.error }

// noMatch explains a profile none of whose samples is in the load: a
// profile of another program, or of this one with the packages sampled
// left out of the load.
func (p *Program) noMatch(name string, prof *pprofProfile, other map[string]bool) error {
	var ours []string
	for f := range other {
		if p.inModule(f) {
			ours = append(ours, f)
		}
	}
	slices.Sort(ours)
	var mods []string
	for _, m := range p.modules {
		mods = append(mods, m.Path)
	}
	if len(ours) == 0 {
		bin := ""
		if len(prof.mappingFiles) > 0 && prof.mappingFiles[0] != "" {
			bin = " (" + prof.mappingFiles[0] + ")"
		}
		return fmt.Errorf("%s: a profile of another program%s: none of its %d source files is in %s", name, bin, len(other), strings.Join(mods, ", "))
	}
	dirs := map[string]bool{}
	for _, f := range ours {
		dirs[f[:max(strings.LastIndexByte(f, '/'), 0)]] = true
	}
	var list []string
	for d := range dirs {
		list = append(list, d)
	}
	slices.Sort(list)
	if len(list) > 5 {
		list = append(list[:5], "...")
	}
	return fmt.Errorf("%s: no sample in the packages loaded; its samples in %s are in %s", name, strings.Join(mods, ", "), strings.Join(list, ", "))
}
