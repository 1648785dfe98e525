// Package dwarfscan reads struct layouts from the DWARF (versions 4 and 5)
// of ELF files: executables, shared objects, relocatable objects such as
// kernel module debug files, and Go binaries, with compressed debug sections
// or not. It uses only the standard library and reports layouts the way
// pahole does, so that its output can be checked against pahole's.
package dwarfscan

import (
	"errors"
	"fmt"
	"maps"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/cachelint/cachelint/input"
	"github.com/cachelint/cachelint/layout"
)

// File is the DWARF of an ELF file.
type File struct {
	path   string
	s      *sections
	units  *unitList
	in     *input.File // the input Open opened, closed with f
	closed bool
	// release drops from memory the pages of a part of .debug_info
	// that a scan of every unit is done with.
	release func([]byte)

	// ExpandTypes asks for what pahole -E prints of each member: the
	// typedefs its type goes through and the definition of the struct or
	// union it is (layout.Member.Expansion).
	ExpandTypes bool

	// Progress, when not nil, is called as Structs finishes each compile
	// unit, with the number done and the number in all, or 0 when that is
	// not known (with names, Structs reads only as far as it must); calls
	// do not overlap.
	Progress func(done, total int)
}

// Open opens path: an ELF file, or a gzip of one, whatever its name. The
// file is mapped, not read: only the debug sections that types need are
// touched, and of them only the pages a search reaches. Compressed
// sections are inflated and relocatable objects' sections relocated into
// memory. Errors are *input.FileError (see package input for their kinds).
func Open(path string) (*File, error) {
	in, err := input.Open(path)
	if err != nil {
		return nil, err
	}
	f, err := New(in)
	if err != nil {
		in.Close()
		return nil, err
	}
	f.in = in
	return f, nil
}

// New reads the DWARF of an opened input, which must stay open while f is
// used; f.Close does not close it.
func New(in *input.File) (*File, error) {
	fail := func(err error) (*File, error) { return nil, &input.FileError{Path: in.Path, Err: err} }
	if in.Format != input.ELF {
		return fail(&input.Error{Kind: input.ErrNotBinary, Msg: "not an ELF file"})
	}
	ef, err := input.ParseELF(in.Data)
	if err != nil {
		return fail(input.Corrupt("ELF", err))
	}
	if ef.Section(".debug_info") == nil && ef.Section(".zdebug_info") == nil && ef.Section(".debug_info.dwo") == nil {
		return fail(input.NoTypes(input.IsGo(ef)))
	}
	s, err := loadSections(ef, in.Data)
	if errors.Is(err, input.ErrLimit) {
		return fail(err)
	}
	if err != nil {
		return fail(input.Corrupt("ELF", err))
	}
	return &File{path: in.Path, s: s, units: &unitList{s: s}, release: in.Release}, nil
}

// Close releases the file; f is not usable afterwards. Layouts already
// returned stay valid.
func (f *File) Close() error {
	f.closed, f.s, f.units = true, nil, nil
	if f.in == nil {
		return nil
	}
	in := f.in
	f.in = nil
	return in.Close()
}

