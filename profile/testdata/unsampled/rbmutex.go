// Package unsampled is theine's RBMutex as far as its readers go: a
// profile that samples only Lock does not see RLock's fast path, which
// reads rslots, rmask and rbias together.
package unsampled

import (
	"sync"
	"sync/atomic"
	"time"
)

type RBMutex struct {
	rslots       []rslot
	rmask        uint32
	rbias        int32
	inhibitUntil time.Time
	rw           sync.RWMutex
}

type rslot struct{ mu int32 }

func (mu *RBMutex) fastRlock() bool {
	if atomic.LoadInt32(&mu.rbias) == 1 {
		s := &mu.rslots[1&mu.rmask]
		return atomic.AddInt32(&s.mu, 1) > 0
	}
	return false
}

func (mu *RBMutex) RLock() {
	if mu.fastRlock() {
		return
	}
	mu.rw.RLock()
	if atomic.LoadInt32(&mu.rbias) == 0 && time.Now().After(mu.inhibitUntil) {
		atomic.StoreInt32(&mu.rbias, 1)
	}
}

func (mu *RBMutex) Lock() {
	mu.rw.Lock()
	if atomic.LoadInt32(&mu.rbias) == 1 {
		atomic.StoreInt32(&mu.rbias, 0)
		mu.inhibitUntil = time.Now()
	}
}
