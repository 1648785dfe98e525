package input

import "debug/elf"

// DefaultLineSize is the cache-line size of x86-64, and of input whose
// machine is not known (raw BTF).
const DefaultLineSize = 64

// lineSizes holds, per ELF machine, the line size that code's own padding
// and alignment are written for: for C, the Linux kernel's L1_CACHE_BYTES
// (SMP_CACHE_BYTES, what ____cacheline_aligned aligns to) in the
// architecture's default configuration; for Go, the runtime's
// internal/cpu.CacheLinePadSize for the GOARCH, which sizes cpu.CacheLinePad.
// docs/binaries.md has the table and the reasons.
var lineSizes = map[elf.Machine]struct{ c, golang int64 }{
	elf.EM_X86_64:    {64, 64},
	elf.EM_386:       {64, 64},
	elf.EM_AARCH64:   {64, 128}, // arm64: L1_CACHE_SHIFT 6 since Linux 4.18; Go pads for 128-byte lines
	elf.EM_S390:      {256, 256},
	elf.EM_PPC64:     {128, 128},
	elf.EM_PPC:       {32, 32},
	elf.EM_ARM:       {64, 32}, // ARMv7 kernels: ARM_L1_CACHE_SHIFT 6; Go pads for 32
	elf.EM_MIPS:      {32, 32},
	elf.EM_RISCV:     {64, 64},
	elf.EM_LOONGARCH: {64, 64},
}

// LineSize is the cache-line size to check the structs of f at when none
// is asked for: the one of its ELF machine, for a Go binary the Go
// runtime's; DefaultLineSize for BTF, an unknown machine or an ELF
// header that does not parse (the reader reports that).
func (f *File) LineSize() int64 {
	if f.Format != ELF {
		return DefaultLineSize
	}
	ef, err := ParseELF(f.Data)
	if err != nil {
		return DefaultLineSize
	}
	sizes, ok := lineSizes[ef.Machine]
	if !ok {
		return DefaultLineSize
	}
	if IsGo(ef) {
		return sizes.golang
	}
	return sizes.c
}

// IsGo reports whether ef was linked by the Go linker.
func IsGo(ef *elf.File) bool {
	return ef.Section(".go.buildinfo") != nil || ef.Section(".gopclntab") != nil || ef.Section(".note.go.buildid") != nil
}
