package dwarfscan

import (
	"encoding/binary"
	"fmt"
	"path"
	"slices"
	"strings"
)

// DW_LNCT content types of DWARF 5 line table entry formats.
const (
	lnctPath           = 1
	lnctDirectoryIndex = 2
)

// lineFiles holds the file names of a line table header, each with the
// directory it is to be joined with, as debug/dwarf joins them. Names
// are where the sections have them; a path is joined only when asked for
// (a unit's structs name few of its files).
type lineFiles struct {
	dirs  [][]byte
	files []lineFile
	paths []string // joined by path, "" until then
}

type lineFile struct {
	name []byte
	dir  int // in dirs, -1 for a name that is the path
}

// path returns the path of file i, "" for none.
func (t *lineFiles) path(i int64) string {
	if t == nil || i < 0 || i >= int64(len(t.files)) {
		return ""
	}
	if t.paths == nil {
		t.paths = make([]string, len(t.files))
	}
	if t.paths[i] == "" {
		f := t.files[i]
		if f.dir < 0 {
			t.paths[i] = string(f.name)
		} else {
			t.paths[i] = joinPath(string(t.dirs[f.dir]), string(f.name))
		}
	}
	return t.paths[i]
}

// empty reports whether file i has no path.
func (t *lineFiles) empty(i int64) bool {
	return t == nil || i < 0 || i >= int64(len(t.files)) || t.files[i].dir < 0 && len(t.files[i].name) == 0
}

// key returns what identifies the path of file i without joining it:
// two files with the same key have the same path.
func (t *lineFiles) key(i int64) fingerprint {
	if t == nil || i < 0 || i >= int64(len(t.files)) {
		return fingerprint{}
	}
	f := t.files[i]
	b := make([]byte, 0, 64)
	if f.dir >= 0 {
		b = binary.AppendUvarint(append(b, 1), uint64(len(t.dirs[f.dir])))
		b = append(b, t.dirs[f.dir]...)
	}
	return hashBytes(append(b, f.name...))
}

// readLineFiles reads the file names of the line table header at off in
// .debug_line (a unit's DW_AT_stmt_list). Before DWARF 5 file numbers
// start at 1 and entry 0 is empty. The line program itself is not read.
// A DWARF 5 table is read into reuse, whose memory it takes over.
func readLineFiles(s *sections, off uint64, compDir string, reuse *lineFiles) (*lineFiles, error) {
	d := decoder{b: s.line, off: off, order: s.order, big: s.order == binary.BigEndian}
	n, dwarf64, err := d.length()
	if err != nil {
		return nil, fmt.Errorf("line table at %#x: %w of .debug_line", off, err)
	}
	d.b = s.line[:d.off+n]
	version := d.u16()
	if version < 2 || version > 5 {
		return nil, fmt.Errorf("line table at %#x: unsupported version %d", off, version)
	}
	if version == 5 {
		d.skip(2) // address_size, segment_selector_size
	}
	d.offset(dwarf64) // header_length
	d.skip(1)         // minimum_instruction_length
	if version >= 4 {
		d.skip(1) // maximum_operations_per_instruction
	}
	d.skip(3) // default_is_stmt, line_base, line_range
	opcodeBase := d.u8()
	if opcodeBase > 0 {
		d.skip(uint64(opcodeBase) - 1) // standard_opcode_lengths
	}
	if d.err != nil {
		return nil, fmt.Errorf("line table at %#x: truncated header", off)
	}
	if version < 5 {
		return lineFilesV4(&d, off, compDir)
	}
	return lineFilesV5(&d, s, off, dwarf64, reuse)
}

