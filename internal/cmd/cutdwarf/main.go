// Command cutdwarf writes a smaller copy of an ELF file's DWARF, for
// measuring how the cost of reading it grows with the input's size.
//
//	cutdwarf -size 50M -o OUT ELF
//
// OUT is an ELF file of exactly SIZE bytes that stands for ELF shrunk to
// SIZE: it holds the first compile units of ELF's .debug_info, as many whole
// units as fit in SIZE/size(ELF) of that section (at least one), so that
// its share of the types is the one a file of SIZE bytes would carry. With
// them go .debug_abbrev and .debug_line cut after the last table those
// units use, and .debug_str, .debug_line_str, .debug_str_offsets and
// .debug_addr whole: what a reader of types needs. The rest of ELF (code,
// data, symbols, relocations, location and range lists, frames) is left
// out; a section .cutdwarf.pad of zeros, which no reader reads, takes its
// place so that the file has the requested size. Sections compressed in ELF
// are written uncompressed.
//
// SIZE is a number of bytes with an optional suffix K, M, G (powers of
// 1000) or Ki, Mi, Gi (powers of 1024); a trailing B is ignored. A SIZE at
// or above ELF's size keeps every unit. ELF must be a little-endian ELF64
// executable or shared object (a relocatable file's DWARF needs its
// relocations, which OUT would not carry).
package main

import (
	"bytes"
	"debug/dwarf"
	"debug/elf"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

func main() {
	sizeFlag := flag.String("size", "", "size of the output `SIZE` (50M, 200MB, 1Gi, bytes)")
	out := flag.String("o", "", "output `FILE`")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: cutdwarf -size SIZE -o OUT ELF\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *sizeFlag == "" || *out == "" || flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	size, err := parseSize(*sizeFlag)
	if err != nil {
		fmt.Fprintf(os.Stderr, "cutdwarf: -size: %v\n", err)
		os.Exit(2)
	}
	c, err := cut(flag.Arg(0), size)
	if err != nil {
		fmt.Fprintf(os.Stderr, "cutdwarf: %v\n", err)
		os.Exit(1)
	}
	if err := c.writeFile(*out, size); err != nil {
		fmt.Fprintf(os.Stderr, "cutdwarf: %v\n", err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "cutdwarf: %s: %d of %d compile units, .debug_info %.1f of %.1f MB (%.1f%%), file %.1f MB\n",
		*out, c.kept, c.units, mb(c.infoCut), mb(c.infoLen), 100*float64(c.infoCut)/float64(c.infoLen), mb(size))
}

func mb(n int64) float64 { return float64(n) / 1e6 }

// parseSize reads 50M, 200MB, 1Gi, 1GiB or a plain number of bytes.
func parseSize(s string) (int64, error) {
	t := strings.TrimSuffix(strings.TrimSpace(s), "B")
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"Ki", 1 << 10}, {"Mi", 1 << 20}, {"Gi", 1 << 30}, {"K", 1e3}, {"k", 1e3}, {"M", 1e6}, {"G", 1e9}} {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSuffix(t, u.suffix), u.mult
			break
		}
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || f <= 0 {
		return 0, fmt.Errorf("%q: want a positive size such as 50M", s)
	}
	return int64(f * float64(mult)), nil
}

// A section of the output.
type section struct {
	name  string
	flags elf.SectionFlag
	align uint64
	entsz uint64
	data  []byte
}

// A cutting: what goes into the output.
type cutting struct {
	typ      elf.Type
	machine  elf.Machine
	osabi    elf.OSABI
	abiv     uint8
	sections []section
	units    int // compile units in the input
	kept     int // compile units kept
	infoLen  int64
	infoCut  int64
}

// sectionsKept are the sections a reader of types needs, in output order;
// .debug_info must be there.
var sectionsKept = []string{".debug_info", ".debug_abbrev", ".debug_line", ".debug_str", ".debug_line_str", ".debug_str_offsets", ".debug_addr"}

