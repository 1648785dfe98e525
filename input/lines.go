package input

import (
	"debug/elf"

	"github.com/cachelint/cachelint/layout"
)

// defaultLineSize is the cache-line size of x86-64, and of input whose
// machine is not known (raw BTF).
const defaultLineSize = 64

// lineSizes holds, per ELF machine, the line size that C code's own
// padding and alignment are written for: the Linux kernel's
// L1_CACHE_BYTES (SMP_CACHE_BYTES, what ____cacheline_aligned aligns to)
// in the architecture's default configuration; and the GOARCH of a Go
// binary for the machine, whose runtime's line size
// (layout.DefaultLineSize) sizes cpu.CacheLinePad. docs/binaries.md has
// the table and the reasons.
var lineSizes = map[elf.Machine]struct {
	c      int64
	goarch string
}{
	elf.EM_X86_64:    {64, "amd64"},
	elf.EM_386:       {64, "386"},
	elf.EM_AARCH64:   {64, "arm64"}, // L1_CACHE_SHIFT 6 since Linux 4.18
	elf.EM_S390:      {256, "s390x"},
	elf.EM_PPC64:     {128, "ppc64"},
	elf.EM_PPC:       {32, "ppc"},
	elf.EM_ARM:       {64, "arm"}, // ARMv7 kernels: ARM_L1_CACHE_SHIFT 6
	elf.EM_MIPS:      {32, "mips"},
	elf.EM_RISCV:     {64, "riscv64"},
	elf.EM_LOONGARCH: {64, "loong64"},
}

// LineSize is the cache-line size to check the structs of f at when none
// is asked for: the one of its ELF machine, for a Go binary the Go
// runtime's; DefaultLineSize for BTF, an unknown machine or an ELF
// header that does not parse (the reader reports that).
func (f *File) LineSize() int64 {
	if f.Format != ELF {
		return defaultLineSize
	}
	ef, err := ParseELF(f.Data)
	if err != nil {
		return defaultLineSize
	}
	sizes, ok := lineSizes[ef.Machine]
	if !ok {
		return defaultLineSize
	}
	if IsGo(ef) {
		return layout.DefaultLineSize(sizes.goarch)
	}
	return sizes.c
}

// IsGo reports whether ef was linked by the Go linker.
func IsGo(ef *elf.File) bool {
	return ef.Section(".go.buildinfo") != nil || ef.Section(".gopclntab") != nil || ef.Section(".note.go.buildid") != nil
}
