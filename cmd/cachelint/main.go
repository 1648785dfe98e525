// Command cachelint reports struct layouts that cost cache misses.
//
//	cachelint [-line=64,128] [-fix] [-json] PACKAGES   check Go packages
//	go vet -vettool=$(which cachelint) PACKAGES       the same, under go vet
//	cachelint layout [flags] FILE...                  layouts in ELF (DWARF) or BTF files
//	cachelint profile [flags] PROFILE... PACKAGES     hot fields from CPU profiles
//	cachelint diff [flags] OLD NEW                    what changed between two builds
//	cachelint help [CHECK]                            commands, annotations and checks
//	cachelint version                                 the module version
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/cachelint/cachelint/analyzer"
	"github.com/cachelint/cachelint/golayout"
	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/report"
)

// command is a subcommand: cachelint NAME ARGS.
type command struct {
	name, args, summary string
	run                 func(args []string, e env) int
}

// commands are the subcommands, as help lists them (set in init: help
// reads them).
var commands []command

func init() {
	commands = []command{
		{"layout", "[flags] FILE...", "struct layouts in ELF files with DWARF, or in BTF, with the checks", runLayoutCommand},
		{"profile", "[flags] PROFILE... PACKAGES", "hot fields from pprof CPU profiles: a report, -annotate, or a hot file (-o)", runProfile},
		{"diff", "[flags] OLD NEW", "what changed in the structs between two builds; a CI gate with -fail-on", runDiffCommand},
		{"help", "[CHECK]", "this text, the annotations and the checks; or one check in full", runHelp},
		{"version", "", "the module version cachelint was built from (also -V)", runVersion},
	}
}

