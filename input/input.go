// Package input opens the binaries cachelint reads, for every reader: it
// tells an ELF file from BTF by content, not by name, reads through gzip
// wherever the name ends, and bounds what an input may make it allocate.
// Its errors (errors.go) are the ones the readers return.
package input

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
	"unsafe"

	"github.com/klauspost/compress/gzip"
)

// Format is what a file holds, told by its first bytes.
type Format int

const (
	Unknown Format = iota
	ELF
	BTF
)

// Limits on what an input may make a reader hold in memory; each is named
// in the error of an input past it, and listed in docs/binaries.md.
const (
	// MaxInflated bounds what a gzip input may expand to.
	MaxInflated = 1 << 30
	// MaxRatio bounds it further, to this many times the compressed size
	// (but never under MinInflated): debug information and BTF compress
	// 3 to 5 times, a gzip bomb a thousand times, and the bomb would cost
	// seconds and gigabytes before the absolute limit stops it.
	MaxRatio    = 32
	MinInflated = 16 << 20
	// MaxRead bounds what is read from a file that cannot be mapped (a
	// pipe).
	MaxRead = 1 << 30
	// MaxStream bounds what a stream (OpenStream) yields, inflated or
	// not, whatever its compressed size. A stream is decoded as it is
	// read and never held whole, so what it costs is the time to decode
	// it, which grows with these bytes; a repetitive profile inflates far
	// past MaxRatio times its size and is no bomb for that.
	MaxStream = 1 << 30
)

// File is an input's content: mapped when it is a plain regular file,
// else read (inflated, for a gzip) into memory.
type File struct {
	Path   string
	Data   []byte
	Format Format
	Gzip   bool // Data was inflated from a gzip
	mapped bool
}

// Mapped reports whether Data is a mapping of the file, which goes away
// with Close (and faults where the file is truncated under it).
func (f *File) Mapped() bool { return f.mapped }

// Release says that b, a part of Data, will not be read again soon: where
// Data is a mapping, the pages wholly inside b are dropped from the
// process's memory. They stay in the page cache, and are mapped again if
// b is read. A reader done with part of a large file so keeps its peak
// memory to the parts it is reading.
func (f *File) Release(b []byte) {
	if !f.mapped || len(b) == 0 {
		return
	}
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(f.Data)))
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	if p < lo || p+uintptr(len(b)) > lo+uintptr(len(f.Data)) {
		return // not in the mapping: a copy
	}
	dropPages(b)
}

// Close releases Data.
func (f *File) Close() error {
	if !f.mapped {
		f.Data = nil
		return nil
	}
	data := f.Data
	f.Data, f.mapped = nil, false
	return unmapFile(data)
}

// Open opens path, inflating it if it is a gzip, and tells its format. A
// file that is neither ELF nor BTF is an ErrNotBinary, checked on the
// first bytes before anything more is read.
func Open(path string) (*File, error) {
	f, err := open(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is said once, by FileError
		}
		return nil, &FileError{Path: path, Err: err}
	}
	return f, nil
}

func open(path string) (*File, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, &Error{Kind: ErrNotBinary, Msg: "a directory, " + ErrNotBinary.Error()}
	}
	regular := st.Mode().IsRegular()
	var head [4]byte
	n, err := io.ReadFull(fh, head[:])
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return nil, err
	}
	f := &File{Path: path}
	if n >= 2 && head[0] == 0x1f && head[1] == 0x8b {
		f.Gzip = true
		if f.Data, err = gunzip(fh, head[:n], regular, st.Size()); err != nil {
			return nil, err
		}
	} else {
		if sniff(head[:n]) == Unknown {
			// Said before anything more is read: /dev/zero is not read.
			return nil, &Error{Kind: ErrNotBinary, Msg: ErrNotBinary.Error()}
		}
		if f.Data, f.mapped = mapFile(fh); !f.mapped {
			if f.Data, err = readAll(io.MultiReader(bytes.NewReader(head[:n]), fh), MaxRead); err != nil {
				return nil, err
			}
		}
	}
	if f.Format = sniff(f.Data); f.Format == Unknown {
		f.Close()
		msg := ErrNotBinary.Error()
		if f.Gzip {
			msg += ", once gunzipped"
		}
		return nil, &Error{Kind: ErrNotBinary, Msg: msg}
	}
	return f, nil
}

// sniff tells the format from the first bytes.
func sniff(b []byte) Format {
	switch {
	case len(b) >= 4 && string(b[:4]) == elf.ELFMAG:
		return ELF
	case len(b) >= 2 && (binary.LittleEndian.Uint16(b) == 0xeb9f || binary.BigEndian.Uint16(b) == 0xeb9f):
		return BTF
	}
	return Unknown
}

