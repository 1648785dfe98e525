// Package btfscan reads struct layouts from BTF, the kernel's compact type
// format: raw BTF such as /sys/kernel/btf/vmlinux, the .BTF section of an
// ELF file, or a gzip of either. It reports them the way pahole does, since
// pahole is the reference the layouts are checked against.
package btfscan

import (
	"bufio"
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
	data, err := readFile(path)
	if err != nil {
		if pe, ok := err.(*fs.PathError); ok {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s: %w", path, err)
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

// readFile returns what path holds, gunzipped if it is a gzip. A gzip file
// is inflated as it is read, so that the compressed bytes take no memory
// of their own: on a VM where each freshly touched page costs ~15 µs,
// reading them in whole took 6 ms of a 1.7 MB vmlinux BTF.
func readFile(path string) ([]byte, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	size := 0
	if st, err := fh.Stat(); err == nil && st.Mode().IsRegular() {
		size = int(st.Size())
	}
	if size >= 18 {
		var head [2]byte
		var tail [4]byte
		_, err1 := fh.ReadAt(head[:], 0)
		_, err2 := fh.ReadAt(tail[:], int64(size)-4)
		if err1 == nil && err2 == nil && head == [2]byte{0x1f, 0x8b} {
			return inflate(bufio.NewReaderSize(fh, 64<<10), binary.LittleEndian.Uint32(tail[:]))
		}
	}
	// As os.ReadFile, but from fh: a pipe cannot be opened again.
	data := make([]byte, 0, max(size+1, 512))
	for {
		n, err := fh.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
	if len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b {
		var isize uint32 = maxBTF + 1
		if len(data) >= 18 {
			isize = binary.LittleEndian.Uint32(data[len(data)-4:])
		}
		return inflate(bytes.NewReader(data), isize)
	}
	return data, nil
}

// inflate gunzips r into a buffer of isize bytes, the size the gzip
// trailer gives (mod 4 GiB), allocated at once and backed by huge pages
// where the system allows: growing it instead would copy the output again
// and again. A trailer that does not tell the size (a gzip of several
// members) only makes it slower.
func inflate(r io.Reader, isize uint32) ([]byte, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	var buf []byte
	if isize <= maxBTF {
		// One byte more, to see the end without a read past it.
		buf = hugeBuffer(int(isize) + 1)
	}
	n := 0
	for n < len(buf) {
		m, err := zr.Read(buf[n:])
		n += m
		if err == io.EOF {
			return buf[:n], nil
		}
		if err != nil {
			return nil, fmt.Errorf("gzip: %w", err)
		}
	}
	out := bytes.NewBuffer(buf[:n])
	if _, err := out.ReadFrom(io.LimitReader(zr, maxBTF+1-int64(n))); err != nil {
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
