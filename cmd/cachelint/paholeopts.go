package main

import (
	"flag"
	"io"

	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/report"
)

// paholeFlags are the options of pahole 1.24 that kernel developers use
// daily, under pahole's names (Go's flag package takes --name as -name).
type paholeFlags struct {
	sizes, nrMembers, hex, packable bool
	holes                           int
	expand                          bool
}

// wordSize is the pointer size pahole's packing assumes (its CU's address
// size): the inputs cachelint is used on are 64-bit.
const wordSize = 8

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
		return func(s *layout.Struct) error { return report.Packable(w, s, wordSize) }
	}
	return nil
}

// keep reports whether s passes --holes.
func (p *paholeFlags) keep(s *layout.Struct) bool {
	return p.holes <= 0 || len(report.Holes(s)) >= p.holes
}
