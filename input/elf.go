package input

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// checkELF checks the ELF header, the program and section header tables
// and the section name table of data as debug/elf's NewFile does, and
// reports what it would reject in words that say where and what: NewFile
// reads unsigned offsets past 2^63 as negative numbers ("invalid section
// offset '-5764607523034234880'") and says only "EOF" for a table past
// the end of the file. It also rejects a compressed section name table,
// which no toolchain writes and which NewFile would inflate.
func checkELF(data []byte) error {
	h, err := checkIdent(data)
	if err != nil {
		return err
	}
	t, err := h.tables(data)
	if err != nil {
		return err
	}
	if err := h.checkPrograms(data, t); err != nil {
		return err
	}
	if t.shoff > 0 && t.shnum == 0 {
		if err := h.extendedNumbering(data, &t); err != nil {
			return err
		}
	}
	if t.shnum > 0 && t.shentsize < h.shentMin {
		return fmt.Errorf("ELF header: section header entries of %d bytes (e_shentsize), smaller than the %d bytes of one", t.shentsize, h.shentMin)
	}
	if err := h.table("section header table", t.shoff, t.shnum, t.shentsize); err != nil {
		return err
	}
	return h.checkSections(data, t)
}

// checkIdent checks the ELF identification and that the header fits, and
// returns what the tables are read by.
func checkIdent(data []byte) (elfHeader, error) {
	size := uint64(len(data))
	h := elfHeader{size: size}
	if size < elf.EI_NIDENT {
		return h, fmt.Errorf("the file ends at byte %d, inside the %d-byte ELF identification", size, elf.EI_NIDENT)
	}
	if string(data[:4]) != elf.ELFMAG {
		return h, fmt.Errorf("ELF identification: magic %q, want %q", data[:4], elf.ELFMAG)
	}
	switch elf.Class(data[elf.EI_CLASS]) {
	case elf.ELFCLASS32:
		h.hdrSize, h.phentMin, h.shentMin = 52, 32, 40
	case elf.ELFCLASS64:
		h.is64, h.hdrSize, h.phentMin, h.shentMin = true, 64, 56, 64
	default:
		return h, fmt.Errorf("ELF identification: class %d (byte %d) is neither 1 (32-bit) nor 2 (64-bit)", data[elf.EI_CLASS], elf.EI_CLASS)
	}
	switch elf.Data(data[elf.EI_DATA]) {
	case elf.ELFDATA2LSB:
		h.bo = binary.LittleEndian
	case elf.ELFDATA2MSB:
		h.bo = binary.BigEndian
	default:
		return h, fmt.Errorf("ELF identification: data encoding %d (byte %d) is neither 1 (little-endian) nor 2 (big-endian)", data[elf.EI_DATA], elf.EI_DATA)
	}
	if v := data[elf.EI_VERSION]; v != byte(elf.EV_CURRENT) {
		return h, fmt.Errorf("ELF identification: version %d (byte %d), want 1", v, elf.EI_VERSION)
	}
	if size < h.hdrSize {
		return h, fmt.Errorf("the file ends at byte %d, inside the %d-byte ELF header", size, h.hdrSize)
	}
	return h, nil
}

// elfTables is where the ELF header puts the program and section header
// tables, and the section name table's index.
type elfTables struct {
	phoff, shoff                            uint64
	phentsize, phnum, shentsize, shnum, shx uint64
}

// tables reads and checks the ELF header's fields for the tables.
func (h *elfHeader) tables(data []byte) (elfTables, error) {
	var t elfTables
	version := h.bo.Uint32(data[20:])
	if h.is64 {
		t.phoff, t.shoff = h.bo.Uint64(data[32:]), h.bo.Uint64(data[40:])
		t.phentsize, t.phnum = uint64(h.bo.Uint16(data[54:])), uint64(h.bo.Uint16(data[56:]))
		t.shentsize, t.shnum, t.shx = uint64(h.bo.Uint16(data[58:])), uint64(h.bo.Uint16(data[60:])), uint64(h.bo.Uint16(data[62:]))
	} else {
		t.phoff, t.shoff = uint64(h.bo.Uint32(data[28:])), uint64(h.bo.Uint32(data[32:]))
		t.phentsize, t.phnum = uint64(h.bo.Uint16(data[42:])), uint64(h.bo.Uint16(data[44:]))
		t.shentsize, t.shnum, t.shx = uint64(h.bo.Uint16(data[46:])), uint64(h.bo.Uint16(data[48:])), uint64(h.bo.Uint16(data[50:]))
	}
	if elf.Version(version) != elf.EV_CURRENT { // as debug/elf: its low byte
		return t, fmt.Errorf("ELF header: version %d (e_version), want 1 as in the identification", version)
	}
	if t.shoff >= 1<<63 {
		return t, h.pastEnd("ELF header: the section header table's offset (e_shoff)", t.shoff)
	}
	if t.phoff >= 1<<63 {
		return t, h.pastEnd("ELF header: the program header table's offset (e_phoff)", t.phoff)
	}
	if t.shoff == 0 && t.shnum != 0 {
		return t, fmt.Errorf("ELF header: %d sections (e_shnum) but no section header table (e_shoff 0)", t.shnum)
	}
	if t.shnum > 0 && t.shx >= t.shnum {
		return t, fmt.Errorf("ELF header: the section name table's index (e_shstrndx) %d is not one of the %d sections", t.shx, t.shnum)
	}
	if t.phnum > 0 && t.phentsize < h.phentMin {
		return t, fmt.Errorf("ELF header: program header entries of %d bytes (e_phentsize), smaller than the %d bytes of one", t.phentsize, h.phentMin)
	}
	return t, nil
}

