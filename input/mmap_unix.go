//go:build unix

package input

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

// dropPages drops from the process's memory the pages of the mapping that
// lie wholly inside b; they stay in the page cache.
func dropPages(b []byte) {
	page := uintptr(os.Getpagesize())
	start := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	lo := int((page - start%page) % page)
	hi := len(b) - int((start+uintptr(len(b)))%page)
	if lo >= hi {
		return
	}
	// Only advice: a failure leaves the pages where they were.
	_ = syscall.Madvise(b[lo:hi], syscall.MADV_DONTNEED)
}
