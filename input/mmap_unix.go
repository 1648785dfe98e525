//go:build unix

package input

import (
	"os"
	"syscall"
)

// mapFile maps f read-only; ok is false when it cannot be mapped (an
// empty file, a pipe), and the caller reads it instead.
func mapFile(f *os.File) (b []byte, ok bool) {
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() || st.Size() == 0 || st.Size() != int64(int(st.Size())) {
		return nil, false
	}
	b, err = syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, false
	}
	return b, true
}

func unmapFile(b []byte) error { return syscall.Munmap(b) }
