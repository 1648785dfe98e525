// Package csource rewrites a C struct's definition into the order a
// layout proposal gives it, as a unified diff git apply takes.
//
// It reads C only as far as a struct's members need: comments,
// preprocessor lines, and declarations split at their ';' and ','. Each
// declaration moves with the comment just before it and the comment
// after it; a comment set apart by a blank line (on the struct, or on a
// run of members) stays where it is; a conditional block (#if to
// #endif) moves whole; the kernel's cacheline group markers,
// struct_group, DECLARE_BITMAP and DECLARE_HASHTABLE are known by name. What it does not understand (a macro that may
// expand to members, a member the binary has and the source does not) is
// an error naming the file, line and member, and that struct gets no
// patch.
package csource

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
)

// Sources are the C files a patch may rewrite: files named, and the .h and
// .c files under folders named.
type Sources struct {
	paths []string
	files map[string]*file // read so far, by path
	// dir is the folder the diff's paths are relative to.
	dir string
}

// Open checks that each path exists. dir is the folder the diff's paths
// are written relative to (the working directory, for git apply).
func Open(paths []string, dir string) (*Sources, error) {
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			return nil, err
		}
	}
	return &Sources{paths: paths, files: map[string]*file{}, dir: dir}, nil
}

// candidates lists the files that may define struct name.
func (src *Sources) candidates(name string) ([]string, error) {
	var out []string
	needle := []byte(name)
	consider := func(path string) error {
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if bytes.Contains(b, needle) && bytes.Contains(b, []byte("struct")) {
			out = append(out, path)
		}
		return nil
	}
	for _, p := range src.paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			if err := consider(p); err != nil {
				return nil, err
			}
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && (strings.HasSuffix(path, ".h") || strings.HasSuffix(path, ".c")) {
				return consider(path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (src *Sources) file(path string) (*file, error) {
	if f, ok := src.files[path]; ok {
		return f, nil
	}
	f, err := readFile(path)
	if err != nil {
		return nil, err
	}
	src.files[path] = f
	return f, nil
}

// find returns the definition of s. Several definitions are told apart
// by the file the binary says s is declared in.
func (src *Sources) find(s *layout.Struct) (*def, error) {
	paths, err := src.candidates(s.Name)
	if err != nil {
		return nil, err
	}
	var defs []*def
	for _, p := range paths {
		f, err := src.file(p)
		if err != nil {
			return nil, err
		}
		ds, err := f.findDefs(s.Name)
		if err != nil {
			var e *Error
			if errors.As(err, &e) {
				e.Struct = s.Name
			}
			return nil, err
		}
		defs = append(defs, ds...)
	}
	if len(defs) > 1 && s.DeclFile != "" {
		same := slices.DeleteFunc(slices.Clone(defs), func(d *def) bool {
			return filepath.Base(d.f.path) != filepath.Base(s.DeclFile) || s.DeclLine > 0 && d.line+1 != s.DeclLine
		})
		if len(same) > 0 {
			defs = same
		}
	}
	switch len(defs) {
	case 0:
		return nil, &Error{Struct: s.Name, Msg: fmt.Sprintf("no definition in %s", strings.Join(src.paths, ", "))}
	case 1:
		return defs[0], nil
	}
	var where []string
	for _, d := range defs {
		where = append(where, fmt.Sprintf("%s:%d", d.f.path, d.line+1))
	}
	return nil, &Error{Struct: s.Name, Msg: "defined more than once, which the binary has cannot be told: " + strings.Join(where, ", ")}
}

// Plan is the rewrite of one struct's definition.
type Plan struct {
	// Struct is the struct as its source constrains it: the members a
	// conditional block (or a line, or a macro) declares together form
	// one unit, which the reorganizer keeps whole. Result is Analyze's
	// answer for it; its Proposal is what the patch carries out.
	Struct *layout.Struct
	Result reorg.Result
	// Notes say what keeping those units whole costs against the
	// proposal for the binary alone, when it costs anything.
	Notes []string
	// File is the path the diff names, relative to Open's dir.
	File string

	def   *def
	lines []string // the new lines from the line after the opening brace through the closing one
}

// Plan finds s's definition, checks it against s, and rewrites it into
// the proposal for s at the line sizes lines (the first the one the
// kernel's cacheline macros stand for) with the units the source
// imposes. s must be ready for reorg.Analyze. A struct with no proposal
// gets a Plan whose Result says why, and no rewrite.
func (src *Sources) Plan(s *layout.Struct, lines []int64) (*Plan, error) {
	d, err := src.find(s)
	if err != nil {
		return nil, err
	}
	if err := d.match(s); err != nil {
		return nil, err
	}
	// The configurations the source's conditional blocks give: a
	// proposal holds in each.
	varied := *s
	varied.Variations = append(slices.Clone(s.Variations), d.variations(s, slices.Max(lines))...)
	s = &varied
	pl := &Plan{Struct: s, def: d, File: d.f.path}
	if rel, err := filepath.Rel(src.dir, d.f.path); err == nil && filepath.IsAbs(d.f.path) {
		pl.File = rel
	}
	pl.File = filepath.ToSlash(filepath.Clean(pl.File))
	constrained, whole := d.constrain(s)
	if constrained != nil {
		pl.Struct = constrained
	}
	pl.Result = reorg.Analyze(pl.Struct, lines)
	if constrained != nil {
		free := reorg.Analyze(s, lines)
		pl.Notes = d.costs(s, free.Proposal, pl.Result.Proposal, whole, lines)
		if free.Proposal != nil && pl.Result.Proposal == nil {
			return nil, &Error{File: d.f.path, Line: whole[0].start + 1, Struct: s.Name,
				Msg: fmt.Sprintf("keeping %s whole leaves no proposal: %s", d.list(whole), pl.Result.NoFix)}
		}
	}
	p := pl.Result.Proposal
	if p == nil {
		return pl, nil
	}
	pl.lines, err = d.rewrite(pl.Struct, p, idioms{f: d.f, line: slices.Min(lines)})
	if err != nil {
		return nil, err
	}
	return pl, nil
}

// list names elements in a message.
func (d *def) list(es []*element) string {
	var s []string
	for _, e := range es {
		s = append(s, d.what(e))
	}
	if len(s) > 3 {
		s = append(s[:3], fmt.Sprintf("%d more", len(s)-3))
	}
	return strings.Join(s, ", ")
}

// costs says what the proposal with the source's units (kept) costs
// against the one for the binary alone (free): lines of each path at
// each size, and bytes.
func (d *def) costs(s *layout.Struct, free, kept *layout.Proposal, whole []*element, lines []int64) []string {
	if free == nil || kept == nil {
		return nil
	}
	var out []string
	for _, line := range lines {
		for _, path := range s.Paths() {
			a, b := free.Struct.HotLines(path, line), kept.Struct.HotLines(path, line)
			if b > a {
				out = append(out, fmt.Sprintf("path %s on %d %d-byte lines, not %d", path, b, line, a))
			}
		}
	}
	if kept.Struct.Size > free.Struct.Size {
		out = append(out, fmt.Sprintf("%d bytes, not %d", kept.Struct.Size, free.Struct.Size))
	}
	if len(out) == 0 {
		return nil
	}
	if split := d.split(whole, free); len(split) > 0 {
		whole = split
	}
	return []string{fmt.Sprintf("%s:%d: struct %s: keeping %s whole costs %s", d.f.path, whole[0].start+1, d.name, d.list(whole), strings.Join(out, "; "))}
}

// split returns the elements of whole whose members the proposal p does
// not keep together in their order: those whose keeping costs.
func (d *def) split(whole []*element, p *layout.Proposal) []*element {
	at := make(map[int]int, len(p.From))
	for i, k := range p.From {
		at[k] = i
	}
	var out []*element
	for _, e := range whole {
		for k, m := range e.members[1:] {
			if at[m] != at[e.members[k]]+1 {
				out = append(out, e)
				break
			}
		}
	}
	return out
}

// WriteDiff writes the plans' rewrites as one unified diff, a file's
// hunks together in the order of its plans. Plans without a proposal
// write nothing.
func WriteDiff(w io.Writer, plans []*Plan) error {
	var order []*file
	edits := map[*file][]edit{}
	paths := map[*file]string{}
	for _, pl := range plans {
		if pl.lines == nil {
			continue
		}
		f := pl.def.f
		from := pl.def.open + 1
		if i := slices.IndexFunc(edits[f], func(e edit) bool { return e.from == from }); i >= 0 {
			if !slices.Equal(edits[f][i].lines, pl.lines) {
				return &Error{File: f.path, Line: pl.def.line + 1, Struct: pl.def.name, Msg: "two binaries propose different orders"}
			}
			continue
		}
		if _, ok := edits[f]; !ok {
			order = append(order, f)
			paths[f] = pl.File
		}
		edits[f] = append(edits[f], edit{from: from, to: pl.def.close + 1, lines: pl.lines})
	}
	for _, f := range order {
		old := make([]string, f.nlines())
		for i := range old {
			old[i] = f.text(i)
		}
		noEOL := len(f.src) > 0 && f.src[len(f.src)-1] != '\n'
		if err := writeUnified(w, paths[f], diffOps(old, edits[f]), noEOL); err != nil {
			return err
		}
	}
	return nil
}

// Check checks s against its definition, when the sources have one: the
// members the binary has, in its order (see match). A struct the sources
// do not define is no error.
func (src *Sources) Check(s *layout.Struct) error {
	paths, err := src.candidates(s.Name)
	if err != nil || len(paths) == 0 {
		return err
	}
	d, err := src.find(s)
	if err != nil {
		var e *Error
		if errors.As(err, &e) && strings.HasPrefix(e.Msg, "no definition") {
			return nil
		}
		return err
	}
	return d.match(s)
}
