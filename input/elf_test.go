package input

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// elfFixture is an ELF object of testdata/c with what the tests change
// in it: where its header fields and section headers are.
type elfFixture struct {
	path   string
	data   []byte
	is64   bool
	bo     binary.ByteOrder
	shoff  uint64
	shent  uint64
	info   int // the index of .debug_info
	shstr  int // the index of the section name table
	nsects int
}

func loadFixture(t testing.TB, path string) *elfFixture {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ef, err := elf.NewFile(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	f := &elfFixture{path: path, data: b, is64: ef.Class == elf.ELFCLASS64, bo: ef.ByteOrder, nsects: len(ef.Sections)}
	if f.is64 {
		f.shoff, f.shent = f.bo.Uint64(b[0x28:]), uint64(f.bo.Uint16(b[0x3a:]))
		f.shstr = int(f.bo.Uint16(b[0x3e:]))
	} else {
		f.shoff, f.shent = uint64(f.bo.Uint32(b[0x20:])), uint64(f.bo.Uint16(b[0x2e:]))
		f.shstr = int(f.bo.Uint16(b[0x32:]))
	}
	for i, s := range ef.Sections {
		if s.Name == ".debug_info" {
			f.info = i
		}
	}
	return f
}

// field is where a header field is, by class: offset and width.
type field struct{ off32, off64, width32, width64 int }

var (
	eShoff     = field{0x20, 0x28, 4, 8}
	ePhoff     = field{0x1c, 0x20, 4, 8}
	eShentsize = field{0x2e, 0x3a, 2, 2}
	eShnum     = field{0x30, 0x3c, 2, 2}
	eShstrndx  = field{0x32, 0x3e, 2, 2}
	shName     = field{0, 0, 4, 4}
	shType     = field{4, 4, 4, 4}
	shFlags    = field{8, 8, 4, 8}
	shOffset   = field{16, 24, 4, 8}
	shSize     = field{20, 32, 4, 8}
)

// with returns a copy of the file with the header field, or the field of
// section sect's header (sect >= 0), set to v.
func (f *elfFixture) with(sect int, fl field, v uint64) []byte {
	b := bytes.Clone(f.data)
	at, width := fl.off32, fl.width32
	if f.is64 {
		at, width = fl.off64, fl.width64
	}
	if sect >= 0 {
		at += int(f.shoff) + sect*int(f.shent)
	}
	switch width {
	case 2:
		f.bo.PutUint16(b[at:], uint16(v))
	case 4:
		f.bo.PutUint32(b[at:], uint32(v))
	case 8:
		f.bo.PutUint64(b[at:], v)
	}
	return b
}

// TestELFHeaderErrors checks what ParseELF says of ELF headers out of
// range, which debug/elf reports with negative numbers, "EOF" or "record
// at byte 0x0": where, what, and the size of the file, on a 64-bit
// little-endian object (gcc), a 32-bit one (gcc -m32) and a big-endian
// one (clang, s390x). debug/elf rejects each of them too.
func TestELFHeaderErrors(t *testing.T) {
	t.Parallel()
	const huge = 0xa000000000000000
	for _, path := range []string{"../testdata/c/queues.o", "../testdata/c/holes32.o", "../testdata/c/bitfields-s390x.o"} {
		f := loadFixture(t, path)
		n := len(f.data)
		info := fmt.Sprintf("section %d (.debug_info)", f.info)
		type tc struct {
			name string
			data []byte
			want string
		}
		cases := []tc{
			{"section headers past the end", f.with(-1, eShoff, uint64(n)-100),
				fmt.Sprintf("section header table: %d entries of %d bytes at %#x run past the end of the %d-byte file", f.nsects, f.shent, n-100, n)},
			{"too many sections", f.with(-1, eShnum, 0xfeff),
				fmt.Sprintf("section header table: 65279 entries of %d bytes at %#x run past the end of the %d-byte file", f.shent, f.shoff, n)},
			{"name table index", f.with(-1, eShstrndx, uint64(f.nsects+5)),
				fmt.Sprintf("ELF header: the section name table's index (e_shstrndx) %d is not one of the %d sections", f.nsects+5, f.nsects)},
			{"section header size", f.with(-1, eShentsize, 10),
				fmt.Sprintf("ELF header: section header entries of 10 bytes (e_shentsize), smaller than the %d bytes of one", f.shent)},
			{"extended numbering", f.with(-1, eShnum, 0),
				"section 0: section count (sh_size) 0 with e_shnum 0, want at least 65280"},
			{"name past the table", f.with(f.info, shName, 0xffff),
				fmt.Sprintf("section %d: its name (sh_name) at 65535 is not a string of the %d-byte section name table", f.info, sectionSize(f, f.shstr))},
			{"name table type", f.with(f.shstr, shType, uint64(elf.SHT_PROGBITS)),
				fmt.Sprintf("section %d (%s), the section name table (e_shstrndx): type 1, want SHT_STRTAB (3)", f.shstr, sectionNameOf(t, f, f.shstr))},
			{"compression header", f.withAll(f.info, []field{shFlags, shSize}, []uint64{uint64(elf.SHF_COMPRESSED), 8}),
				fmt.Sprintf("%s: compressed (SHF_COMPRESSED), but its 8 bytes at %#x do not hold the %d-byte compression header within the %d-byte file", info, sectionOffset(f, f.info), map[bool]int{false: 12, true: 24}[f.is64], n)},
			{"cut in the header", f.data[:40], fmt.Sprintf("the file ends at byte 40, inside the %d-byte ELF header", map[bool]int{false: 52, true: 64}[f.is64])},
			{"class", patched(f.data, elf.EI_CLASS, 3), "ELF identification: class 3 (byte 4) is neither 1 (32-bit) nor 2 (64-bit)"},
			{"encoding", patched(f.data, elf.EI_DATA, 7), "ELF identification: data encoding 7 (byte 5) is neither 1 (little-endian) nor 2 (big-endian)"},
		}
		if f.is64 {
			cases = append(cases,
				tc{"section offset", f.with(f.info, shOffset, huge),
					fmt.Sprintf("%s: the offset (sh_offset) 0xa000000000000000 lies past the end of the %d-byte file", info, n)},
				tc{"section size", f.with(f.info, shSize, huge),
					fmt.Sprintf("%s: the size (sh_size) 0xa000000000000000 runs past the end of the %d-byte file", info, n)},
				tc{"section header offset", f.with(-1, eShoff, huge),
					fmt.Sprintf("ELF header: the section header table's offset (e_shoff) 0xa000000000000000 lies past the end of the %d-byte file", n)},
				tc{"program header offset", f.with(-1, ePhoff, huge),
					fmt.Sprintf("ELF header: the program header table's offset (e_phoff) 0xa000000000000000 lies past the end of the %d-byte file", n)},
			)
		}
		for _, c := range cases {
			_, err := ParseELF(c.data)
			if err == nil || err.Error() != c.want {
				t.Errorf("%s, %s:\n got %v\nwant %s", filepath.Base(path), c.name, err, c.want)
			}
			if _, err := elf.NewFile(bytes.NewReader(c.data)); err == nil {
				t.Errorf("%s, %s: debug/elf takes it", filepath.Base(path), c.name)
			}
		}
	}
}

// withAll is with for several fields of one section.
func (f *elfFixture) withAll(sect int, fields []field, vs []uint64) []byte {
	g := *f
	for i, fl := range fields {
		g.data = g.with(sect, fl, vs[i])
	}
	return g.data
}

func patched(b []byte, at int, v byte) []byte {
	b = bytes.Clone(b)
	b[at] = v
	return b
}

func sectionSize(f *elfFixture, i int) uint64 {
	s := (&elfHeader{is64: f.is64, bo: f.bo}).section(f.data, f.shoff+uint64(i)*f.shent)
	return s.size
}

func sectionOffset(f *elfFixture, i int) uint64 {
	s := (&elfHeader{is64: f.is64, bo: f.bo}).section(f.data, f.shoff+uint64(i)*f.shent)
	return s.off
}

func sectionNameOf(t *testing.T, f *elfFixture, i int) string {
	ef, err := elf.NewFile(bytes.NewReader(f.data))
	if err != nil {
		t.Fatal(err)
	}
	return ef.Sections[i].Name
}

// TestELFFixturesParse checks that checkELF takes every ELF file of
// testdata/ that debug/elf takes: objects, executables, Go binaries,
// kernel modules, split DWARF, compressed sections, cross builds.
func TestELFFixturesParse(t *testing.T) {
	t.Parallel()
	n := 0
	err := filepath.WalkDir("../testdata", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil || !bytes.HasPrefix(b, []byte(elf.ELFMAG)) {
			return err
		}
		n++
		_, want := elf.NewFile(bytes.NewReader(b))
		if got := checkELF(b); (got == nil) != (want == nil) {
			t.Errorf("%s: checkELF says %v, debug/elf %v", path, got, want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 30 {
		t.Errorf("only %d ELF files in testdata", n)
	}
}

// FuzzParseELF checks checkELF against debug/elf: it rejects what
// debug/elf rejects, in its own words, and nothing else but a compressed
// section name table.
func FuzzParseELF(f *testing.F) {
	for _, path := range []string{"../testdata/c/queues.o", "../testdata/c/holes32.o", "../testdata/c/bitfields-s390x.o", "../testdata/c/types-gz.o"} {
		fx := loadFixture(f, path)
		f.Add(fx.data)
		f.Add(fx.with(fx.info, shOffset, 0xa000000000000000))
		f.Add(fx.with(-1, eShnum, 0))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<20 {
			return
		}
		got := checkELF(data)
		want := func() (err error) {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("%v", r)
				}
			}()
			_, err = elf.NewFile(bytes.NewReader(data))
			return err
		}()
		switch {
		case want != nil && got == nil:
			t.Errorf("debug/elf rejects it (%v), checkELF does not", want)
		case want == nil && got != nil && !errors.Is(got, errCompressedNames):
			t.Errorf("checkELF rejects it (%v), debug/elf does not", got)
		case got != nil && strings.Contains(got.Error(), "'-"):
			t.Errorf("a negative number: %v", got)
		}
	})
}
