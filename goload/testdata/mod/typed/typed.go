// Package typed has struct types of every kind of field.
package typed

import (
	"sync"
	"sync/atomic"
)

// Conn is a connection.
type Conn struct {
	mu     sync.Mutex
	sent   atomic.Uint64
	name   string
	peers  map[string]*Conn
	closed bool
}

// Send counts a send.
func (c *Conn) Send() uint64 { return c.sent.Add(1) }