// checkPrograms checks the program header table and its segments' places.
func (h *elfHeader) checkPrograms(data []byte, t elfTables) error {
	if err := h.table("program header table", t.phoff, t.phnum, t.phentsize); err != nil {
		return err
	}
	for i := range t.phnum {
		at := t.phoff + i*t.phentsize
		off, filesz := uint64(h.bo.Uint32(data[at+4:])), uint64(h.bo.Uint32(data[at+16:]))
		if h.is64 {
			off, filesz = h.bo.Uint64(data[at+8:]), h.bo.Uint64(data[at+32:])
		}
		if off >= 1<<63 {
			return h.pastEnd(fmt.Sprintf("program header %d: the segment's offset (p_offset)", i), off)
		}
		if filesz >= 1<<63 {
			return h.runsPast(fmt.Sprintf("program header %d: the segment's size (p_filesz)", i), filesz)
		}
	}
	return nil
}

// extendedNumbering reads the section count, and the name table's index
// when e_shstrndx is SHN_XINDEX, from section 0, as a file with more
// sections than e_shnum holds has them.
func (h *elfHeader) extendedNumbering(data []byte, t *elfTables) error {
	if err := h.table("section header table", t.shoff, 1, h.shentMin); err != nil {
		return err
	}
	s0 := h.section(data, t.shoff)
	if s0.typ != elf.SHT_NULL {
		return fmt.Errorf("section 0: type %d with e_shnum 0, want SHT_NULL (0), which holds the section count", s0.typ)
	}
	if s0.size < uint64(elf.SHN_LORESERVE) {
		return fmt.Errorf("section 0: section count (sh_size) %d with e_shnum 0, want at least %d", s0.size, elf.SHN_LORESERVE)
	}
	t.shnum = s0.size
	if t.shx == uint64(elf.SHN_XINDEX) {
		t.shx = uint64(s0.link)
		if t.shx < uint64(elf.SHN_LORESERVE) {
			return fmt.Errorf("section 0: the section name table's index (sh_link) %d with e_shstrndx SHN_XINDEX, want at least %d", t.shx, elf.SHN_LORESERVE)
		}
	}
	if t.shx >= t.shnum {
		return fmt.Errorf("section 0: the section name table's index %d is not one of the %d sections", t.shx, t.shnum)
	}
	return nil
}

// checkSections checks each section's place and the section name table.
func (h *elfHeader) checkSections(data []byte, t elfTables) error {
	size := h.size
	sections := make([]elfSection, t.shnum)
	for i := range sections {
		sections[i] = h.section(data, t.shoff+uint64(i)*t.shentsize)
	}
	// Names, where the name table can be read, for the messages.
	var names []byte
	if t.shx > 0 && t.shx < t.shnum {
		if n := sections[t.shx]; n.flags&elf.SHF_COMPRESSED == 0 && n.off <= size && n.size <= size-n.off {
			names = data[n.off : n.off+n.size]
		}
	}
	place := func(i int) string {
		name, ok := sectionName(names, sections[i].name)
		switch {
		case !ok || name == "":
			return fmt.Sprintf("section %d", i)
		case BadName(name) != "":
			return fmt.Sprintf("section %d (%q)", i, name)
		}
		return fmt.Sprintf("section %d (%s)", i, name)
	}
	chdrSize := uint64(12)
	if h.is64 {
		chdrSize = 24
	}
	for i, s := range sections {
		if s.off >= 1<<63 {
			return h.pastEnd(place(i)+": the offset (sh_offset)", s.off)
		}
		if s.size >= 1<<63 {
			return h.runsPast(place(i)+": the size (sh_size)", s.size)
		}
		if s.flags&elf.SHF_COMPRESSED != 0 && (s.size < chdrSize || s.off > size || chdrSize > size-s.off) {
			return fmt.Errorf("%s: compressed (SHF_COMPRESSED), but its %d bytes at %#x do not hold the %d-byte compression header within the %d-byte file", place(i), s.size, s.off, chdrSize, size)
		}
	}
	if t.shnum == 0 || t.shx == 0 {
		return nil
	}
	n := sections[t.shx]
	if n.typ != elf.SHT_STRTAB {
		return fmt.Errorf("%s, the section name table (e_shstrndx): type %d, want SHT_STRTAB (3)", place(int(t.shx)), n.typ)
	}
	if n.flags&elf.SHF_COMPRESSED != 0 {
		return fmt.Errorf("%w: section %d", errCompressedNames, t.shx)
	}
	if n.off > size || n.size > size-n.off {
		return fmt.Errorf("section %d, the section name table (e_shstrndx): its %d bytes at %#x run past the end of the %d-byte file", t.shx, n.size, n.off, size)
	}
	for i, s := range sections {
		if _, ok := sectionName(names, s.name); !ok {
			return fmt.Errorf("section %d: its name (sh_name) at %d is not a string of the %d-byte section name table", i, s.name, len(names))
		}
	}
	return nil
}