// cut reads the ELF file at path and keeps the share size/size(path) of its
// .debug_info's units.
func cut(path string, size int64) (*cutting, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	f, err := elf.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if f.Class != elf.ELFCLASS64 || f.Data != elf.ELFDATA2LSB {
		return nil, fmt.Errorf("%s: want a little-endian ELF64 file", path)
	}
	if f.Type != elf.ET_EXEC && f.Type != elf.ET_DYN {
		return nil, fmt.Errorf("%s: %v: want an executable or shared object", path, f.Type)
	}
	c := &cutting{typ: f.Type, machine: f.Machine, osabi: f.OSABI, abiv: f.ABIVersion}
	data := map[string][]byte{}
	for _, name := range sectionsKept {
		s := f.Section(name)
		if s == nil || s.Type == elf.SHT_NOBITS {
			continue
		}
		b, err := s.Data() // uncompressed
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %v", path, name, err)
		}
		data[name] = b
		c.sections = append(c.sections, section{name: name, flags: s.Flags &^ elf.SHF_COMPRESSED, align: max(s.Addralign, 1), entsz: s.Entsize, data: b})
	}
	info := data[".debug_info"]
	if info == nil {
		return nil, fmt.Errorf("%s: no .debug_info", path)
	}
	units, err := parseUnits(info)
	if err != nil {
		return nil, fmt.Errorf("%s: .debug_info: %v", path, err)
	}
	if len(units) == 0 {
		return nil, fmt.Errorf("%s: .debug_info has no units", path)
	}

	// The units that fit in the share, at least one.
	budget := int64(len(info))
	if size < st.Size() {
		budget = int64(float64(len(info)) * float64(size) / float64(st.Size()))
	}
	kept := 1
	for kept < len(units) && units[kept].end <= budget {
		kept++
	}
	c.units, c.kept = len(units), kept
	units = units[:kept]
	c.infoLen, c.infoCut = int64(len(info)), units[kept-1].end
	info = info[:c.infoCut]
	data[".debug_info"] = info

	// .debug_abbrev up to the end of the last table the units use.
	if abbrev := data[".debug_abbrev"]; abbrev != nil {
		var last uint64
		for _, u := range units {
			last = max(last, u.abbrev)
		}
		end, err := abbrevTableEnd(abbrev, last)
		if err != nil {
			return nil, fmt.Errorf("%s: .debug_abbrev: %v", path, err)
		}
		data[".debug_abbrev"] = abbrev[:end]
	}

	// .debug_line up to the end of the last table the units use.
	if line := data[".debug_line"]; line != nil {
		d, err := dwarf.New(data[".debug_abbrev"], nil, nil, info, line, nil, nil, data[".debug_str"])
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		for _, name := range []string{".debug_line_str", ".debug_str_offsets", ".debug_addr"} {
			if b := data[name]; b != nil {
				if err := d.AddSection(name, b); err != nil {
					return nil, fmt.Errorf("%s: %v", path, err)
				}
			}
		}
		r := d.Reader()
		last := int64(-1)
		for _, u := range units {
			r.Seek(dwarf.Offset(u.root))
			e, err := r.Next()
			if err != nil {
				return nil, fmt.Errorf("%s: unit at %#x: %v", path, u.off, err)
			}
			if e == nil {
				continue
			}
			if off, ok := e.Val(dwarf.AttrStmtList).(int64); ok {
				last = max(last, off)
			}
		}
		end := int64(0)
		if last >= 0 {
			if end, err = lengthEnd(line, last); err != nil {
				return nil, fmt.Errorf("%s: .debug_line at %#x: %v", path, last, err)
			}
		}
		data[".debug_line"] = line[:end]
	}
	for i := range c.sections {
		c.sections[i].data = data[c.sections[i].name]
	}
	return c, nil
}

// A unit header of .debug_info.
type unit struct {
	off, end int64  // the unit's bytes
	root     int64  // offset of its first entry
	abbrev   uint64 // offset of its abbreviation table
}

