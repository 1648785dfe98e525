// Package teststoo builds for every GOARCH; its tests build for amd64
// alone.
package teststoo

import "sync/atomic"

// Queue keeps its two counters apart where lines are 64 bytes only.
type Queue struct {
	head atomic.Uint64
	_    [56]byte
	tail atomic.Uint64
}
