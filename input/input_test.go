package input

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
)

func TestHugeBuffer(t *testing.T) {
	t.Parallel()
	for _, n := range []int{0, 1, 4096, hugePageSize - 1, hugePageSize, 5<<20 + 3} {
		b := hugeBuffer(n)
		if len(b) != n || cap(b) != n {
			t.Errorf("hugeBuffer(%d): len %d cap %d", n, len(b), cap(b))
		}
		for i := range b {
			if b[i] != 0 {
				t.Fatalf("hugeBuffer(%d)[%d] = %d", n, i, b[i])
			}
		}
	}
}

func gzipped(t *testing.T, parts ...[]byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	for _, p := range parts {
		if _, err := zw.Write(p); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func write(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestSniff checks that the format comes from the content: a gzipped ELF
// file under any name, raw BTF of either byte order.
func TestSniff(t *testing.T) {
	t.Parallel()
	elfFile, err := os.ReadFile("../testdata/c/types.o")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		data []byte
		want Format
		gzip bool
	}{
		{"types.o", elfFile, ELF, false},
		{"types.o.gz", gzipped(t, elfFile), ELF, true},
		{"types.o", gzipped(t, elfFile), ELF, true},
		{"raw-le", []byte{0x9f, 0xeb, 1, 0}, BTF, false},
		{"raw-be", []byte{0xeb, 0x9f, 1, 0}, BTF, false},
		{"btf.gz.txt", gzipped(t, []byte{0x9f, 0xeb, 1, 0}), BTF, true},
	} {
		f, err := Open(write(t, c.name, c.data))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if f.Format != c.want || f.Gzip != c.gzip || !bytes.HasPrefix(f.Data, c.data[:4]) && !c.gzip {
			t.Errorf("%s: format %d gzip %v, want %d %v", c.name, f.Format, f.Gzip, c.want, c.gzip)
		}
		f.Close()
	}
}

// TestErrors checks the kind and the words of each error Open gives.
func TestErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	zeros := make([]byte, MinInflated+1<<20)
	bomb := gzipped(t, []byte("\x7fELF"), zeros)
	lying := bytes.Clone(bomb)
	binary.LittleEndian.PutUint32(lying[len(lying)-4:], 100)
	for _, c := range []struct {
		name string
		path string
		kind error
		want string // after "PATH: "
	}{
		{"dir", dir, ErrNotBinary, "a directory, not an ELF file or BTF"},
		{"text", write(t, "notes.txt", []byte("struct x {};\n")), ErrNotBinary, "not an ELF file or BTF"},
		{"empty", write(t, "empty", nil), ErrNotBinary, "not an ELF file or BTF"},
		{"gzip-text", write(t, "notes", gzipped(t, []byte("hello"))), ErrNotBinary, "not an ELF file or BTF, once gunzipped"},
		{"missing", filepath.Join(dir, "missing"), fs.ErrNotExist, "no such file or directory"},
		{"cut-gzip", write(t, "cut", gzipped(t, []byte("\x7fELF"), make([]byte, 1000))[:20]), ErrCorrupt, "corrupt gzip: unexpected EOF"},
		// Cut where the last 4 bytes read as a plausible size.
		{"cut-small-trailer", write(t, "cut-small", cutSmall(t)), ErrCorrupt, "corrupt gzip: unexpected EOF"},
		// A bomb whose trailer tells its size fails without keeping
		// what it inflates; one whose trailer lies, at the limit.
		{"bomb", write(t, "bomb", bomb), ErrLimit, fmt.Sprintf("gzip: expands past %d bytes, the limit for %d compressed bytes (32 times their size, at least 16777216, at most 1073741824)", MinInflated, len(bomb))},
		{"lying-bomb", write(t, "lying", lying), ErrLimit, fmt.Sprintf("gzip: expands past %d bytes, the limit for %d compressed bytes (32 times their size, at least 16777216, at most 1073741824)", MinInflated, len(lying))},
	} {
		_, err := Open(c.path)
		var fe *FileError
		if !errors.As(err, &fe) || fe.Path != c.path || !errors.Is(err, c.kind) || err.Error() != c.path+": "+c.want {
			t.Errorf("%s: err = %v, want %s: %s (%v)", c.name, err, c.path, c.want, c.kind)
		}
	}
}

// cutSmall returns a gzip cut short, whose last 4 bytes, read as a
// trailer, give a size larger than the part left holds and within the
// limits: the data ends before the buffer is full, which is no success.
func cutSmall(t *testing.T) []byte {
	data := make([]byte, 100000)
	for i := range data {
		data[i] = byte(i * i >> 7)
	}
	z := gzipped(t, []byte("\x7fELF"), data)
	z = z[:len(z)/2]
	binary.LittleEndian.PutUint32(z[len(z)-4:], 1<<20)
	return z
}

// TestGunzipTwice checks gzips whose trailer does not tell their size:
// inflated once to count, once to keep.
func TestGunzipTwice(t *testing.T) {
	t.Parallel()
	elfFile, err := os.ReadFile("../testdata/c/types.o")
	if err != nil {
		t.Fatal(err)
	}
	lying := gzipped(t, elfFile)
	binary.LittleEndian.PutUint32(lying[len(lying)-4:], 10)
	members := append(gzipped(t, elfFile[:100]), gzipped(t, elfFile[100:])...)
	for name, data := range map[string][]byte{"lying": lying, "members": members} {
		f, err := Open(write(t, name, data))
		if name == "lying" {
			if !errors.Is(err, ErrCorrupt) {
				t.Errorf("%s: err = %v, want a checksum error", name, err)
			}
			continue
		}
		if err != nil || !bytes.Equal(f.Data, elfFile) {
			t.Errorf("%s: err %v, %d bytes, want %d", name, err, len(f.Data), len(elfFile))
		}
	}
}

// TestDevZero checks that a character device is judged by its first
// bytes, not read to its (missing) end.
func TestDevZero(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip(err)
	}
	if _, err := Open("/dev/zero"); !errors.Is(err, ErrNotBinary) {
		t.Errorf("err = %v, want ErrNotBinary", err)
	}
}

