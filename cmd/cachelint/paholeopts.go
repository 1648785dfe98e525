package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"debug/elf"
	"flag"
	"io"
	"os"

	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/report"
)

// paholeFlags are the options of pahole 1.24 that kernel developers use
// daily, under pahole's names (Go's flag package takes --name as -name).
type paholeFlags struct {
	sizes, nrMembers, hex, packable bool
	holes                           int
	expand                          bool
	// word is the pointer size of the input being listed, for --packable.
	word int64
}

func addPaholeFlags(fs *flag.FlagSet) *paholeFlags {
	p := &paholeFlags{}
	fs.BoolVar(&p.sizes, "sizes", false, "as pahole --sizes: one line per struct, NAME SIZE HOLES (no checks)")
	fs.BoolVar(&p.nrMembers, "nr_members", false, "as pahole --nr_members: one line per struct, NAME MEMBERS (no checks)")
	fs.BoolVar(&p.nrMembers, "n", false, "shorthand for --nr_members")
	fs.IntVar(&p.holes, "holes", 0, "as pahole --holes: only structs with at least `N` holes")
	fs.IntVar(&p.holes, "H", 0, "shorthand for --holes=`N`")
	fs.BoolVar(&p.hex, "hex", false, "as pahole --hex: member offsets and sizes in hexadecimal")
	fs.BoolVar(&p.packable, "packable", false, "as pahole --packable: one line per struct that packing shrinks, NAME SIZE PACKED SAVED (no checks);\npahole's packed size, or where pahole's packing breaks an alignment, a C rule, a line-aligned member's side or a pin, the best that keeps them")
	fs.BoolVar(&p.packable, "P", false, "shorthand for --packable")
	fs.BoolVar(&p.expand, "expand_types", false, "as pahole --expand_types: members' structs and unions inline, recursively, and their typedefs")
	fs.BoolVar(&p.expand, "E", false, "shorthand for --expand_types")
	return p
}

// listing returns what prints a struct instead of its layout, for --sizes
// --nr_members and --packable, or nil.
func (p *paholeFlags) listing(w io.Writer) func(*layout.Struct) error {
	switch {
	case p.sizes:
		return func(s *layout.Struct) error { return report.Sizes(w, s) }
	case p.nrMembers:
		return func(s *layout.Struct) error { return report.NrMembers(w, s) }
	case p.packable:
		return func(s *layout.Struct) error { return report.Packable(w, s, p.word) }
	}
	return nil
}

// keep reports whether s passes --holes.
func (p *paholeFlags) keep(s *layout.Struct) bool {
	return p.holes <= 0 || len(report.Holes(s)) >= p.holes
}

// input notes what the options need to know of the input at path before
// its structs are listed: the pointer size, for --packable.
func (p *paholeFlags) input(path string) {
	if p.packable {
		p.word = wordSize(path)
	}
}

// wordSize is the pointer size of the binary at path, pahole's address
// size: 4 in a 32-bit ELF file, else 8 (64-bit ELF, BTF, whose kernels
// cachelint reads are 64-bit). It reads the ELF identification only,
// through a gzip; what it cannot read, the readers report.
func wordSize(path string) int64 {
	f, err := os.Open(path)
	if err != nil {
		return 8
	}
	defer f.Close()
	br := bufio.NewReader(f)
	var r io.Reader = br
	if magic, _ := br.Peek(2); bytes.Equal(magic, []byte{0x1f, 0x8b}) {
		if r, err = gzip.NewReader(br); err != nil {
			return 8
		}
	}
	head := make([]byte, elf.EI_CLASS+1)
	if _, err := io.ReadFull(r, head); err == nil && bytes.HasPrefix(head, []byte(elf.ELFMAG)) && elf.Class(head[elf.EI_CLASS]) == elf.ELFCLASS32 {
		return 4
	}
	return 8
}
