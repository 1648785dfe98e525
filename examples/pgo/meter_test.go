package main

import "testing"

// BenchmarkRun records b.N readings while a second goroutine converts: ns/op
// is the time of one reading with the queries running beside it.
func BenchmarkRun(b *testing.B) {
	m := NewMeter("inlet", "C", 0.01, -40)
	b.ResetTimer()
	Run(m, b.N)
}