// errCompressedNames is the one header checkELF rejects that debug/elf
// takes.
var errCompressedNames = errors.New("the section name table is compressed (SHF_COMPRESSED), which no toolchain does")

// elfHeader is what checkELF reads the tables by.
type elfHeader struct {
	size               uint64 // of the file
	is64               bool
	bo                 binary.ByteOrder
	hdrSize            uint64
	phentMin, shentMin uint64 // the sizes of a program and a section header
}

// pastEnd is the error of an offset v past the end of the file.
func (h *elfHeader) pastEnd(what string, v uint64) error {
	return fmt.Errorf("%s %#x lies past the end of the %d-byte file", what, v, h.size)
}

// runsPast is the error of a size v that reaches past the end of the
// file from any offset.
func (h *elfHeader) runsPast(what string, v uint64) error {
	return fmt.Errorf("%s %#x runs past the end of the %d-byte file", what, v, h.size)
}

// table checks that a table of n entries of entsize bytes at off lies
// within the file.
func (h *elfHeader) table(what string, off, n, entsize uint64) error {
	if n == 0 {
		return nil
	}
	if off > h.size || entsize != 0 && n > (h.size-off)/entsize {
		return fmt.Errorf("%s: %d entries of %d bytes at %#x run past the end of the %d-byte file", what, n, entsize, off, h.size)
	}
	return nil
}

// elfSection is the part of a section header checkELF reads.
type elfSection struct {
	name      uint32
	typ       elf.SectionType
	flags     elf.SectionFlag
	off, size uint64
	link      uint32
}

// section reads the section header at off, which lies within data.
func (h *elfHeader) section(data []byte, off uint64) elfSection {
	b := data[off:]
	if h.is64 {
		return elfSection{name: h.bo.Uint32(b), typ: elf.SectionType(h.bo.Uint32(b[4:])), flags: elf.SectionFlag(h.bo.Uint64(b[8:])),
			off: h.bo.Uint64(b[24:]), size: h.bo.Uint64(b[32:]), link: h.bo.Uint32(b[40:])}
	}
	return elfSection{name: h.bo.Uint32(b), typ: elf.SectionType(h.bo.Uint32(b[4:])), flags: elf.SectionFlag(h.bo.Uint32(b[8:])),
		off: uint64(h.bo.Uint32(b[16:])), size: uint64(h.bo.Uint32(b[20:])), link: h.bo.Uint32(b[24:])}
}

// sectionName is the string at index i of a section name table, as
// debug/elf reads it: ok only if a NUL ends it.
func sectionName(table []byte, i uint32) (string, bool) {
	if uint64(i) >= uint64(len(table)) {
		return "", false
	}
	end := bytes.IndexByte(table[i:], 0)
	if end < 0 {
		return "", false
	}
	return string(table[i : int(i)+end]), true
}

// CheckSection reports whether the bytes of section sec of ef, parsed
// from a file of size bytes, lie within the file: debug/elf takes any
// offset and size below 2^63 and says "EOF" only when they are read.
func CheckSection(ef *elf.File, sec *elf.Section, size int) error {
	if sec.Type == elf.SHT_NOBITS || sec.Offset <= uint64(size) && sec.FileSize <= uint64(size)-sec.Offset {
		return nil
	}
	return fmt.Errorf("section %d (%s): its %d bytes at %#x run past the end of the %d-byte file",
		slices.Index(ef.Sections, sec), sec.Name, sec.FileSize, sec.Offset, size)
}
