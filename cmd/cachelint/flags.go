package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
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
			fmt.Fprintf(stderr, "cachelint: %s (%s lists the flags)\n", flagError(fs, args, err), help)
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

// flagError words what stopped fs.Parse(args) as cachelint words every
// error: the flag first, then the problem. It walks the arguments the
// parse consumed as the flag package does, so that the flag and its value
// come from the arguments and the problem from the value's own Set, not
// from the flag package's message; err is said as it is where the walk
// finds no such flag (a bad flag syntax).
func flagError(fs *flag.FlagSet, args []string, err error) string {
	consumed := args[:len(args)-len(fs.Args())]
	for i := 0; i < len(consumed); i++ {
		last := i == len(consumed)-1
		name, value, hasValue := strings.Cut(strings.TrimPrefix(consumed[i][1:], "-"), "=")
		f := fs.Lookup(name)
		switch {
		case f == nil && last:
			return "-" + name + ": no such flag"
		case f == nil:
			continue
		case isBoolFlag(f.Value):
			if !hasValue {
				value = "true"
			}
		case !hasValue && last:
			return "-" + name + ": needs a value"
		case !hasValue:
			i++
			value = consumed[i]
			last = i == len(consumed)-1
		}
		if last {
			// The parse stopped at this flag's value: Set refused it
			// and, refusing, left the flag as it was.
			if setErr := f.Value.Set(value); setErr != nil {
				return fmt.Sprintf("-%s=%s: %v", name, value, setErr)
			}
		}
	}
	return err.Error()
}

// isBoolFlag reports whether v is a flag that takes no value, as the flag
// package asks.
func isBoolFlag(v flag.Value) bool {
	b, ok := v.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
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
