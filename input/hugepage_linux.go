package input

import (
	"syscall"
	"unsafe"
)

// hugePageSize is the size of a transparent huge page on amd64 and arm64 with
// 4 KiB pages.
const hugePageSize = 2 << 20

// hugeBuffer returns n zeroed bytes, advised to be backed by transparent
// huge pages: a first touch then maps 2 MiB at once instead of 4 KiB.
// Where THP is enabled only on advice (madvise), as on the VMs cachelint is
// measured on, gunzipping a vmlinux BTF then faults a few times instead
// of a thousand (docs/performance.md). The buffer starts on a huge page
// boundary, and the memory advised is whole huge pages of the allocation;
// the advice is only a hint, so its failure does not matter.
func hugeBuffer(n int) []byte {
	if n < hugePageSize {
		return make([]byte, n)
	}
	whole := (n + hugePageSize - 1) &^ (hugePageSize - 1)
	b := make([]byte, whole+hugePageSize)
	off := int(-uintptr(unsafe.Pointer(unsafe.SliceData(b))) & (hugePageSize - 1))
	b = b[off : off+whole : off+whole]
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
	return b[:n:n]
}
