// Package dwarfscan reads struct layouts from the DWARF (versions 4 and 5)
// of ELF files: executables, shared objects, relocatable objects such as
// kernel module debug files, and Go binaries, with compressed debug sections
// or not. It uses only the standard library and reports layouts the way
// pahole does, so that its output can be checked against pahole's.
package dwarfscan

import (
	"bytes"
	"compress/gzip"
	"debug/dwarf"
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"

	"github.com/cachelint/cachelint/layout"
)

// File is the DWARF of an ELF file.
type File struct {
	path  string
	dwarf *dwarf.Data
}

// Open opens path (an ELF file, or a gzip of one when the name ends in .gz).
// It reads the debug sections into memory (decompressed, relocated) and
// does not keep the file open.
func Open(path string) (*File, error) {
	var r io.ReaderAt
	if strings.HasSuffix(path, ".gz") {
		b, err := readGzip(path)
		if err != nil {
			return nil, err
		}
		r = bytes.NewReader(b)
	} else {
		osf, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer osf.Close()
		r = osf
	}

	var magic [4]byte
	if _, err := r.ReadAt(magic[:], 0); err != nil || string(magic[:]) != elf.ELFMAG {
		return nil, fmt.Errorf("%s: not an ELF file", path)
	}
	ef, err := newELF(r)
	if err != nil {
		return nil, fmt.Errorf("%s: corrupt ELF: %v", path, err)
	}
	if ef.Section(".debug_info") == nil && ef.Section(".zdebug_info") == nil {
		return nil, fmt.Errorf("%s: no DWARF or BTF type information; build with -g", path)
	}
	d, err := loadDWARF(ef)
	if err != nil {
		return nil, fmt.Errorf("%s: corrupt DWARF: %v", path, err)
	}
	return &File{path: path, dwarf: d}, nil
}

func readGzip(path string) ([]byte, error) {
	gf, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer gf.Close()
	zr, err := gzip.NewReader(gf)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return b, nil
}

// newELF parses the ELF headers; debug/elf has panicked on hostile input
// before, so a panic is reported as an error.
func newELF(r io.ReaderAt) (ef *elf.File, err error) {
	defer func() {
		if p := recover(); p != nil {
			ef, err = nil, fmt.Errorf("%v", p)
		}
	}()
	return elf.NewFile(r)
}

func loadDWARF(ef *elf.File) (d *dwarf.Data, err error) {
	defer func() {
		if p := recover(); p != nil {
			d, err = nil, fmt.Errorf("%v", p)
		}
	}()
	return ef.DWARF()
}

// Close releases the DWARF data; f is not usable afterwards.
func (f *File) Close() error {
	f.dwarf = nil
	return nil
}

// Structs returns every struct/union/class with a definition (not
// declarations), each distinct layout once: the same name with two different
// layouts (kernel config variants) appears twice; identical layouts (same
// name, size, and member names/types/offsets/bit fields) once. If names is
// non-empty, only those names.
//
// Like pahole it leaves out types without a name (they are reachable only
// through the members or typedefs that use them) and types defined inside
// functions. Unlike pahole 1.24, which keeps one of two same-name layouts
// whose members differ only in type (glibc's printf_spec with "const
// unsigned char *" and "const unsigned int *" members), it returns both.
// Layouts come in file order, each from the first compile unit that has it.
func (f *File) Structs(names ...string) ([]*layout.Struct, error) {
	if f.dwarf == nil {
		return nil, fmt.Errorf("%s: file closed", f.path)
	}
	var want map[string]bool
	if len(names) > 0 {
		want = make(map[string]bool, len(names))
		for _, n := range names {
			want[n] = true
		}
	}
	units, err := f.units()
	if err != nil {
		return nil, f.corrupt(err)
	}

	// Compile units are independent: each is decoded on its own, in
	// parallel. A layout already claimed by an earlier unit is not
	// converted again (in a vmlinux every unit repeats list_head), and the
	// results are merged in file order, so the output does not depend on
	// scheduling.
	d := &dedup{first: make(map[string]int)}
	results := make([][]keyed, len(units))
	errs := make([]error, len(units))
	workers := min(runtime.GOMAXPROCS(0), len(units))
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				size := 0
				if i+1 < len(units) {
					size = int(units[i+1] - units[i])
				}
				results[i], errs[i] = f.scanUnit(units[i], i, size, want, d)
			}
		})
	}
	for i := range units {
		next <- i
	}
	close(next)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, f.corrupt(err)
	}

	var out []*layout.Struct
	for i, ks := range results {
		for _, k := range ks {
			if d.first[k.key] == i {
				out = append(out, k.s)
			}
		}
	}
	return out, nil
}

// keyed is a converted struct with its layout key.
type keyed struct {
	key string
	s   *layout.Struct
}

// dedup records, for each layout key, the first compile unit that defines
// that layout.
type dedup struct {
	mu    sync.Mutex
	first map[string]int
}

// claim reports whether unit is the first so far to define the layout key,
// and records it if so.
func (d *dedup) claim(key []byte, unit int) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if j, ok := d.first[string(key)]; ok && j <= unit {
		return false
	}
	d.first[string(key)] = unit
	return true
}

func (f *File) corrupt(err error) error {
	return fmt.Errorf("%s: corrupt DWARF: %v", f.path, err)
}

// units lists the offsets of the compile units' top entries.
func (f *File) units() (offs []dwarf.Offset, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%v", p)
		}
	}()
	r := f.dwarf.Reader()
	for {
		e, err := r.Next()
		if err != nil {
			return nil, err
		}
		if e == nil {
			return offs, nil
		}
		if e.Tag == dwarf.TagCompileUnit || e.Tag == dwarf.TagPartialUnit {
			offs = append(offs, e.Offset)
		}
		r.SkipChildren()
	}
}

// scanUnit decodes the structs of the compile unit at off, the index-th,
// whose entries take about size bytes (0 if unknown).
func (f *File) scanUnit(off dwarf.Offset, index, size int, want map[string]bool, d *dedup) (ks []keyed, err error) {
	defer func() {
		if p := recover(); p != nil {
			ks, err = nil, fmt.Errorf("compile unit at %#x: %v", off, p)
		}
	}()
	u := newUnit(f.dwarf, size)
	if err := u.read(off); err != nil {
		return nil, err
	}
	return u.structs(index, want, d)
}
