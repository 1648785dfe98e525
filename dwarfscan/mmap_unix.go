//go:build unix

package dwarfscan

import (
	"os"
	"syscall"
	"unsafe"
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

// prefault maps in the pages of b, part of a mapped file, in one call
// (MADV_POPULATE_READ, Linux 5.14) rather than one fault at a time as a
// full scan reaches them; where that is not supported it does nothing.
func prefault(b []byte) {
	if len(b) == 0 {
		return
	}
	const madvPopulateRead = 22
	page := uintptr(syscall.Getpagesize())
	start := uintptr(unsafe.Pointer(&b[0]))
	aligned := start &^ (page - 1)
	syscall.Syscall(syscall.SYS_MADVISE, aligned, start-aligned+uintptr(len(b)), madvPopulateRead)
}
