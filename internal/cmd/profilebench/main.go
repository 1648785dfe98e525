// Command profilebench measures cachelint profile's mapping on a large
// profile: it profiles go/types checking the go/... packages at a high
// sampling rate (unless -profile names one), then loads the packages the
// samples are in and times loading and mapping apart.
//
//	go run ./internal/cmd/profilebench [-rate 2000] [-seconds 60] [-profile FILE] [-keep FILE] [-labels N]
//
// -labels N maps, instead, the profile with every sample repeated under N
// distinct values of a request label, as a service that labels its work
// by request gets many samples per stack: the size of a large service's
// profile from the stacks of this one. The labelled profile is written
// next to the profile, and reused by later runs.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	pprofile "github.com/google/pprof/profile"
	"golang.org/x/tools/go/packages"

	"github.com/cachelint/cachelint/profile"
)

// patterns are the packages the workload type-checks and the profile is
// mapped onto: the type checker's work is in them.
var patterns = []string{"go/..."}

func main() {
	rate := flag.Int("rate", 2000, "samples per second while profiling")
	seconds := flag.Float64("seconds", 60, "how long to profile the workload")
	prof := flag.String("profile", "", "map this profile instead of making one")
	keep := flag.String("keep", "", "write the profile made to this file")
	labels := flag.Int("labels", 0, "map the profile with each sample repeated under this many request labels")
	flag.Parse()
	log.SetFlags(0)

	if *prof == "" {
		*prof = *keep
		if *prof == "" {
			dir, err := os.MkdirTemp("", "profilebench")
			if err != nil {
				log.Fatal(err)
			}
			defer os.RemoveAll(dir)
			*prof = filepath.Join(dir, "cpu.pprof")
		}
		if err := record(*prof, *rate, time.Duration(*seconds*float64(time.Second))); err != nil {
			log.Fatal(err)
		}
	}
	if *labels > 0 {
		big := strings.TrimSuffix(*prof, ".pprof") + fmt.Sprintf("-labels%d.pprof", *labels)
		if !newer(big, *prof) {
			if err := relabel(*prof, big, *labels); err != nil {
				log.Fatal(err)
			}
			// The relabelled profile's memory is not the mapping's.
			debug.FreeOSMemory()
		}
		*prof = big
	}
	st, err := os.Stat(*prof)
	if err != nil {
		log.Fatal(err)
	}

	start, cpu0 := time.Now(), cpuTime()
	p, err := profile.Load("", patterns...)
	if err != nil {
		log.Fatal(err)
	}
	loadWall, loadCPU := time.Since(start), cpuTime()-cpu0

	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	loadHeap := ms.HeapInuse
	stop := samplePeak()
	start, cpu0 = time.Now(), cpuTime()
	r, err := p.Map([]profile.Input{{File: *prof}})
	if err != nil {
		log.Fatal(err)
	}
	mapWall, mapCPU := time.Since(start), cpuTime()-cpu0
	mapHeap := stop()
	runtime.ReadMemStats(&ms)
	s := r.Profiles[0]
	fmt.Printf("profile: %s, %.1f MB, %d samples, %d in the packages loaded, %d touching fields, %d struct types\n",
		*prof, float64(st.Size())/1e6, s.Samples, s.Matched, s.Mapped, len(r.Structs))
	fmt.Printf("load go/... with types: %.2f s wall, %.2f s CPU\n", loadWall.Seconds(), loadCPU.Seconds())
	fmt.Printf("map: %.2f s wall, %.2f s CPU\n", mapWall.Seconds(), mapCPU.Seconds())
	fmt.Printf("heap in use: %d MiB after load, at most %d MiB while mapping\n", loadHeap>>20, mapHeap>>20)
	fmt.Printf("peak heap: %d MiB\n", ms.HeapSys>>20)
}

// samplePeak samples the heap in use every few milliseconds until the
// function it returns is called, which returns the most it saw: the
// mapping's peak, garbage not yet collected included.
func samplePeak() func() uint64 {
	done := make(chan struct{})
	peak := make(chan uint64)
	go func() {
		var most uint64
		var ms runtime.MemStats
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			runtime.ReadMemStats(&ms)
			most = max(most, ms.HeapInuse)
			select {
			case <-done:
				peak <- most
				return
			case <-tick.C:
			}
		}
	}()
	return func() uint64 {
		close(done)
		return <-peak
	}
}

// record profiles go/types checking the go/... packages for d at rate
// samples per second.
func record(name string, rate int, d time.Duration) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	defer f.Close()
	// SetCPUProfileRate before StartCPUProfile sets the rate; the runtime
	// then warns that it cannot set it again.
	runtime.SetCPUProfileRate(rate)
	if err := pprof.StartCPUProfile(f); err != nil {
		return err
	}
	for start := time.Now(); time.Since(start) < d; {
		cfg := &packages.Config{Mode: packages.LoadAllSyntax}
		if _, err := packages.Load(cfg, "go/..."); err != nil {
			return err
		}
	}
	pprof.StopCPUProfile()
	return f.Close()
}

// newer reports whether file a exists and is newer than b: a labelled
// profile written by an earlier run, reused.
func newer(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && sa.ModTime().After(sb.ModTime())
}

// relabel writes the profile in from to to, with each sample repeated n
// times, the copies told apart by a request label.
func relabel(from, to string, n int) error {
	f, err := os.Open(from)
	if err != nil {
		return err
	}
	defer f.Close()
	p, err := pprofile.Parse(f)
	if err != nil {
		return err
	}
	samples := make([]*pprofile.Sample, 0, len(p.Sample)*n)
	for i := range n {
		req := fmt.Sprintf("req-%08d", i)
		for _, s := range p.Sample {
			c := *s
			c.Label = map[string][]string{"request": {req}}
			samples = append(samples, &c)
		}
	}
	p.Sample = samples
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if err := p.Write(out); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
