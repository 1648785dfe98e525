// Command workload runs the ring package under runtime/pprof and writes
// the CPU profile to the file its argument names.
package main

import (
	"log"
	"os"
	"runtime/pprof"
	"strconv"

	"github.com/cachelint/cachelint/profile/testdata/ring"
)

func main() {
	if len(os.Args) != 3 {
		log.Fatal("usage: workload ROUNDS PROFILE")
	}
	rounds, err := strconv.Atoi(os.Args[1])
	if err != nil {
		log.Fatal(err)
	}
	f, err := os.Create(os.Args[2])
	if err != nil {
		log.Fatal(err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		log.Fatal(err)
	}
	ring.Run(rounds)
	pprof.StopCPUProfile()
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}
