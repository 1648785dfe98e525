package dwarfscan

import (
	"debug/elf"
	"fmt"
	"slices"
	"strings"

	"github.com/cachelint/cachelint/input"
)

// loadSections reads the debug sections that layouts need from the ELF
// image: the whole file, mapped or read. Sections stored plainly in a file
// that needs no relocation are slices of image, so that only the pages
// actually read are ever loaded; compressed sections are inflated and
// relocatable objects' sections relocated into copies.
func loadSections(ef *elf.File, image []byte) (*sections, error) {
	s := &sections{order: ef.ByteOrder, dwo: ef.Section(".debug_info.dwo") != nil}
	var types []byte
	for _, sec := range []struct {
		name string
		dst  *[]byte
	}{
		{"info", &s.info},
		{"types", &types},
		{"abbrev", &s.abbrev},
		{"str", &s.str},
		{"str_offsets", &s.strOffsets},
		{"line", &s.line},
		{"line_str", &s.lineStr},
	} {
		b, err := sectionsNamed(ef, image, sec.name)
		if err != nil {
			return nil, err
		}
		*sec.dst = b
	}
	// The type units of DWARF 4 (-fdebug-types-section) follow the other
	// units, so that one offset names an entry in either section.
	s.typesAt = uint64(len(s.info))
	if len(types) > 0 {
		s.info = append(s.info[:len(s.info):len(s.info)], types...)
	}
	return s, nil
}

// sectionsNamed returns the contents of .debug_<name> (or the old
// .zdebug_<name>, or the .debug_<name>.dwo of a split DWARF file), nil
// when there is none. A relocatable object has one
// section of type units per type (in COMDAT groups), and with DWARF 5
// one .debug_info for each as well: units are self-delimiting, so they
// read as one section, each relocated first.
func sectionsNamed(ef *elf.File, image []byte, name string) ([]byte, error) {
	var out []byte
	n := 0
	for _, sec := range ef.Sections {
		if sec.Name != ".debug_"+name && sec.Name != ".zdebug_"+name && sec.Name != ".debug_"+name+".dwo" {
			continue
		}
		b, err := section(ef, image, sec)
		if err != nil {
			return nil, err
		}
		if n++; n == 1 {
			out = b
		} else {
			out = append(out[:len(out):len(out)], b...)
		}
	}
	return out, nil
}

// section returns the contents of sec, nil when it has none.
func section(ef *elf.File, image []byte, sec *elf.Section) ([]byte, error) {
	zdebug := strings.HasPrefix(sec.Name, ".zdebug_")
	if sec.Type == elf.SHT_NOBITS {
		return nil, nil
	}
	if err := input.CheckSection(ef, sec, len(image)); err != nil {
		return nil, err
	}
	var b []byte
	if sec.Flags&elf.SHF_COMPRESSED != 0 || zdebug {
		// debug/elf inflates both kinds of compressed section in Data,
		// to the size the section declares.
		if err := input.CheckInflate("section "+sec.Name, int64(sec.FileSize), int64(sec.Size)); err != nil {
			return nil, err
		}
		data, err := sec.Data()
		if err != nil {
			return nil, fmt.Errorf("section %s: %w", sec.Name, err)
		}
		b = data
	} else {
		b = image[sec.Offset : sec.Offset+sec.FileSize : sec.Offset+sec.FileSize]
	}
	// As in debug/elf, an executable's debug sections are final: its
	// relocation sections (vmlinux has 250 MB of them) are not applied.
	if ef.Type == elf.ET_EXEC {
		return b, nil
	}
	return relocate(ef, sec, b)
}

// reloc says how to apply one machine's absolute data relocations, the
// only kind debug sections carry: the relocation types that store 64 and
// 32 bits.
type reloc struct {
	abs64, abs32 uint32
}

