package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
)

// parseFlags parses the flags of a subcommand wherever they stand among
// its arguments, as pahole takes them (`cachelint layout FILE -C NAME`);
// arguments after "--" are never flags. -h prints usage and the flags to
// stdout. A bad flag is one line on stderr that names the flag and the
// problem. ok is false when the command is done, with exit status code.
func parseFlags(fs *flag.FlagSet, args []string, usage string, stdout, stderr io.Writer) (ok bool, code int) {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	var operands []string
	for {
		err := fs.Parse(args)
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return false, 0
		}
		if err != nil {
			help := "cachelint " + fs.Name() + " -h"
			if fs.Name() == "cachelint" {
				help = "cachelint -h"
			}
			fmt.Fprintf(stderr, "cachelint: %s (%s lists the flags)\n", flagError(err), help)
			return false, 1
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if ended := len(args) > len(rest) && args[len(args)-len(rest)-1] == "--"; ended {
			operands = append(operands, rest...)
			break
		}
		operands = append(operands, rest[0])
		args = rest[1:]
	}
	// Leave the operands as fs.Args(): "--" ends the flags, so parsing it
	// and them sets no flag.
	fs.Parse(append([]string{"--"}, operands...))
	return true, 0
}

var (
	undefinedFlag = regexp.MustCompile(`^flag provided but not defined: (-+\S+)$`)
	noFlagValue   = regexp.MustCompile(`^flag needs an argument: (-+\S+)$`)
	badFlagValue  = regexp.MustCompile(`^invalid (?:boolean )?value (".*") for (?:flag )?(-+\S+): (.*)$`)
)

// flagError words the flag package's errors as cachelint words every
// error: what it is about first, then the problem.
func flagError(err error) string {
	msg := err.Error()
	if m := undefinedFlag.FindStringSubmatch(msg); m != nil {
		return m[1] + ": no such flag"
	}
	if m := noFlagValue.FindStringSubmatch(msg); m != nil {
		return m[1] + ": needs a value"
	}
	if m := badFlagValue.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("%s=%s: %s", m[2], m[1][1:len(m[1])-1], m[3])
	}
	return msg
}

// splitNames splits -C's comma-separated struct names, but not at the
// commas inside brackets: of a C++ template's arguments ("Two<int,
// char>,Box<int>" names two classes), a Go generic instance's
// ("main.Gen[int8,string]"), a func or struct type's in them.
func splitNames(names string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(names); i++ {
		switch names[i] {
		case '<', '[', '(', '{':
			depth++
		case '>', ']', ')', '}':
			depth = max(depth-1, 0)
		case ',':
			if depth == 0 {
				out = append(out, names[start:i])
				start = i + 1
			}
		}
	}
	return append(out, names[start:])
}
