package goroutines

import (
	"sync"
	"testing"
)

// conc runs n workers on one pool, from the benchmarks that call it.
func conc(p *pool, n int) {
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() { p.hits++ })
	}
	wg.Wait()
}

func BenchmarkA(b *testing.B) { conc(&pool{}, b.N) }

func BenchmarkB(b *testing.B) {
	p := &pool{}
	for b.Loop() {
		conc(p, 2)
	}
}

func BenchmarkC(b *testing.B) {
	p := &pool{}
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			p.limit++
		}
	})
}

// fixture is a benchmark's: only test binaries hold one.
type fixture struct{ n int }

func BenchmarkD(b *testing.B) {
	f := &fixture{}
	for b.Loop() {
		f.n++
	}
}