// readAll reads r to its end, failing past max bytes.
func readAll(r io.Reader, max int64) ([]byte, error) {
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(io.LimitReader(r, max+1)); err != nil {
		return nil, err
	}
	if int64(buf.Len()) > max {
		return nil, limitError(fmt.Sprintf("longer than %d bytes (the limit for a file that is not a regular file)", max))
	}
	return buf.Bytes(), nil
}

func limitError(msg string) error { return &Error{Kind: ErrLimit, Msg: msg} }

// gunzip inflates the gzip in fh, whose first bytes, head, have been read.
// A regular file's trailer gives the size of what it holds (mod 4 GiB):
// the buffer is allocated once at that size, backed by huge pages where
// the system allows. Where the trailer does not tell the size (it lies,
// or the gzip has several members), the size is found by inflating into
// nothing first, and the data inflated again into a buffer of that size:
// no input costs memory past the limits, or copies of what it holds.
func gunzip(fh *os.File, head []byte, regular bool, size int64) ([]byte, error) {
	var r io.ReadSeeker
	isize := int64(-1)
	if regular && size >= 18 {
		var tail [4]byte
		if _, err := fh.ReadAt(tail[:], size-4); err != nil {
			return nil, err
		}
		isize = int64(binary.LittleEndian.Uint32(tail[:]))
		r = fh
	} else {
		// A pipe: its size is known once read.
		data, err := readAll(io.MultiReader(bytes.NewReader(head), fh), MaxRead)
		if err != nil {
			return nil, err
		}
		size = int64(len(data))
		if size >= 18 {
			isize = int64(binary.LittleEndian.Uint32(data[size-4:]))
		}
		r = bytes.NewReader(data)
	}
	limit := inflateLimit(size)
	inflate := func(n int64) ([]byte, error) {
		if _, err := r.Seek(0, io.SeekStart); err != nil {
			return nil, err
		}
		zr, err := gzip.NewReader(bufio.NewReaderSize(r, 64<<10))
		if err != nil {
			return nil, Corrupt("gzip", err)
		}
		var buf []byte
		if n >= 0 {
			// One byte more, to see the end without a read past it.
			buf = hugeBuffer(int(n) + 1)
		}
		got := 0
		for got < len(buf) {
			m, err := zr.Read(buf[got:])
			got += m
			if err == io.EOF {
				return buf[:got], nil // the gzip reader has checked the trailer
			}
			if err != nil {
				return nil, Corrupt("gzip", err)
			}
		}
		// More than n: count the rest, keeping nothing.
		rest, err := io.Copy(io.Discard, io.LimitReader(zr, limit+1-int64(got)))
		if err != nil {
			return nil, Corrupt("gzip", err)
		}
		if total := int64(got) + rest; total <= limit {
			return nil, errSizeUnknown(total)
		}
		return nil, inflateError("gzip", size)
	}
	if isize > limit {
		// The true size is at least the trailer's: this fails, for its
		// size or for a defect (a cut file's trailer is whatever bytes
		// it ends in), which only inflating tells.
		isize = -1
	}
	data, err := inflate(isize)
	var unknown errSizeUnknown
	if errors.As(err, &unknown) {
		if data, err = inflate(int64(unknown)); errors.As(err, &unknown) {
			err = Corrupt("gzip", errors.New("changed while read"))
		}
	}
	return data, err
}

// inflateLimit is what compressed data of size bytes may expand to.
func inflateLimit(size int64) int64 {
	return min(MaxInflated, max(MinInflated, MaxRatio*size))
}

func inflateError(what string, size int64) error {
	return limitError(fmt.Sprintf("%s: expands past %d bytes, the limit for %d compressed bytes (%d times their size, at least %d, at most %d)", what, inflateLimit(size), size, MaxRatio, MinInflated, int64(MaxInflated)))
}

// CheckInflate returns an ErrLimit error when compressed bytes (an ELF
// file's compressed section, named what) say they inflate to more than a
// gzip of their size may.
func CheckInflate(what string, compressed, inflated int64) error {
	if inflated > inflateLimit(compressed) {
		return inflateError(what, compressed)
	}
	return nil
}

// errSizeUnknown is the size of what a gzip holds, found by inflating it
// past the size its trailer gave.
type errSizeUnknown int64

func (e errSizeUnknown) Error() string { return fmt.Sprintf("gzip holds %d bytes", int64(e)) }
