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
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/cachelint/cachelint/analyzer"
	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/report"
)

// command is a subcommand: cachelint NAME ARGS.
type command struct {
	name, args, summary string
	run                 func(args []string, stdout, stderr io.Writer) int
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
	if len(args) > 0 {
		for _, c := range commands {
			if args[0] == c.name {
				os.Exit(c.run(args[1:], os.Stdout, os.Stderr))
			}
		}
		switch args[0] {
		case "-h", "-help", "--help":
			os.Exit(runHelp(nil, os.Stdout, os.Stderr))
		case "-V", "--version":
			os.Exit(runVersion(nil, os.Stdout, os.Stderr))
		}
	}
	if vetMode(args) {
		// go vet's protocol, with flags named -cachelint.FLAG.
		unitchecker.Main(analyzer.Analyzer)
	}
	os.Exit(runPackages(args, os.Stdout, os.Stderr))
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

func runLayoutCommand(args []string, stdout, stderr io.Writer) int {
	// Reading a binary allocates in bursts that die young (a unit's
	// types): collecting at 5x the live heap rather than 2x saves CPU
	// for a little memory (docs/performance.md has the figures).
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	return runLayout(args, stdout, stderr)
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
func runHelp(args []string, stdout, stderr io.Writer) int {
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
func runVersion(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "cachelint: version takes no arguments\n")
		return 1
	}
	fmt.Fprintln(stdout, version())
	return 0
}

// sarifOptions are the options of a SARIF log with URIs relative to
// srcroot.
func sarifOptions(srcroot string) (report.SARIFOptions, error) {
	root, err := filepath.Abs(srcroot)
	if err == nil {
		var fi os.FileInfo
		if fi, err = os.Stat(root); err == nil && !fi.IsDir() {
			err = errors.New("not a directory")
		}
	}
	if err != nil {
		return report.SARIFOptions{}, fmt.Errorf("-srcroot=%s: %v", srcroot, unwrapPath(err))
	}
	return report.SARIFOptions{ToolVersion: moduleVersion(), SrcRoot: root}, nil
}

// unwrapPath drops the path and operation from an os error, which a message
// names already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// moduleVersion is the main module's version, with the commit when the
// build recorded one.
func moduleVersion() string {
	v := "(unknown)"
	bi, ok := debug.ReadBuildInfo()
	if ok {
		v = bi.Main.Version
		var rev, modified string
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				if s.Value == "true" {
					modified = "+modified"
				}
			}
		}
		if rev != "" && !strings.Contains(v, rev[:min(12, len(rev))]) {
			v += " " + rev[:min(12, len(rev))] + modified
		}
	}
	return v
}

func version() string {
	return fmt.Sprintf("cachelint %s %s %s/%s", moduleVersion(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