// TestStream checks that a stream reads a file's bytes, inflated if it is
// a gzip of one or several members, within MaxStream whatever the ratio.
func TestStream(t *testing.T) {
	t.Parallel()
	data := make([]byte, 300000)
	for i := range data {
		data[i] = byte(i * i >> 9)
	}
	// Far past MaxRatio times its size, but no bomb for a stream.
	zeros := make([]byte, MinInflated+1<<20)
	repetitive := gzipped(t, zeros)
	// MaxStream and one byte, in members of a MiB each.
	mib := gzipped(t, zeros[:1<<20])
	bomb := bytes.Repeat(mib, MaxStream>>20)
	bomb = append(bomb, gzipped(t, []byte{0})...)
	for _, c := range []struct {
		name string
		data []byte
		gzip bool
		want []byte
		kind error
		err  string // the error reading, or ""
	}{
		{"raw", data, false, data, nil, ""},
		{"gzip", gzipped(t, data), true, data, nil, ""},
		{"members", append(gzipped(t, data[:1000]), gzipped(t, data[1000:])...), true, data, nil, ""},
		{"repetitive", repetitive, true, zeros, nil, ""},
		{"cut-gzip", gzipped(t, data)[:1000], true, nil, ErrCorrupt, "corrupt gzip: unexpected EOF"},
		{"bomb", bomb, true, nil, ErrLimit, fmt.Sprintf("gzip: expands past %d bytes (the limit for a stream, whatever its compressed size)", MaxStream)},
	} {
		s, err := OpenStream(write(t, c.name, c.data))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		var got bytes.Buffer
		var n int64
		if c.want != nil {
			n, err = got.ReadFrom(s)
		} else {
			n, err = io.Copy(io.Discard, s)
		}
		s.Close()
		if s.Gzip != c.gzip {
			t.Errorf("%s: Gzip %v, want %v", c.name, s.Gzip, c.gzip)
		}
		if c.err == "" {
			if err != nil || !bytes.Equal(got.Bytes(), c.want) {
				t.Errorf("%s: err %v, %d bytes, want %d", c.name, err, n, len(c.want))
			}
			continue
		}
		if !errors.Is(err, c.kind) || err.Error() != c.err {
			t.Errorf("%s: err = %v, want %s (%v)", c.name, err, c.err, c.kind)
		}
	}
	_, err := OpenStream(t.TempDir())
	var fe *FileError
	if !errors.As(err, &fe) || !strings.HasSuffix(err.Error(), ": a directory") {
		t.Errorf("a directory: err = %v", err)
	}
}

// TestRecovered checks that a reader recovers its own aborts and nothing
// else: an index out of range is a bug, and goes on as a panic.
func TestRecovered(t *testing.T) {
	t.Parallel()
	want := &Error{Kind: ErrCorrupt, Msg: "bad"}
	if err := recoverFrom(func() { panic(Abort(want)) }); err != want {
		t.Errorf("Abort: recovered %v", err)
	}
	defer func() {
		r := recover()
		if _, ok := r.(runtime.Error); !ok {
			t.Errorf("an index out of range recovered as an input error, or lost: %v", r)
		}
	}()
	var s []int
	i := 3
	recoverFrom(func() { _ = s[i] })
	t.Error("an index out of range was recovered")
}

func recoverFrom(fn func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = Recovered(r)
		}
	}()
	fn()
	return nil
}

// TestRelease drops the pages of part of a mapped file, which reads the
// same afterwards, and leaves data that is not in the mapping alone.
func TestRelease(t *testing.T) {
	t.Parallel()
	data := make([]byte, 1<<20)
	copy(data, "\x7fELF")
	for i := 4; i < len(data); i++ {
		data[i] = byte(i * 7)
	}
	f, err := Open(write(t, "big", data))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if !f.Mapped() || !bytes.Equal(f.Data, data) { // mapped, every page read
		t.Fatalf("mapped: %v; the data differs", f.Mapped())
	}
	f.Release(f.Data[1000 : len(f.Data)-1000])
	f.Release(data) // not the mapping
	if !bytes.Equal(f.Data, data) {
		t.Errorf("the data changed once released")
	}
}
