// Command workload runs the shared package under runtime/pprof and writes
// the CPU profile to the file its argument names.
package main

import (
	"log"
	"os"
	"runtime/pprof"
	"strconv"

	"github.com/cachelint/cachelint/profile/testdata/shared"
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
	shared.Run(rounds)
	pprof.StopCPUProfile()
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}