func lineFilesV4(d *decoder, off uint64, compDir string) (*lineFiles, error) {
	t := &lineFiles{dirs: [][]byte{[]byte(compDir)}}
	for {
		dir := d.cstring()
		if d.err != nil {
			return nil, fmt.Errorf("line table at %#x: truncated directories", off)
		}
		if len(dir) == 0 {
			break
		}
		if !isAbs(dir) {
			dir = []byte(joinPath(compDir, string(dir)))
		}
		t.dirs = append(t.dirs, dir)
	}
	t.files = []lineFile{{dir: -1}}
	for {
		name := d.cstring()
		if d.err != nil {
			return nil, fmt.Errorf("line table at %#x: truncated files", off)
		}
		if len(name) == 0 {
			return t, nil
		}
		dir := d.uleb()
		d.uleb() // modification time
		d.uleb() // length
		f := lineFile{name: name, dir: -1}
		if !isAbs(name) {
			if dir >= uint64(len(t.dirs)) {
				return nil, fmt.Errorf("line table at %#x: directory index %d out of range", off, dir)
			}
			f.dir = int(dir)
		}
		t.files = append(t.files, f)
	}
}

type lnctForm struct {
	lnct uint64
	form uint16
}

func lineFilesV5(d *decoder, s *sections, off uint64, dwarf64 bool, t *lineFiles) (*lineFiles, error) {
	// Entries are read with an entryReader for its forms; the unit
	// header it needs says only how wide offsets are.
	h := &unitHeader{version: 5, dwarf64: dwarf64, addrSize: 8}
	r := &entryReader{decoder: *d, s: s, h: h}
	formats := func() []lnctForm {
		fs := make([]lnctForm, r.u8())
		for i := range fs {
			fs[i].lnct = r.uleb()
			fs[i].form = uint16(r.uleb())
		}
		return fs
	}
	*t = lineFiles{dirs: t.dirs[:0], files: t.files[:0]}
	entries := func(fs []lnctForm, out []lineFile) ([]lineFile, error) {
		n := r.uleb()
		if r.err != nil || n > uint64(len(r.b)) {
			return nil, fmt.Errorf("line table at %#x: truncated", off)
		}
		out = slices.Grow(out[:0], int(n))
		for range n {
			f := lineFile{dir: -1}
			var dir uint64
			hasDir := false
			for _, lf := range fs {
				switch lf.lnct {
				case lnctPath:
					if lf.form == formString {
						// In the header, not in .debug_info as an entry's
						// (a .dwo's line table has no .debug_line_str).
						f.name = r.cstring()
					} else {
						f.name = r.str(lf.form)
					}
				case lnctDirectoryIndex:
					v, ok := r.constant(lf.form, 0)
					dir, hasDir = uint64(v), ok
				default:
					r.skipForm(lf.form)
				}
			}
			if r.err != nil {
				return nil, fmt.Errorf("line table at %#x: %w", off, r.err)
			}
			if hasDir {
				if dir >= uint64(len(t.dirs)) {
					return nil, fmt.Errorf("line table at %#x: directory index %d out of range", off, dir)
				}
				if len(t.dirs[dir]) > 0 && len(f.name) > 0 && !isAbs(f.name) {
					f.dir = int(dir)
				}
			}
			out = append(out, f)
		}
		return out, nil
	}
	// The directories are read into the files' memory, which the files
	// then take back: dirs keeps only the names, in the sections.
	dirs, err := entries(formats(), t.files)
	if err != nil {
		return nil, err
	}
	for _, dir := range dirs {
		t.dirs = append(t.dirs, dir.name)
	}
	if t.files, err = entries(formats(), dirs); err != nil {
		return nil, err
	}
	return t, nil
}

// isAbs and joinPath treat paths as debug/dwarf does: Unix paths, and DOS
// paths with a drive letter or a UNC prefix.
func isAbs[T string | []byte](p T) bool {
	return len(p) > 0 && p[0] == '/' || len(p) > 2 && p[1] == ':' && (p[2] == '\\' || p[2] == '/') ||
		len(p) > 1 && p[0] == '\\' && p[1] == '\\'
}

func joinPath(dir, name string) string {
	if dir == "" {
		return name
	}
	if len(dir) >= 2 && dir[1] == ':' || strings.HasPrefix(dir, `\\`) {
		if !strings.HasSuffix(dir, `\`) && !strings.HasSuffix(dir, "/") {
			dir += `\`
		}
		return dir + name
	}
	return path.Join(dir, name)
}
