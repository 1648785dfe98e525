// Command pgo records a stream of readings into a meter on one goroutine
// while another answers queries with the meter's calibration: a small
// server with a default.pgo beside it, recorded from its own workload
// (scripts/record-profiles), as go build's profile-guided optimization
// uses one.
//
// Meter carries no annotation. `cachelint ./examples/pgo` reads
// default.pgo, finds the counters Record writes on the line the queries
// read the calibration from (false sharing between the two goroutines),
// and -fix moves them apart; BenchmarkRun measures both layouts
// (docs/case-studies.md).
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
	count   uint64 // want `Meter: count and sum are written and share line 0 with scale \(read-mostly\), offset \(read-mostly\) \(64-byte lines\); hot by the profile examples/pgo/default.pgo \(-pgo\): scale read in 53.8% of the samples, by main.Run.func1, main.\(\*Meter\).Convert; .*`
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

func main() {
	n := flag.Int("n", 200_000_000, "readings to record")
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
	fmt.Printf("%d readings, %d queries (mean %.3f %s) in %v: %.2f ns a reading\n",
		m.count, queries, total/float64(max(queries, 1)), m.unit, elapsed.Round(time.Millisecond), float64(elapsed.Nanoseconds())/float64(*n))
}
