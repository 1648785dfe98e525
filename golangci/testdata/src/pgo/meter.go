// Command pgo records a stream of readings into a meter on one goroutine
// while another answers queries with the meter's calibration, then
// ingests readings for many streams: a small server with a default.pgo
// beside it, recorded from its own workload (scripts/record-profiles), as
// go build's profile-guided optimization uses one.
//
// Nothing carries an annotation. `cachelint ./examples/pgo` reads
// default.pgo and finds the counters Record writes on the line the
// queries read the calibration from (false sharing between the two
// goroutines), and the three fields Ingest reads of each Stream spread
// over three lines; -fix repairs both. BenchmarkRun and BenchmarkIngest
// measure the layouts (docs/case-studies.md).
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"runtime/pprof"
	"sync"
	"sync/atomic"
	"time"
)

// Meter is one stream's meter: its name, calibration and description,
// set when it is made, and what the readings recorded so far add up to.
type Meter struct {
	name    string
	unit    string
	scale   float64
	offset  float64
	count   uint64 // want `Meter: count and sum are written and share line 0 with scale \(read-mostly\), offset \(read-mostly\) \(64-byte lines\); hot by the profile examples/pgo/default.pgo \(-pgo\): scale read in 68.4% of the samples, by main.Ingest, main.Run.func1, main.\(\*Meter\).Convert; .*`
	sum     float64
	created time.Time
	labels  map[string]string
	desc    string
	id      uint64
}

// NewMeter returns a meter converting raw readings to unit as
// raw*scale + offset.
func NewMeter(name, unit string, scale, offset float64) *Meter {
	return &Meter{name: name, unit: unit, scale: scale, offset: offset, created: time.Now(), labels: map[string]string{}}
}

// Record adds one reading; one goroutine records.
func (m *Meter) Record(raw float64) {
	m.count++
	m.sum += raw
}

// Convert is a raw reading in the meter's unit.
func (m *Meter) Convert(raw float64) float64 {
	return raw*m.scale + m.offset
}

// Run records n readings on one goroutine while another converts raw
// readings until the recording is done, and returns the conversions made
// and the sum of what they gave.
func Run(m *Meter, n int) (queries int, total float64) {
	var done atomic.Bool
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; !done.Load(); i++ {
			total += m.Convert(float64(i & 1023))
			queries++
		}
	}()
	for i := range n {
		m.Record(float64(i & 1023))
	}
	done.Store(true)
	wg.Wait()
	return queries, total
}

// Stream is one input of the service: where its readings come from, and
// the meter they go to.
type Stream struct {
	name    string
	enabled bool // want `Stream: hot fields occupy 3 lines where 1 would do \(64-byte lines\): enabled, meter, shift; hot by the profile examples/pgo/default.pgo \(-pgo\): enabled read in 47.7% of the samples, by main.Ingest; .*`
	source  string
	created time.Time
	desc    string
	meter   *Meter
	labels  map[string]string
	notes   string
	owner   string
	region  string
	shift   uint32
	id      uint64
}

// NewStreams returns n enabled streams into m.
func NewStreams(n int, m *Meter) []*Stream {
	streams := make([]*Stream, n)
	for i := range streams {
		streams[i] = &Stream{name: fmt.Sprint("stream", i), enabled: true, meter: m, shift: uint32(i % 3), id: uint64(i)}
	}
	return streams
}

// Ingest converts one reading for each stream order names, in turn, and
// returns the sum of what they gave.
func Ingest(streams []*Stream, order []int32) float64 {
	var total float64
	for i, k := range order {
		s := streams[k]
		if !s.enabled {
			continue
		}
		total += s.meter.Convert(float64(i&1023) / float64(uint32(1)<<s.shift))
	}
	return total
}

// Order is a pseudo-random order of n indices, as readings of many
// streams arrive: each ingest finds its stream out of cache.
func Order(n, length int) []int32 {
	order := make([]int32, length)
	x := uint32(2463534242)
	for i := range order {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		order[i] = int32(x % uint32(n))
	}
	return order
}

func main() {
	n := flag.Int("n", 200_000_000, "readings to record")
	streams := flag.Int("streams", 1<<17, "streams to ingest readings for")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile to `FILE`")
	flag.Parse()
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			log.Fatal(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			log.Fatal(err)
		}
		defer func() {
			pprof.StopCPUProfile()
			if err := f.Close(); err != nil {
				log.Fatal(err)
			}
		}()
	}
	m := NewMeter("inlet", "C", 0.01, -40)
	start := time.Now()
	queries, total := Run(m, *n)
	elapsed := time.Since(start)
	fmt.Printf("%d readings, %d queries (mean %.3f) in %v: %.2f ns a reading\n",
		*n, queries, total/float64(max(queries, 1)), elapsed.Round(time.Millisecond), float64(elapsed.Nanoseconds())/float64(*n))
	ss := NewStreams(*streams, m)
	order := Order(len(ss), 1<<20)
	start = time.Now()
	sum := 0.0
	for range *n / len(order) / 4 {
		sum += Ingest(ss, order)
	}
	elapsed = time.Since(start)
	fmt.Printf("ingested %d readings of %d streams (sum %.0f) in %v\n", *n/len(order)/4*len(order), len(ss), sum, elapsed.Round(time.Millisecond))
}
