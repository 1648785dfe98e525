// Package setup has accesses that set up an object no other goroutine
// sees yet, each on a line marked "set-up", and accesses that do not.
package setup

import "sync"

type payload struct {
	mu   sync.Mutex
	buf  []byte
	opts struct{ size int }
	next *payload
}

type Conn struct {
	p    *payload
	name string
}

func NewConn(shared *payload) Conn {
	c := Conn{p: &payload{}, name: "c"}
	c.p.buf = make([]byte, 8)     // set-up
	c.p.opts.size = 8             // set-up
	c.p.next = shared             // set-up
	c.p.next.buf = nil            // set-up: c.p.next; not next.buf, an object it did not allocate
	go func() { c.p.buf = nil }() // once the literal has it
	c.p.buf = nil
	return c
}

func newPayload(n int) *payload {
	p := new(payload)
	p.buf = make([]byte, n) // set-up
	for range n {
		p.opts.size++ // again and again: not its set-up
	}
	register(p)
	p.buf = nil // published
	return p
}

func value(shared *payload) Conn {
	c := Conn{p: shared}
	c.p.buf = nil // c.p is not its own
	return c
}

var registered []*payload

func register(p *payload) { registered = append(registered, p) }