// Structs returns every struct/union/class with a definition (not
// declarations), each distinct layout once: the same name with two different
// layouts (kernel config variants) appears twice; identical layouts (same
// name, size, and member names/types/offsets/bit fields) once. Layouts come
// in file order, each from the first compile unit that has it.
//
// With names, it returns only the first definition of each, in file order,
// as pahole -C does, and reads no further than the unit that has the last
// of them. Names with no definition are an error wrapping
// input.ErrNotFound, returned with the layouts of the others.
//
// Like pahole it leaves out types without a name (they are reachable only
// through the members or typedefs that use them) and types defined inside
// functions. Unlike pahole 1.24, which keeps one of two same-name layouts
// whose members differ only in type (glibc's printf_spec with "const
// unsigned char *" and "const unsigned int *" members), it returns both.
func (f *File) Structs(names ...string) ([]*layout.Struct, error) {
	if f.closed {
		return nil, &input.FileError{Path: f.path, Err: errClosed}
	}
	if len(names) > 0 {
		found, _, err := f.Find(names...)
		return found, err
	}
	// Compile units are independent: each is decoded on its own, in
	// parallel. A layout already claimed by an earlier unit is not
	// converted again (in a vmlinux every unit repeats list_head), and the
	// results are merged in file order, so the output does not depend on
	// scheduling.
	units, err := f.units.all()
	if err != nil {
		return nil, f.corrupt(err)
	}
	d := &dedup{first: make(map[string]int), placed: make(map[fingerprint]int)}
	results := make([][]keyed, len(units))
	rel := releaser{f: f, units: units, done: make([]bool, len(units))}
	err = f.eachUnit(len(units), func(u *unit, i int) (bool, error) {
		if err := u.read(); err != nil {
			return false, err
		}
		ks, err := u.structs(i, nil, d)
		results[i] = ks
		rel.unitDone(i)
		return false, err
	})
	if err != nil {
		return nil, err
	}
	var out []*layout.Struct
	for i, ks := range results {
		for _, k := range ks {
			if d.first[k.key] == i {
				out = append(out, k.s)
			}
		}
	}
	if len(out) == 0 {
		if err := f.whyNoStructs(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// releaser drops the pages of the units a scan of all is done with, a
// run of them at a time: each call to drop pages interrupts the other
// cores to flush their TLBs, which cost more, one unit at a time, than
// the pages did. What a later unit refers to in them is mapped again.
type releaser struct {
	f     *File
	units []*unitHeader
	mu    sync.Mutex
	done  []bool
	next  int    // the first unit not done
	from  uint64 // the start of what is not released; 0 before the first unit
}

// releaseRun is how many bytes of units are released at once.
const releaseRun = 8 << 20

// unitDone records that unit i is done, and releases the units done
// before the first that is not when they span releaseRun bytes.
func (r *releaser) unitDone(i int) {
	r.mu.Lock()
	r.done[i] = true
	for r.next < len(r.done) && r.done[r.next] {
		r.next++
	}
	var from, to uint64
	if r.next > 0 && r.from == 0 {
		r.from = r.units[0].off
	}
	if r.next > 0 {
		if end := r.units[r.next-1].end; end >= r.from+releaseRun || r.next == len(r.done) {
			from, to = r.from, end
			r.from = end
		}
	}
	r.mu.Unlock()
	if to > from {
		r.f.release(r.f.s.info[from:to])
	}
}

// whyNoStructs explains a file that defines no struct when the reason is
// not that its code has none: the types are in the .dwo file of split
// DWARF (-gsplit-dwarf), or its units hold no types at all (-g1). It is
// nil for a file with types but no struct.
func (f *File) whyNoStructs() error {
	var mu sync.Mutex
	var dwo string
	typed := false
	err := f.eachUnit(0, func(u *unit, _ int) (bool, error) {
		name, has, err := u.types()
		mu.Lock()
		defer mu.Unlock()
		if dwo == "" {
			dwo = name
		}
		typed = typed || has
		return typed, err
	})
	switch {
	case err != nil:
		return err
	case typed:
		return nil
	case dwo != "":
		return &input.FileError{Path: f.path, Err: &input.Error{Kind: input.ErrNoTypes,
			Msg: fmt.Sprintf("split DWARF (-gsplit-dwarf): the types are in %s (DW_AT_dwo_name); read that file", dwo)}}
	}
	return &input.FileError{Path: f.path, Err: &input.Error{Kind: input.ErrNoTypes,
		Msg: "DWARF without types (built with -g1 or -gline-tables-only?); build with -g"}}
}

// Find returns the first definition of each of names, as Structs(names...)
// does, and with them, from the same compile units, the definitions of the
// structs and unions their members embed (by value or in arrays, also
// inside unnamed members): the types pahole's notes on member padding
// look up.
func (f *File) Find(names ...string) (found, embedded []*layout.Struct, err error) {
	if f.closed {
		return nil, nil, &input.FileError{Path: f.path, Err: errClosed}
	}
	want := make(map[string]bool, len(names))
	for _, n := range names {
		want[n] = true
	}
	wantList := newWantNames(want)
	var mu sync.Mutex
	first := make(map[string]int) // name: index of the first unit found to define it
	defs := make(map[int][]keyed)
	err = f.eachUnit(0, func(u *unit, i int) (bool, error) {
		mu.Lock()
		done := len(first) == len(want)
		last := -1
		for _, j := range first {
			last = max(last, j)
		}
		mu.Unlock()
		if done && i > last {
			return true, nil // every unit before the last definition is done or in hand
		}
		if ok, err := u.defines(wantList); !ok || err != nil {
			return false, err
		}
		u = newUnit(f, u.h, u.ws)
		if err := u.read(); err != nil {
			return false, err
		}
		ks, err := u.structs(i, want, nil)
		if err != nil {
			return false, err
		}
		mu.Lock()
		defer mu.Unlock()
		for _, k := range ks {
			if j, ok := first[k.s.Name]; !ok || i < j {
				first[k.s.Name] = i
			}
		}
		defs[i] = ks
		return false, nil
	})
	if err != nil {
		return nil, nil, err
	}
	for _, i := range slices.Sorted(maps.Keys(defs)) {
		for _, k := range defs[i] {
			if first[k.s.Name] == i && !slices.ContainsFunc(found, func(s *layout.Struct) bool { return s.Name == k.s.Name }) {
				found = append(found, k.s)
				embedded = append(embedded, k.embedded...)
			}
		}
	}
	if missing := missingNames(names, found); len(missing) > 0 {
		if len(found) == 0 {
			if err := f.whyNoStructs(); err != nil {
				return nil, nil, err
			}
		}
		return found, embedded, &input.FileError{Path: f.path, Err: input.NotFound(missing)}
	}
	return found, embedded, nil
}

// missingNames returns the names, each once, that no struct in found has.
func missingNames(names []string, found []*layout.Struct) []string {
	var missing []string
	for _, n := range names {
		if !slices.Contains(missing, n) && !slices.ContainsFunc(found, func(s *layout.Struct) bool { return s.Name == n }) {
			missing = append(missing, n)
		}
	}
	return missing
}

// eachUnit calls fn for every compile unit (total of them, 0 when not
// known), in order of index but on all cores at once, until fn asks to
// stop. Mapped pages that vanish under the reader (a file truncated while
// open) fault into an error, not a crash.
func (f *File) eachUnit(total int, fn func(u *unit, i int) (stop bool, err error)) error {
	var next, done atomic.Int64
	var stop atomic.Bool
	var mu sync.Mutex
	var errs []error
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			debug.SetPanicOnFault(true)
			ws := newWorkspace()
			for !stop.Load() {
				i := int(next.Add(1) - 1)
				halt, err := f.inUnit(i, ws, fn)
				if halt || err != nil {
					stop.Store(true)
				}
				if err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				}
				if halt {
					return
				}
				n := int(done.Add(1))
				if f.Progress != nil {
					mu.Lock()
					f.Progress(n, total)
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return f.corrupt(err)
	}
	return nil
}

// inUnit calls fn for unit i, if there is one, reporting an abort on
// corrupt input or a limit, or a fault on a mapped page, as an error (see
// input.Recovered: any other panic is a bug, and goes on).
func (f *File) inUnit(i int, ws *workspace, fn func(*unit, int) (bool, error)) (stop bool, err error) {
	h, err := f.units.get(i)
	if h == nil || err != nil {
		return true, err
	}
	defer func() {
		if p := recover(); p != nil {
			stop, err = true, fmt.Errorf("compile unit at %#x: %w", h.off, input.Recovered(p))
		}
	}()
	stop, err = fn(newUnit(f, h, ws), i)
	if err != nil {
		err = fmt.Errorf("compile unit at %#x: %w", h.off, err)
	}
	return stop, err
}

var errClosed = errors.New("file closed")

// corrupt is the error of DWARF that breaks its rules, or of one past a
// limit, which says so itself.
func (f *File) corrupt(err error) error {
	if errors.Is(err, input.ErrLimit) {
		return &input.FileError{Path: f.path, Err: err}
	}
	return &input.FileError{Path: f.path, Err: input.Corrupt("DWARF", err)}
}

// newUnit prepares to decode the unit h of f in ws, which must not be in
// use by another unit.
func newUnit(f *File, h *unitHeader, ws *workspace) *unit {
	return &unit{s: f.s, units: f.units, expandTypes: f.ExpandTypes, h: h, ws: ws, addrSize: int64(h.addrSize), stmtList: -1}
}
