package main

import "testing"

// BenchmarkRun records b.N readings while a second goroutine converts: ns/op
// is the time of one reading with the queries running beside it.
func BenchmarkRun(b *testing.B) {
	m := NewMeter("inlet", "C", 0.01, -40)
	b.ResetTimer()
	Run(m, b.N)
}

// BenchmarkIngest ingests b.N readings for streams in a random order:
// ns/op is one reading, its stream out of cache.
func BenchmarkIngest(b *testing.B) {
	streams := NewStreams(1<<17, NewMeter("inlet", "C", 0.01, -40))
	order := Order(len(streams), max(b.N, 1))
	b.ResetTimer()
	Ingest(streams, order)
}