var relocs = map[elf.Machine]reloc{
	elf.EM_X86_64:    {uint32(elf.R_X86_64_64), uint32(elf.R_X86_64_32)},
	elf.EM_386:       {^uint32(0), uint32(elf.R_386_32)},
	elf.EM_AARCH64:   {uint32(elf.R_AARCH64_ABS64), uint32(elf.R_AARCH64_ABS32)},
	elf.EM_ARM:       {^uint32(0), uint32(elf.R_ARM_ABS32)},
	elf.EM_PPC64:     {uint32(elf.R_PPC64_ADDR64), uint32(elf.R_PPC64_ADDR32)},
	elf.EM_PPC:       {^uint32(0), uint32(elf.R_PPC_ADDR32)},
	elf.EM_RISCV:     {uint32(elf.R_RISCV_64), uint32(elf.R_RISCV_32)},
	elf.EM_S390:      {uint32(elf.R_390_64), uint32(elf.R_390_32)},
	elf.EM_LOONGARCH: {uint32(elf.R_LARCH_64), uint32(elf.R_LARCH_32)},
	elf.EM_SPARCV9:   {uint32(elf.R_SPARC_64), uint32(elf.R_SPARC_32)},
	// clang -target bpf: LLVM's R_BPF_64_ABS64 and R_BPF_64_ABS32, which
	// debug/elf does not name.
	elf.EM_BPF: {2, 3},
}

// relocate applies the relocations that target sec to a copy of its
// contents b, as debug/elf does for ET_REL files: the symbol's value plus
// the addend, for symbols defined in a section.
func relocate(ef *elf.File, sec *elf.Section, b []byte) ([]byte, error) {
	var rels []*elf.Section
	for _, r := range ef.Sections {
		if (r.Type == elf.SHT_RELA || r.Type == elf.SHT_REL) && int(r.Info) < len(ef.Sections) && ef.Sections[r.Info] == sec {
			rels = append(rels, r)
		}
	}
	if len(rels) == 0 {
		return b, nil
	}
	kinds, ok := relocs[ef.Machine]
	if !ok {
		return nil, fmt.Errorf("section %s: relocations for %v are not supported", sec.Name, ef.Machine)
	}
	syms, err := ef.Symbols()
	if err != nil {
		return nil, fmt.Errorf("section %s: symbols: %w", sec.Name, err)
	}
	out := slices.Clone(b)
	is64 := ef.Class == elf.ELFCLASS64
	for _, r := range rels {
		data, err := r.Data()
		if err != nil {
			return nil, fmt.Errorf("section %s: %w", r.Name, err)
		}
		rela := r.Type == elf.SHT_RELA
		size := 8 // Elf32_Rel: offset, info
		if is64 {
			size *= 2
		}
		if rela {
			size += size / 2 // and the addend
		}
		for i := 0; i+size <= len(data); i += size {
			e := data[i : i+size]
			var off, info uint64
			var addend int64
			var symNo uint64
			var typ uint32
			if is64 {
				off, info = ef.ByteOrder.Uint64(e), ef.ByteOrder.Uint64(e[8:])
				symNo, typ = info>>32, uint32(info)
				if rela {
					addend = int64(ef.ByteOrder.Uint64(e[16:]))
				}
			} else {
				off, info = uint64(ef.ByteOrder.Uint32(e)), uint64(ef.ByteOrder.Uint32(e[4:]))
				symNo, typ = info>>8, uint32(info&0xff)
				if rela {
					addend = int64(int32(ef.ByteOrder.Uint32(e[8:])))
				}
			}
			if symNo == 0 || symNo > uint64(len(syms)) {
				continue
			}
			sym := &syms[symNo-1]
			if sym.Section == elf.SHN_UNDEF || sym.Section >= elf.SHN_LORESERVE {
				continue
			}
			var width uint64
			switch typ {
			case kinds.abs64:
				width = 8
			case kinds.abs32:
				width = 4
			default:
				continue
			}
			if off > uint64(len(out)) || width > uint64(len(out))-off {
				return nil, fmt.Errorf("section %s: relocation at %#x past the end of %s", r.Name, off, sec.Name)
			}
			if !rela { // REL: the addend is in place
				if width == 8 {
					addend = int64(ef.ByteOrder.Uint64(out[off:]))
				} else {
					addend = int64(int32(ef.ByteOrder.Uint32(out[off:])))
				}
			}
			v := sym.Value + uint64(addend)
			if width == 8 {
				ef.ByteOrder.PutUint64(out[off:], v)
			} else {
				ef.ByteOrder.PutUint32(out[off:], uint32(v))
			}
		}
	}
	return out, nil
}
