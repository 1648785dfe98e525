// Package goroutines starts goroutines in the ways findManyStarts tells
// apart; the func keywords of those many goroutines run on shared state
// are marked "many".
package goroutines

import (
	"net"
	"sync"
)

type pool struct {
	hits  int64
	limit int64
}

func workers(p *pool, n int, l net.Listener) {
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() { // many
			defer wg.Done()
			p.hits++
		}()
	}
	for i := range n {
		wg.Go(func() { // many
			p.hits += p.limit
		})
		go func() {
			p.hits += int64(i) // its own index
		}()
		go func(k int) {
			p.hits += int64(k)
		}(i)
	}
	for {
		c, err := l.Accept()
		if err != nil {
			break
		}
		go serve(c)
		go func() {
			serve(c)
		}()
	}
	go func() {
		p.limit = 0
	}()
	wg.Wait()
}

func serve(c net.Conn) { c.Close() }
