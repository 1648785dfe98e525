package input

import (
	"bytes"
	"debug/elf"
	"fmt"
	"runtime"
)

// abort is the panic value of Abort.
type abort struct{ err error }

// Abort returns the value a reader panics with to stop a walk deep in the
// type graph on input that breaks its format or passes a limit: err says
// what and where. The reader turns it back into err with Recovered.
func Abort(err error) any { return abort{err} }

// Recovered returns the error of a recovered panic that a reader may turn
// into an error: an Abort, or a fault reading a mapped file that shrank
// while it was read (debug.SetPanicOnFault). Any other panic is a bug of
// the reader's own, not bad input, and Recovered panics again with it, so
// that tests and fuzzers see it.
func Recovered(r any) error {
	switch v := r.(type) {
	case abort:
		return v.err
	case runtime.Error:
		if f, ok := v.(interface{ Addr() uintptr }); ok {
			return &Error{Kind: ErrCorrupt, Msg: fmt.Sprintf("fault reading the mapped file at %#x (did it shrink while read?)", f.Addr())}
		}
	}
	panic(r)
}

// ParseELF parses the ELF headers of data. What debug/elf would reject in
// the headers is found first and said where and what (checkELF). debug/elf
// has panicked on hostile headers before: a panic in its code, which is
// all that runs here, is returned as an error like the ones it returns.
func ParseELF(data []byte) (ef *elf.File, err error) {
	if err := checkELF(data); err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			ef, err = nil, fmt.Errorf("%v", r)
		}
	}()
	return elf.NewFile(bytes.NewReader(data))
}
