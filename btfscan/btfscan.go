// Package btfscan reads struct layouts from BTF, the kernel's compact type
// format: raw BTF such as /sys/kernel/btf/vmlinux, the .BTF section of an
// ELF file, or a gzip of either. It reports them the way pahole does, since
// pahole is the reference the layouts are checked against.
package btfscan

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/cilium/ebpf/btf"
	"github.com/klauspost/compress/gzip"
)

// maxBTF bounds what a gzip input may expand to, so that a gzip bomb fails
// instead of exhausting memory. vmlinux BTF is a few MiB.
const maxBTF = 1 << 30

const btfHeaderLen = 24

// File is one opened BTF blob.
type File struct {
	path string
	// spec reads the types of the blob as they are asked for.
	spec *decoder
	// ptrSize is the target's pointer size: BTF does not record it, so it
	// is taken from long as libbpf does.
	ptrSize int64
}

// Open reads the BTF in path (raw BTF, an ELF file with a .BTF section, or a
// gzip of either).
func Open(path string) (f *File, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b {
		if data, err = gunzip(data); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	raw, err := findBTF(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := checkHeader(raw); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	d, ptrSize, err := loadBTF(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	f = &File{path: path, spec: d, ptrSize: ptrSize}
	return f, nil
}

func gunzip(data []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	var out bytes.Buffer
	// The trailer gives the size (mod 4 GiB): growing to it at once saves
	// copying the output again and again.
	if len(data) >= 18 {
		if isize := binary.LittleEndian.Uint32(data[len(data)-4:]); isize <= maxBTF {
			out.Grow(int(isize) + bytes.MinRead)
		}
	}
	if _, err := out.ReadFrom(io.LimitReader(zr, maxBTF+1)); err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	if out.Len() > maxBTF {
		return nil, fmt.Errorf("gzip: expands past %d bytes", maxBTF)
	}
	return out.Bytes(), nil
}

// findBTF returns the raw BTF in data: data itself, or the .BTF section of
// an ELF file.
func findBTF(data []byte) (raw []byte, err error) {
	if len(data) >= 4 && string(data[:4]) == elf.ELFMAG {
		defer func() {
			// debug/elf has panicked on hostile headers before.
			if r := recover(); r != nil {
				raw, err = nil, fmt.Errorf("bad ELF: %v", r)
			}
		}()
		ef, err := elf.NewFile(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("bad ELF: %w", err)
		}
		sec := ef.Section(".BTF")
		if sec == nil || sec.Type == elf.SHT_NOBITS {
			return nil, errors.New("no DWARF or BTF type information; build with -g")
		}
		raw, err := sec.Data()
		if err != nil {
			return nil, fmt.Errorf("bad ELF: .BTF: %w", err)
		}
		return raw, nil
	}
	if len(data) < 2 || (binary.LittleEndian.Uint16(data) != 0xeb9f && binary.BigEndian.Uint16(data) != 0xeb9f) {
		return nil, errors.New("not BTF")
	}
	return data, nil
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
	defer func() {
		if r := recover(); r != nil {
			d, err = nil, fmt.Errorf("bad BTF: %v", r)
		}
	}()
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
