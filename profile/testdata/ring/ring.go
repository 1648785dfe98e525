// Package ring is a byte ring under one lock, reduced from pion/transport's
// packetio.Buffer: head and tail, declared together, are touched only with
// mu held, so one //cachelint:hot comment marks both guarded by mu.
package ring

import "sync"

// Ring is a circular buffer; head == tail means empty.
type Ring struct {
	mu         sync.Mutex
	data       []byte
	head, tail int
	notify     chan struct{}
}

// New returns a ring of n bytes.
func New(n int) *Ring {
	return &Ring{data: make([]byte, n), notify: make(chan struct{}, 1)}
}

// Write appends b, reporting false when the ring is full.
func (r *Ring) Write(b byte) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	next := r.tail + 1
	if next == len(r.data) {
		next = 0
	}
	if next == r.head {
		return false
	}
	r.data[r.tail] = b
	r.tail = next
	select {
	case r.notify <- struct{}{}:
	default:
	}
	return true
}

// Read takes the oldest byte, reporting false when the ring is empty.
func (r *Ring) Read() (byte, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.head == r.tail {
		return 0, false
	}
	b := r.data[r.head]
	r.head++
	if r.head == len(r.data) {
		r.head = 0
	}
	return b, true
}

// Run writes and reads rounds bytes.
func Run(rounds int) (sum int) {
	r := New(64)
	for i := range rounds {
		r.Write(byte(i))
		if b, ok := r.Read(); ok {
			sum += int(b)
		}
	}
	return sum
}
