package limiter

import "testing"

// BenchmarkTake takes from goroutines on every core, as a server's
// handlers would; the rate never makes them sleep.
func BenchmarkTake(b *testing.B) {
	l := New(1 << 30)
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			l.Take()
		}
	})
}
