// Package btfscan reads struct layouts from BTF, the kernel's compact type
// format: raw BTF such as /sys/kernel/btf/vmlinux, the .BTF section of an
// ELF file, or a gzip of either. It reports them the way pahole does, since
// pahole is the reference the layouts are checked against.
package btfscan

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"fmt"

	"github.com/cachelint/cachelint/input"
	"github.com/cilium/ebpf/btf"
)

// File is one opened BTF blob.
type File struct {
	path string
	// spec reads the types of the blob as they are asked for.
	spec *decoder
	// ptrSize is the target's pointer size: BTF does not record it, so it
	// is taken from long as libbpf does.
	ptrSize int64

	// ExpandTypes asks for what pahole -E prints of each member: the
	// typedefs its type goes through and the definition of the struct or
	// union it is (layout.Member.Expansion).
	ExpandTypes bool
}

// Open reads the BTF in path: raw BTF, an ELF file with a .BTF section, or
// a gzip of either, whatever its name. Errors are *input.FileError (see
// package input for their kinds).
func Open(path string) (*File, error) {
	in, err := input.Open(path)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	return New(in)
}

// New reads the BTF of an opened input: raw BTF or an ELF file's .BTF
// section. What it keeps is copied from a mapped input, which may be
// closed afterwards.
func New(in *input.File) (*File, error) {
	fail := func(err error) (*File, error) { return nil, &input.FileError{Path: in.Path, Err: err} }
	raw, err := findBTF(in)
	if err != nil {
		return fail(err)
	}
	if err := checkHeader(raw); err != nil {
		return fail(corrupt(err))
	}
	d, ptrSize, err := loadBTF(raw)
	if err != nil {
		return fail(corrupt(err))
	}
	return &File{path: in.Path, spec: d, ptrSize: ptrSize}, nil
}

// corrupt marks err, which says "bad BTF" or "truncated BTF", as an
// input.ErrCorrupt.
func corrupt(err error) error { return &input.Error{Kind: input.ErrCorrupt, Err: err} }

// findBTF returns the raw BTF of in: its data, or the .BTF section of an
// ELF file, never a slice of a mapping.
func findBTF(in *input.File) (raw []byte, err error) {
	switch in.Format {
	case input.BTF:
		if in.Mapped() {
			return bytes.Clone(in.Data), nil
		}
		return in.Data, nil
	case input.ELF:
	default:
		return nil, &input.Error{Kind: input.ErrNotBinary, Msg: "not BTF"}
	}
	ef, err := input.ParseELF(in.Data)
	if err != nil {
		return nil, input.Corrupt("ELF", err)
	}
	sec := ef.Section(".BTF")
	if sec == nil || sec.Type == elf.SHT_NOBITS {
		return nil, input.NoTypes(input.IsGo(ef))
	}
	if err := input.CheckSection(ef, sec, len(in.Data)); err != nil {
		return nil, input.Corrupt("ELF", err)
	}
	if sec.Flags&elf.SHF_COMPRESSED != 0 {
		if err := input.CheckInflate("section .BTF", int64(sec.FileSize), int64(sec.Size)); err != nil {
			return nil, err
		}
	}
	if raw, err = sec.Data(); err != nil {
		return nil, input.Corrupt("ELF", fmt.Errorf(".BTF: %w", err))
	}
	return raw, nil
}

// checkHeader checks that the sections the header declares lie within raw,
// so that a cut-off file is reported as such.
func checkHeader(raw []byte) error {
	if len(raw) < 8 {
		return fmt.Errorf("truncated BTF: %d bytes, header needs %d", len(raw), btfHeaderLen)
	}
	var bo binary.ByteOrder = binary.LittleEndian
	if bo.Uint16(raw) != 0xeb9f {
		bo = binary.BigEndian
	}
	hdrLen := uint64(bo.Uint32(raw[4:]))
	if hdrLen < btfHeaderLen {
		return fmt.Errorf("bad BTF: header length %d", hdrLen)
	}
	if uint64(len(raw)) < hdrLen {
		return fmt.Errorf("truncated BTF: %d bytes, header needs %d", len(raw), hdrLen)
	}
	typeOff, typeLen := uint64(bo.Uint32(raw[8:])), uint64(bo.Uint32(raw[12:]))
	strOff, strLen := uint64(bo.Uint32(raw[16:])), uint64(bo.Uint32(raw[20:]))
	have := uint64(len(raw))
	if end := hdrLen + typeOff + typeLen; end > have {
		return fmt.Errorf("truncated BTF: type section ends at %d, data has %d bytes", end, have)
	}
	if end := hdrLen + strOff + strLen; end > have {
		return fmt.Errorf("truncated BTF: string section ends at %d, data has %d bytes", end, have)
	}
	return nil
}

// loadBTF indexes the types of raw, and finds the pointer size.
func loadBTF(raw []byte) (d *decoder, ptrSize int64, err error) {
	if d, err = newDecoder(raw, "long int"); err != nil {
		return nil, 0, err
	}
	ptrSize = 8
	// One long, as cilium's AnyTypeByName wants it.
	if ts, err := d.AnyTypesByName("long int"); err == nil && len(ts) == 1 {
		if i, ok := ts[0].(*btf.Int); ok && (i.Size == 4 || i.Size == 8) {
			ptrSize = int64(i.Size)
		}
	}
	return d, ptrSize, nil
}
