package dwarfscan

import (
	"fmt"
	"path"
	"strings"
)

// DW_LNCT content types of DWARF 5 line table entry formats.
const (
	lnctPath           = 1
	lnctDirectoryIndex = 2
)

// lineFiles reads the file names of the line table header at off in
// .debug_line (a unit's DW_AT_stmt_list), joined with their directories as
// debug/dwarf joins them. Before DWARF 5 file numbers start at 1 and entry
// 0 is empty. The line program itself is not read.
func lineFiles(s *sections, off uint64, compDir string) ([]string, error) {
	d := decoder{b: s.line, off: off, order: s.order}
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
	return lineFilesV5(&d, s, off, dwarf64)
}

func lineFilesV4(d *decoder, off uint64, compDir string) ([]string, error) {
	dirs := []string{compDir}
	for {
		dir := string(d.cstring())
		if d.err != nil {
			return nil, fmt.Errorf("line table at %#x: truncated directories", off)
		}
		if dir == "" {
			break
		}
		if !isAbs(dir) {
			dir = joinPath(compDir, dir)
		}
		dirs = append(dirs, dir)
	}
	files := []string{""}
	for {
		name := string(d.cstring())
		if d.err != nil {
			return nil, fmt.Errorf("line table at %#x: truncated files", off)
		}
		if name == "" {
			return files, nil
		}
		dir := d.uleb()
		d.uleb() // modification time
		d.uleb() // length
		if !isAbs(name) {
			if dir >= uint64(len(dirs)) {
				return nil, fmt.Errorf("line table at %#x: directory index %d out of range", off, dir)
			}
			name = joinPath(dirs[dir], name)
		}
		files = append(files, name)
	}
}

type lnctForm struct {
	lnct uint64
	form uint16
}

func lineFilesV5(d *decoder, s *sections, off uint64, dwarf64 bool) ([]string, error) {
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
	var dirs []string
	entries := func(fs []lnctForm) ([]string, error) {
		n := r.uleb()
		if r.err != nil || n > uint64(len(r.b)) {
			return nil, fmt.Errorf("line table at %#x: truncated", off)
		}
		out := make([]string, 0, n)
		for range n {
			var name string
			var dir uint64
			hasDir := false
			for _, f := range fs {
				switch f.lnct {
				case lnctPath:
					if f.form == formString {
						// In the header, not in .debug_info as an entry's
						// (a .dwo's line table has no .debug_line_str).
						name = string(r.cstring())
					} else {
						name = string(r.str(f.form))
					}
				case lnctDirectoryIndex:
					v, ok := r.constant(f.form, 0)
					dir, hasDir = uint64(v), ok
				default:
					r.skipForm(f.form)
				}
			}
			if r.err != nil {
				return nil, fmt.Errorf("line table at %#x: %w", off, r.err)
			}
			if hasDir {
				if dir >= uint64(len(dirs)) {
					return nil, fmt.Errorf("line table at %#x: directory index %d out of range", off, dir)
				}
				if dirs[dir] != "" && name != "" && !isAbs(name) {
					name = joinPath(dirs[dir], name)
				}
			}
			out = append(out, name)
		}
		return out, nil
	}
	var err error
	if dirs, err = entries(formats()); err != nil {
		return nil, err
	}
	return entries(formats())
}

// isAbs and joinPath treat paths as debug/dwarf does: Unix paths, and DOS
// paths with a drive letter or a UNC prefix.
func isAbs(p string) bool {
	return strings.HasPrefix(p, "/") || len(p) > 2 && p[1] == ':' && (p[2] == '\\' || p[2] == '/') ||
		strings.HasPrefix(p, `\\`)
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
