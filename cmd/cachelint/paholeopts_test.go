package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/internal/pahole"
)

// paholeInputs are the inputs whose pahole 1.24 output for --sizes,
// --nr_members, --hex and -H 2 scripts/pahole-goldens recorded (golden
// name, file); hex and holes2 only where hex is set.
var paholeInputs = []struct {
	golden, file string
	hex          bool
}{
	{"c-bitfields.o", "c/bitfields.o", true},
	{"c-bitfields-dwarf4.o", "c/bitfields-dwarf4.o", true},
	{"c-packed.o", "c/packed.o", true},
	{"c-queues.o", "c/queues.o", true},
	{"c-queues-dwarf4.o", "c/queues-dwarf4.o", true},
	{"c-types.o", "c/types.o", true},
	{"c-types-gz.o", "c/types-gz.o", true},
	{"c-fixture", "c/fixture", true},
	{"dummy.ko.debug", "kernel/linux-6.1/dummy.ko.debug", true},
	{"veth.ko.debug", "kernel/linux-6.1/veth.ko.debug", false},
	{"vmlinux-6.18.btf", "kernel/linux-6.18/vmlinux.btf.gz", false},
}

// paholeAtomic are the structs with _Atomic members, which pahole 1.24
// cannot print: it counts a hole where there is none (testdata/pahole/README.md).
var paholeAtomic = map[string]bool{"split_lock": true, "split_lock_int": true, "counters": true}

func golden(t *testing.T, name string) string {
	t.Helper()
	path := td("pahole/" + name)
	if matches, _ := filepath.Glob(path + ".gz"); len(matches) > 0 {
		path += ".gz"
	}
	lines, err := pahole.GoldenLines(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(lines, "\n") + "\n"
}

// TestPaholeSizes compares --sizes and --nr_members (and -n) with pahole's
// output, line for line, on every input.
func TestPaholeSizes(t *testing.T) {
	for _, in := range paholeInputs {
		for _, c := range []struct{ flag, suffix string }{
			{"--sizes", "sizes"}, {"--nr_members", "nr_members"}, {"-n", "nr_members"},
		} {
			out, errs, code := runCmd(t, td(in.file), c.flag)
			if code != 0 {
				t.Fatalf("%s %s: exit %d, stderr:\n%s", in.file, c.flag, code, errs)
			}
			got, want := strings.Split(out, "\n"), strings.Split(golden(t, in.golden+"."+c.suffix), "\n")
			if len(got) != len(want) {
				t.Errorf("%s %s: %d lines, pahole %d", in.file, c.flag, len(got), len(want))
				continue
			}
			for i := range got {
				if got[i] != want[i] && !paholeAtomic[strings.Split(want[i], "\t")[0]] {
					t.Errorf("%s %s line %d: %q, pahole %q", in.file, c.flag, i+1, got[i], want[i])
				}
			}
		}
	}
}

var blockStart = regexp.MustCompile(`^(struct|union) (.*) \{$`)

// blocks splits pahole-style text into its top-level struct and union
// texts, leaving out what follows a closing brace (cachelint's findings).
func blocks(text string) (names, texts []string) {
	var cur strings.Builder
	in := false
	for l := range strings.SplitSeq(text, "\n") {
		if m := blockStart.FindStringSubmatch(l); !in && m != nil {
			in = true
			names = append(names, m[2])
			cur.Reset()
		}
		if in {
			cur.WriteString(l + "\n")
			if strings.HasPrefix(l, "}") {
				texts = append(texts, cur.String())
				in = false
			}
		}
	}
	return names, texts
}

// TestPaholeHex checks --hex against pahole --hex: every struct cachelint
// prints as pahole does in decimal, it prints as pahole does in hex.
func TestPaholeHex(t *testing.T) {
	for _, in := range paholeInputs {
		if !in.hex {
			continue
		}
		dec, _, _ := runCmd(t, td(in.file))
		hex, _, _ := runCmd(t, td(in.file), "--hex")
		_, ourDec := blocks(dec)
		_, ourHex := blocks(hex)
		_, paDec := blocks(golden(t, in.golden+".golden"))
		_, paHex := blocks(golden(t, in.golden+".hex"))
		if len(ourDec) != len(paDec) || len(ourHex) != len(paHex) || len(ourDec) != len(ourHex) {
			t.Fatalf("%s: %d, %d structs; pahole %d, %d", in.file, len(ourDec), len(ourHex), len(paDec), len(paHex))
		}
		same := 0
		for i := range ourDec {
			if ourDec[i] != paDec[i] {
				continue
			}
			same++
			if ourHex[i] != paHex[i] {
				t.Errorf("%s: --hex\n%s\npahole --hex\n%s", in.file, ourHex[i], paHex[i])
			}
		}
		if same == 0 || strings.HasPrefix(in.golden, "c-") && same < len(paDec)-3 {
			t.Errorf("%s: %d of %d structs as pahole prints them", in.file, same, len(paDec))
		}
	}
}

// TestPaholeHoles checks -H 2 and --holes=2 against pahole -H 2: the same
// structs, in the same order.
func TestPaholeHoles(t *testing.T) {
	for _, in := range paholeInputs {
		if !in.hex {
			continue
		}
		want, _ := blocks(golden(t, in.golden+".holes2"))
		for _, args := range [][]string{{"-H", "2"}, {"--holes=2"}} {
			out, errs, _ := runCmd(t, append([]string{td(in.file)}, args...)...)
			got, _ := blocks(out)
			var keep []string
			for _, n := range want {
				if !paholeAtomic[n] {
					keep = append(keep, n)
				}
			}
			if g := strings.Join(got, " "); g != strings.Join(keep, " ") {
				t.Errorf("%s %v: %s\npahole: %s\nstderr: %s", in.file, args, g, strings.Join(want, " "), errs)
			}
		}
	}
}
