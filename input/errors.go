package input

import "errors"

// The kinds of input error, for errors.Is. Every error of the readers
// (dwarfscan, btfscan, profile's pprof decoder) and of Open and OpenStream
// is a *FileError naming the file, which wraps one of these or an error of
// the operating system.
var (
	// ErrNotBinary is a file that is neither an ELF file nor BTF (text,
	// a directory), gzipped or not.
	ErrNotBinary = errors.New("not an ELF file or BTF")
	// ErrNotProfile is a file that is not a pprof profile, gzipped or
	// not, or not of CPU time.
	ErrNotProfile = errors.New("not a pprof profile")
	// ErrNoTypes is an ELF file with neither DWARF nor a .BTF section.
	ErrNoTypes = errors.New("no DWARF or BTF type information; build with -g")
	// ErrNotFound is a struct or union, asked for by name, that the file
	// does not define.
	ErrNotFound = errors.New("not found")
	// ErrCorrupt is input that breaks the rules of its format.
	ErrCorrupt = errors.New("corrupt input")
	// ErrLimit is input past one of the documented limits (docs/binaries.md).
	ErrLimit = errors.New("input past a limit")
)

// FileError is an error in the input file Path.
type FileError struct {
	Path string
	Err  error
}

func (e *FileError) Error() string { return e.Path + ": " + e.Err.Error() }
func (e *FileError) Unwrap() error { return e.Err }

// Error is an input error of one of the kinds above, in its own words, with
// its cause if it has one: the pattern of debug/dwarf.DecodeError, which
// says where the data is bad and how.
type Error struct {
	Kind error  // ErrNotBinary, ErrNotProfile, ErrNoTypes, ErrNotFound, ErrCorrupt or ErrLimit
	Msg  string // what is wrong, and where
	Err  error  // the cause, or nil
}

func (e *Error) Error() string {
	if e.Err == nil {
		return e.Msg
	}
	if e.Msg == "" {
		return e.Err.Error()
	}
	return e.Msg + ": " + e.Err.Error()
}

func (e *Error) Is(target error) bool { return target == e.Kind }
func (e *Error) Unwrap() error        { return e.Err }

// Corrupt is an ErrCorrupt in the data of format ("ELF", "DWARF", "BTF",
// "gzip"): "corrupt FORMAT: err".
func Corrupt(format string, err error) error {
	return &Error{Kind: ErrCorrupt, Msg: "corrupt " + format, Err: err}
}

// NoTypes is the ErrNoTypes of an ELF file with neither DWARF nor BTF,
// with the advice that fits it: a Go binary lost its DWARF to the
// linker's -w or -s, which -g does not bring back.
func NoTypes(goBinary bool) error {
	if goBinary {
		return &Error{Kind: ErrNoTypes, Msg: "no DWARF: a Go binary linked with -ldflags=-w or -s; build it without them"}
	}
	return ErrNoTypes
}

// NotFound is the error for the names of structs a file does not define.
func NotFound(names []string) error {
	msg := "struct " + names[0] + " not found"
	if len(names) > 1 {
		msg = "structs "
		for i, n := range names {
			if i > 0 {
				msg += ", "
			}
			msg += n
		}
		msg += " not found"
	}
	return &Error{Kind: ErrNotFound, Msg: msg}
}