func main() {
	args := os.Args[1:]
	dir, _ := os.Getwd()
	e := env{Dir: dir, Stdout: os.Stdout, Stderr: os.Stderr}
	if len(args) > 0 {
		for _, c := range commands {
			if args[0] == c.name {
				os.Exit(c.run(args[1:], e))
			}
		}
		switch args[0] {
		case "-h", "-help", "--help":
			os.Exit(runHelp(nil, e))
		case "-V", "--version":
			os.Exit(runVersion(nil, e))
		}
	}
	if vetMode(args) {
		// go vet's protocol, with flags named -cachelint.FLAG.
		if err := checkVetFlags(args); err != nil {
			os.Exit(vetFlagError(args, err, e.Stderr))
		}
		unitchecker.Main(analyzer.Analyzer)
	}
	os.Exit(runPackages(args, e))
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

// checkVetFlags checks the values of the -cachelint.FLAG arguments go vet
// passes on, and that the hot file they name reads, before unitchecker
// parses them: it would print the error and its usage for every package.
func checkVetFlags(args []string) error {
	flags := flag.NewFlagSet("cachelint", flag.ContinueOnError)
	var c analyzer.Config
	c.RegisterFlags(flags)
	for i := 0; i < len(args); i++ {
		if !strings.HasPrefix(args[i], "-") {
			continue
		}
		name, ok := strings.CutPrefix(strings.TrimLeft(args[i], "-"), "cachelint.")
		if !ok {
			continue
		}
		name, value, hasValue := strings.Cut(name, "=")
		if !hasValue && i+1 < len(args) {
			i++
			value = args[i]
		}
		if err := flags.Set(name, value); err != nil {
			return fmt.Errorf("-cachelint.%s=%s: %v (cachelint help lists the flags)", name, value, err)
		}
	}
	if c.HotFile != "" {
		if _, err := golayout.LoadHotFile(c.HotFile); err != nil {
			return fmt.Errorf("-cachelint.hotfile: %w", err)
		}
	}
	return nil
}

// vetFlagError says err once for a whole go vet run and returns the exit
// status of this run, of one package. go vet runs the tool once per
// package, for its dependencies too, each with its action's directory
// ($WORK/bNNN) holding the .cfg file: the first run of a package go vet
// reports on says err and fails; the others, with the same flags, say
// nothing and leave no output, which go vet then neither caches nor
// reads. Elsewhere (no $WORK/bNNN), each run says it.
func vetFlagError(args []string, err error, stderr io.Writer) int {
	cfgPath := args[len(args)-1]
	var cfg struct{ VetxOnly bool }
	if data, rerr := os.ReadFile(cfgPath); rerr == nil && json.Unmarshal(data, &cfg) == nil && cfg.VetxOnly {
		return 0 // a dependency: nothing is reported on it
	}
	if action := filepath.Dir(cfgPath); actionDir.MatchString(filepath.Base(action)) {
		marker := filepath.Join(filepath.Dir(action), "cachelint-flag-error")
		f, ferr := os.OpenFile(marker, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if ferr != nil && errors.Is(ferr, fs.ErrExist) {
			return 0
		}
		if ferr == nil {
			f.Close()
		}
	}
	fmt.Fprintf(stderr, "cachelint: %v\n", err)
	return 1
}

// actionDir is the name of go build's directory for one action in $WORK.
var actionDir = regexp.MustCompile(`^b[0-9]+$`)

func runLayoutCommand(args []string, e env) int {
	// Reading a binary allocates in bursts that die young (a unit's
	// types): collecting at 5x the live heap rather than 2x saves CPU
	// for a little memory (docs/performance.md has the figures).
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	return runLayout(args, e)
}

// usage is the head of `cachelint help`; the commands follow.
const usage = `cachelint reports struct layouts that cost cache misses.

usage:
  cachelint [flags] PACKAGES            check Go packages (flags below)
  go vet -vettool=$(which cachelint) [-cachelint.line N[,N]] PACKAGES
                                        the same, under go vet
`

// exitStatus is the rule every command follows, as help and README.md
// state it.
const exitStatus = `Exit status, for every command and format (text, JSON, SARIF, SVG, a diff):
  0  nothing found
  3  findings: what the checks report (after -fix, what no fix removed;
     with -fix -diff and layout -reorg -patch, what the diff would fix);
     for diff, a change that makes a -fail-on kind worse
  1  errors: bad flags or arguments, input that cannot be read, output
     that cannot be written, a fix or patch that cannot be made
Warnings and notes on stderr leave it as it is. Where x/tools and go vet
set the status, theirs holds:
  go vet -vettool=...   1 for findings and for errors (go vet's)
  -json                 0 whatever it finds: the JSON says (x/tools' drivers)
`

// runHelp is "cachelint help [CHECK]" and "cachelint -h".
func runHelp(args []string, e env) int {
	stdout, stderr := e.Stdout, e.Stderr
	if len(args) > 0 {
		r, ok := layout.RuleOf(args[0])
		if !ok || len(args) > 1 {
			var names []string
			for _, r := range layout.Rules {
				names = append(names, r.Name)
			}
			fmt.Fprintf(stderr, "cachelint: help %s: no such check; the checks are %s\n", strings.Join(args, " "), strings.Join(names, ", "))
			return 1
		}
		if err := report.RuleText(stdout, r); err != nil {
			return 1
		}
		return 0
	}
	fmt.Fprint(stdout, usage)
	for _, c := range commands {
		synopsis := strings.TrimSpace(c.name + " " + c.args)
		fmt.Fprintf(stdout, "  cachelint %-27s %s\n", synopsis, c.summary)
	}
	fmt.Fprintf(stdout, "\n%s", exitStatus)
	fmt.Fprintf(stdout, "\n`cachelint COMMAND -h` lists the flags of a command. The flags for PACKAGES:\n")
	fs, _ := packagesFlags()
	fs.SetOutput(stdout)
	fs.PrintDefaults()
	fmt.Fprintf(stdout, "\n%s\n", analyzer.Analyzer.Doc)
	return 0
}

// runVersion is "cachelint version" and "cachelint -V": the main module's
// version as the build recorded it ("(devel)" for a build in a clone, with
// the commit when the build saw one), the Go version and the platform.
func runVersion(args []string, e env) int {
	if len(args) > 0 {
		fmt.Fprintf(e.Stderr, "cachelint: version takes no arguments\n")
		return 1
	}
	fmt.Fprintln(e.Stdout, version())
	return 0
}

func version() string {
	return fmt.Sprintf("cachelint %s %s %s/%s", moduleVersion(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
