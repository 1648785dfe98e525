package main

import (
	"bytes"
	"flag"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// A refused flag is said as the flag, its value and the problem, however
// the arguments give it: wherever it stands, with = or as the next
// argument, after flags that parsed.
func TestFlagErrors(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-x"}, "cachelint: -x: no such flag (cachelint t -h lists the flags)\n"},
		{[]string{"--x=1"}, "cachelint: -x: no such flag (cachelint t -h lists the flags)\n"},
		{[]string{"f.o", "-q", "-nope"}, "cachelint: -nope: no such flag (cachelint t -h lists the flags)\n"},
		{[]string{"-C"}, "cachelint: -C: needs a value (cachelint t -h lists the flags)\n"},
		{[]string{"-line=63"}, "cachelint: -line=63: line size 63: want a power of two from 8 to 4096 (cachelint t -h lists the flags)\n"},
		{[]string{"-q", "-line", "64,x"}, "cachelint: -line=64,x: \"x\": not a number (cachelint t -h lists the flags)\n"},
		{[]string{"-C", "a", "--n", "y"}, "cachelint: -n=y: parse error (cachelint t -h lists the flags)\n"},
		{[]string{"-q=maybe"}, "cachelint: -q=maybe: parse error (cachelint t -h lists the flags)\n"},
		{[]string{"-=1"}, "cachelint: bad flag syntax: -=1 (cachelint t -h lists the flags)\n"},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.Bool("q", false, "")
		fs.String("C", "", "")
		fs.Int("n", 0, "")
		var lines layout.LineSizes
		fs.Var(&lines, "line", "")
		var stdout, stderr bytes.Buffer
		ok, code := parseFlags(fs, c.args, "", &stdout, &stderr)
		if ok || code != 1 || stderr.String() != c.want {
			t.Errorf("%q: ok %v, exit %d, said %q, want exit 1 and %q", c.args, ok, code, stderr.String(), c.want)
		}
	}
}
