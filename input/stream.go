package input

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/klauspost/compress/gzip"
)

// Stream is an input read from start to end, for a reader that decodes as
// it reads and keeps much less than the input (a pprof profile keeps its
// distinct stacks, not its samples): a gzip, told by its first bytes, is
// inflated as it is read. What it yields is bounded by MaxStream in
// absolute terms, not by its ratio to the compressed size (see
// MaxStream). Its errors are as Open's, wrapped in a FileError by the
// reader.
type Stream struct {
	Gzip bool // the file is a gzip, read inflated
	file *os.File
	r    io.Reader
}

// OpenStream opens path for reading as a stream.
func OpenStream(path string) (*Stream, error) {
	s, err := openStream(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is said once, by FileError
		}
		return nil, &FileError{Path: path, Err: err}
	}
	return s, nil
}

func openStream(path string) (*Stream, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	st, err := fh.Stat()
	if err != nil {
		fh.Close()
		return nil, err
	}
	if st.IsDir() {
		fh.Close()
		return nil, errors.New("a directory")
	}
	s := &Stream{file: fh}
	raw := io.Reader(fh)
	if !st.Mode().IsRegular() {
		raw = &limitReader{r: fh, left: MaxStream, msg: fmt.Sprintf("longer than %d bytes (the limit for a stream)", int64(MaxStream))}
	}
	br := bufio.NewReaderSize(raw, 64<<10)
	head, _ := br.Peek(2)
	if len(head) == 2 && head[0] == 0x1f && head[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			fh.Close()
			return nil, Corrupt("gzip", err)
		}
		s.Gzip = true
		s.r = &limitReader{r: gzipErrors{zr}, left: MaxStream, msg: fmt.Sprintf("gzip: expands past %d bytes (the limit for a stream, whatever its compressed size)", int64(MaxStream))}
	} else if st.Mode().IsRegular() {
		s.r = &limitReader{r: br, left: MaxStream, msg: fmt.Sprintf("longer than %d bytes (the limit for a stream)", int64(MaxStream))}
	} else {
		s.r = br
	}
	return s, nil
}

func (s *Stream) Read(p []byte) (int, error) { return s.r.Read(p) }

// Close closes the file.
func (s *Stream) Close() error { return s.file.Close() }

// limitReader reads at most left bytes of r, failing with an ErrLimit
// error past them.
type limitReader struct {
	r    io.Reader
	left int64
	msg  string
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.left <= 0 {
		// One byte more tells the end of the input from a long one.
		var b [1]byte
		if n, err := l.r.Read(b[:]); n == 0 {
			return 0, err
		}
		return 0, limitError(l.msg)
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}

// gzipErrors says that an error inflating is corrupt gzip.
type gzipErrors struct{ r io.Reader }

func (g gzipErrors) Read(p []byte) (int, error) {
	n, err := g.r.Read(p)
	if err != nil && err != io.EOF {
		err = Corrupt("gzip", err)
	}
	return n, err
}
