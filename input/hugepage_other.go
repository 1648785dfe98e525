//go:build !linux

package input

// hugeBuffer returns n bytes: huge pages are asked for only on Linux.
func hugeBuffer(n int) []byte { return make([]byte, n) }

// hugePageSize only sizes the tests here.
const hugePageSize = 2 << 20