// parseUnits reads the unit headers of a .debug_info section (DWARF 2 to 5).
func parseUnits(info []byte) ([]unit, error) {
	var units []unit
	for off := int64(0); off < int64(len(info)); {
		b := info[off:]
		length, is64, n, err := initialLength(b)
		if err != nil {
			return nil, fmt.Errorf("unit at %#x: %v", off, err)
		}
		end := off + int64(n) + int64(length)
		if length > uint64(len(b)) || end > int64(len(info)) {
			return nil, fmt.Errorf("unit at %#x: length %#x runs past the section", off, length)
		}
		offSize := 4
		if is64 {
			offSize = 8
		}
		h := b[n : n+int(length)]
		if len(h) < 2 {
			return nil, fmt.Errorf("unit at %#x: short header", off)
		}
		version := binary.LittleEndian.Uint16(h)
		var abbrev uint64
		var hlen int // header bytes after the version
		readOff := func(p []byte) uint64 {
			if offSize == 8 {
				return binary.LittleEndian.Uint64(p)
			}
			return uint64(binary.LittleEndian.Uint32(p))
		}
		switch {
		case version >= 2 && version <= 4:
			hlen = offSize + 1 // abbrev offset, address size
			if len(h) < 2+hlen {
				return nil, fmt.Errorf("unit at %#x: short header", off)
			}
			abbrev = readOff(h[2:])
		case version == 5:
			if len(h) < 4+offSize {
				return nil, fmt.Errorf("unit at %#x: short header", off)
			}
			hlen = 2 + offSize // unit type, address size, abbrev offset
			switch ut := h[2]; ut {
			case 0x01, 0x03: // DW_UT_compile, DW_UT_partial
			case 0x04, 0x05: // DW_UT_skeleton, DW_UT_split_compile: dwo_id
				hlen += 8
			case 0x02, 0x06: // DW_UT_type, DW_UT_split_type: signature, type offset
				hlen += 8 + offSize
			default:
				return nil, fmt.Errorf("unit at %#x: unit type %#x", off, ut)
			}
			abbrev = readOff(h[4:])
		default:
			return nil, fmt.Errorf("unit at %#x: DWARF version %d", off, version)
		}
		units = append(units, unit{off: off, end: end, root: off + int64(n) + 2 + int64(hlen), abbrev: abbrev})
		off = end
	}
	return units, nil
}

// initialLength reads a DWARF initial length: the length, whether the unit
// is 64-bit DWARF, and the bytes the field takes.
func initialLength(b []byte) (length uint64, is64 bool, n int, err error) {
	if len(b) < 4 {
		return 0, false, 0, errors.New("short initial length")
	}
	l := binary.LittleEndian.Uint32(b)
	switch {
	case l == 0xffffffff:
		if len(b) < 12 {
			return 0, false, 0, errors.New("short initial length")
		}
		return binary.LittleEndian.Uint64(b[4:]), true, 12, nil
	case l >= 0xfffffff0:
		return 0, false, 0, fmt.Errorf("reserved initial length %#x", l)
	}
	return uint64(l), false, 4, nil
}

// lengthEnd is the end of the length-prefixed contribution (a line table)
// at off.
func lengthEnd(b []byte, off int64) (int64, error) {
	if off < 0 || off >= int64(len(b)) {
		return 0, fmt.Errorf("offset past the section")
	}
	length, _, n, err := initialLength(b[off:])
	if err != nil {
		return 0, err
	}
	end := off + int64(n) + int64(length)
	if length > uint64(len(b)) || end > int64(len(b)) {
		return 0, fmt.Errorf("length %#x runs past the section", length)
	}
	return end, nil
}

// abbrevTableEnd is the end of the abbreviation table at off: just past the
// 0 code that closes it.
func abbrevTableEnd(b []byte, off uint64) (int, error) {
	if off >= uint64(len(b)) {
		return 0, fmt.Errorf("table offset %#x past the section", off)
	}
	r := bytes.NewReader(b[off:])
	uleb := func() (uint64, error) { return binary.ReadUvarint(r) }
	for {
		code, err := uleb()
		if err != nil {
			return 0, fmt.Errorf("table at %#x: %v", off, err)
		}
		if code == 0 {
			return len(b) - r.Len(), nil
		}
		if _, err := uleb(); err != nil { // tag
			return 0, fmt.Errorf("table at %#x: %v", off, err)
		}
		if _, err := r.ReadByte(); err != nil { // children
			return 0, fmt.Errorf("table at %#x: %v", off, err)
		}
		for {
			attr, err := uleb()
			if err != nil {
				return 0, fmt.Errorf("table at %#x: %v", off, err)
			}
			form, err := uleb()
			if err != nil {
				return 0, fmt.Errorf("table at %#x: %v", off, err)
			}
			if form == 0x21 { // DW_FORM_implicit_const: its value is here
				if _, err := binary.ReadVarint(r); err != nil {
					return 0, fmt.Errorf("table at %#x: %v", off, err)
				}
			}
			if attr == 0 && form == 0 {
				break
			}
		}
	}
}

