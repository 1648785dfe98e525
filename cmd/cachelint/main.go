// Command cachelint reports struct layouts that cost cache misses.
//
//	cachelint [-line=64,128] [-fix] [-json] PACKAGES   check Go packages
//	go vet -vettool=$(which cachelint) PACKAGES       the same, under go vet
//	cachelint help                                    annotations and checks
package main

import (
	"fmt"
	"os"
	"runtime/debug"
	"strings"

	"golang.org/x/tools/go/analysis/singlechecker"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/cachelint/cachelint/analyzer"
)

func main() {
	args := os.Args[1:]
	switch {
	case len(args) > 0 && args[0] == "layout":
		// Reading a binary allocates in bursts that die young (a unit's
		// types). Collecting at 5x the live heap rather than 2x halves
		// the collections: a whole vmlinux takes 10% less CPU for 50 MB
		// more memory.
		if os.Getenv("GOGC") == "" {
			debug.SetGCPercent(400)
		}
		os.Exit(runLayout(args[1:], os.Stdout, os.Stderr))
	case len(args) > 0 && args[0] == "help":
		fmt.Println(analyzer.Analyzer.Doc)
		return
	case vetMode(args):
		// go vet's protocol, with flags named -cachelint.FLAG.
		unitchecker.Main(analyzer.Analyzer)
	}
	singlechecker.Main(analyzer.Analyzer)
}

// vetMode reports whether go vet is running the tool: it asks for the
// version and flags first, then passes one .cfg file per package.
func vetMode(args []string) bool {
	for _, a := range args {
		if a == "-flags" || strings.HasPrefix(a, "-V=") {
			return true
		}
	}
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg")
}