// writeFile writes the cutting as an ELF64 file of size bytes: header,
// section headers, section contents, .shstrtab, and the pad to the end.
func (c *cutting) writeFile(path string, size int64) error {
	secs := append([]section(nil), c.sections...)
	secs = append(secs, section{name: ".shstrtab", align: 1}, section{name: ".cutdwarf.pad", align: 1})
	var shstr bytes.Buffer
	shstr.WriteByte(0)
	nameOff := make([]uint32, len(secs))
	for i, s := range secs {
		nameOff[i] = uint32(shstr.Len())
		shstr.WriteString(s.name)
		shstr.WriteByte(0)
	}
	shstrndx := len(secs) - 2
	pad := len(secs) - 1
	secs[shstrndx].data = shstr.Bytes()

	const ehsize, shentsize = 64, 64
	const shoff = ehsize
	offs := make([]int64, len(secs))
	sizes := make([]int64, len(secs))
	pos := int64(shoff + (len(secs)+1)*shentsize)
	for i, s := range secs {
		a := int64(s.align)
		pos = (pos + a - 1) &^ (a - 1)
		offs[i], sizes[i] = pos, int64(len(s.data))
		pos += sizes[i]
	}
	if pos > size {
		return fmt.Errorf("the %d units kept need %d bytes, over the size %d", c.kept, pos, size)
	}
	sizes[pad] = size - offs[pad]

	var hdr [ehsize]byte
	copy(hdr[:], elf.ELFMAG)
	hdr[elf.EI_CLASS] = byte(elf.ELFCLASS64)
	hdr[elf.EI_DATA] = byte(elf.ELFDATA2LSB)
	hdr[elf.EI_VERSION] = byte(elf.EV_CURRENT)
	hdr[elf.EI_OSABI] = byte(c.osabi)
	hdr[elf.EI_ABIVERSION] = c.abiv
	le := binary.LittleEndian
	le.PutUint16(hdr[16:], uint16(c.typ))
	le.PutUint16(hdr[18:], uint16(c.machine))
	le.PutUint32(hdr[20:], uint32(elf.EV_CURRENT))
	le.PutUint64(hdr[40:], uint64(shoff)) // e_shoff; e_entry, e_phoff, e_flags 0
	le.PutUint16(hdr[52:], ehsize)
	le.PutUint16(hdr[58:], shentsize)
	le.PutUint16(hdr[60:], uint16(len(secs)+1))
	le.PutUint16(hdr[62:], uint16(shstrndx+1)) // after the null section

	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := &posWriter{w: f}
	w.write(hdr[:])
	w.write(make([]byte, shentsize)) // the null section
	for i, s := range secs {
		var sh [shentsize]byte
		typ := elf.SHT_PROGBITS
		if i == shstrndx {
			typ = elf.SHT_STRTAB
		}
		le.PutUint32(sh[0:], nameOff[i])
		le.PutUint32(sh[4:], uint32(typ))
		le.PutUint64(sh[8:], uint64(s.flags))
		le.PutUint64(sh[24:], uint64(offs[i]))
		le.PutUint64(sh[32:], uint64(sizes[i]))
		le.PutUint64(sh[48:], s.align)
		le.PutUint64(sh[56:], s.entsz)
		w.write(sh[:])
	}
	for i, s := range secs {
		w.zeros(offs[i] - w.pos)
		if i == pad {
			w.zeros(sizes[i])
		} else {
			w.write(s.data)
		}
	}
	if w.err == nil {
		w.err = f.Close()
	} else {
		f.Close()
	}
	if w.err != nil {
		os.Remove(path)
	}
	return w.err
}

// posWriter writes, counting bytes and keeping the first error.
type posWriter struct {
	w   io.Writer
	pos int64
	err error
}

func (p *posWriter) write(b []byte) {
	if p.err != nil {
		return
	}
	var n int
	n, p.err = p.w.Write(b)
	p.pos += int64(n)
}

var zeroBlock = make([]byte, 1<<20)

func (p *posWriter) zeros(n int64) {
	for n > 0 && p.err == nil {
		k := min(n, int64(len(zeroBlock)))
		p.write(zeroBlock[:k])
		n -= k
	}
}
