package main

import (
	"encoding/json"
	"fmt"
	"io"
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
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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

// expandInputs are the inputs whose pahole -E output scripts/pahole-goldens
// recorded (golden name, file).
var expandInputs = []struct{ golden, file string }{
	{"c-bitfields.o", "c/bitfields.o"},
	{"c-bitfields-dwarf4.o", "c/bitfields-dwarf4.o"},
	{"c-deep.o", "c/deep.o"},
	{"c-packed.o", "c/packed.o"},
	{"c-pahole61.o", "c/pahole61.o"},
	{"c-queues.o", "c/queues.o"},
	{"c-queues-dwarf4.o", "c/queues-dwarf4.o"},
	{"c-tcp_sock61.o", "c/tcp_sock61.o"},
	{"c-types.o", "c/types.o"},
	{"c-types-gz.o", "c/types-gz.o"},
	{"c-fixture", "c/fixture"},
	{"dummy.ko.debug", "kernel/linux-6.1/dummy.ko.debug"},
	{"veth.ko.debug", "kernel/linux-6.1/veth.ko.debug"},
	{"vmlinux-6.18.btf", "kernel/linux-6.18/vmlinux.btf.gz"},
	{"gobin", "gobin/gobin"},
}

// memberNotes and hotLinesNotes are cachelint's comments on hot members
// and groups, and its hot lines summary, which pahole does not print: two
// expressions, since one that starts with a literal is searched for
// faster, which the 6.18 BTF's text needs.
var (
	memberNotes   = regexp.MustCompile(`(?m) /\* (hot|group): [^/]*\*/$`)
	hotLinesNotes = regexp.MustCompile(`(?m)^\t/\* hot lines: .*\*/\n`)
)

// withoutNotes is text without cachelint's notes.
func withoutNotes(text string) string {
	return hotLinesNotes.ReplaceAllString(memberNotes.ReplaceAllString(text, ""), "")
}

// innerHeader is the first line of a struct or union that pahole -E
// prints inside another.
var innerHeader = regexp.MustCompile(`(?m)^\t+(?:/\* typedef .* \*/ )?(?:const )*((?:struct|union) .+) \{$`)

// expandByDesign says why cachelint's -E output of a struct may differ
// from pahole's, pahole's and cachelint's texts of it given, or "".
func expandByDesign(got, want string) string {
	switch {
	case strings.Contains(want, " */ /* typedef "):
		return "pahole prints a second typedef comment for the element of a typedef of an array"
	case strings.ReplaceAll(want, packed, "") == strings.ReplaceAll(got, packed, ""):
		// pahole's union__infer_packed_attributes marks a struct
		// packed for good once it has printed it in a union whose size
		// the struct's does not divide: which depends on what it
		// printed before.
		return "pahole marks a struct packed after printing it in a union"
	}
	return ""
}

const packed = " __attribute__((__packed__))"

// TestPaholeExpand compares -E and --expand_types with pahole -E, struct by
// struct, on every input. A struct may differ only where pahole's plain
// output of it, or of a struct it expands, differs from cachelint's
// (cachelint's notes aside): those differences are not -E's (the _Atomic
// members and Go func types pahole misreads, testdata/pahole/README.md),
// and are counted by the plain goldens' tests; or for a reason
// expandByDesign gives. For the C fixtures without a plain golden, every
// struct must agree but for those reasons.
func TestPaholeExpand(t *testing.T) {
	t.Parallel()
	for i, in := range expandInputs {
		t.Run(in.file, func(t *testing.T) {
			t.Parallel()
			flag := "-E"
			if i%2 == 1 {
				flag = "--expand_types"
			}
			out, errs, code := runCmd(t, td(in.file), flag)
			if code != 0 && code != 3 {
				t.Fatalf("%s %s: exit %d, stderr:\n%s", in.file, flag, code, errs)
			}
			_, ours := blocks(withoutNotes(out))
			names, want := blocks(golden(t, in.golden+".expand"))
			if len(ours) != len(want) {
				t.Fatalf("%s %s: %d structs, pahole %d", in.file, flag, len(ours), len(want))
			}
			plainDiffers := map[string]bool{}
			if matches, _ := filepath.Glob(td("pahole/" + in.golden + ".golden*")); len(matches) > 0 {
				plain, _, _ := runCmd(t, td(in.file))
				_, ourPlain := blocks(withoutNotes(plain))
				paNames, paPlain := blocks(golden(t, in.golden+".golden"))
				if len(ourPlain) != len(paPlain) {
					t.Fatalf("%s: %d structs, pahole %d", in.file, len(ourPlain), len(paPlain))
				}
				for j := range paPlain {
					if ourPlain[j] != paPlain[j] {
						plainDiffers[paNames[j]] = true
					}
				}
			}
			same, plain := 0, 0
			byDesign := map[string][]string{}
			for j := range want {
				if ours[j] == want[j] {
					same++
					continue
				}
				excuse := plainDiffers[names[j]]
				for _, h := range innerHeader.FindAllStringSubmatch(want[j], -1) {
					_, name, _ := strings.Cut(h[1], " ")
					excuse = excuse || plainDiffers[name]
				}
				if excuse {
					plain++
					continue
				}
				if why := expandByDesign(ours[j], want[j]); why != "" {
					byDesign[why] = append(byDesign[why], names[j])
					continue
				}
				t.Errorf("%s %s: struct %s: %s", in.file, flag, names[j], firstDiff(ours[j], want[j]))
			}
			t.Logf("%s: %d of %d structs as pahole -E prints them; %d differ as without -E", in.file, same, len(want), plain)
			for why, structs := range byDesign {
				t.Logf("%s: %s: %d: %s", in.file, why, len(structs), strings.Join(structs, " "))
			}
		})
	}
}

// firstDiff shows the first line where got and want differ.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d:\n%s\npahole:\n%s", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("%d lines, pahole %d", len(g), len(w))
}

// TestPaholeExpandLimit checks -E on structs that hold two of the struct
// before them (testdata/c/doubling.c): as pahole -E prints them while
// they are small, and an error naming the limit, quickly, once printing
// them would pass it.
func TestPaholeExpandLimit(t *testing.T) {
	t.Parallel()
	file := td("c/doubling.o")
	out, errs, code := runCmd(t, file, "-E", "-C", "x10")
	if code != 0 {
		t.Fatalf("-C x10: exit %d, stderr:\n%s", code, errs)
	}
	if want := golden(t, "c-doubling.o.expand"); out != want {
		t.Errorf("-C x10: %s", firstDiff(out, want))
	}
	for _, c := range []struct {
		args []string
		name string // the first struct past the limit
	}{{[]string{"-C", "x15"}, "x15"}, {[]string{"-C", "x20"}, "x20"}, {nil, "x15"}} {
		args := c.args
		out, errs, code := runCmd(t, append([]string{file, "-E", "-format", "json"}, args...)...)
		if code != 1 || out != "" || !strings.Contains(errs, "doubling.o: struct "+c.name+": -E would print more than 65536 members inline") {
			t.Errorf("%v: exit %d, stdout %d bytes, stderr:\n%s", args, code, len(out), errs)
		}
	}
}

// BenchmarkLayoutExpand runs cachelint layout -E, and without -E, on every
// struct of the 6.18 BTF, text to io.Discard: reading, checks and printing.
func BenchmarkLayoutExpand(b *testing.B) {
	for _, args := range [][]string{{"-E"}, nil} {
		b.Run(fmt.Sprintf("%v", args), func(b *testing.B) {
			for b.Loop() {
				if code := runLayout(append(args, td("kernel/linux-6.18/vmlinux.btf.gz")), testEnv(io.Discard, io.Discard)); code != 3 {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}

// pahole's --class_name is -C; -F (--format_path) says which type
// information to read, in the order to try: an ELF file with both DWARF
// and .BTF (a BPF object) is read as either.
func TestPaholeClassNameFormat(t *testing.T) {
	t.Parallel()
	c, _, _ := runCmd(t, "-C", "pkt_rx_queue", td("c/queues.o"))
	for _, args := range [][]string{{"--class_name=pkt_rx_queue"}, {"--class_name", "pkt_rx_queue"}, {"-class_name=pkt_rx_queue", "-F", "dwarf"}} {
		out, errs, code := runCmd(t, append(args, td("c/queues.o"))...)
		if code != 0 || errs != "" || out != c {
			t.Errorf("%q: exit %d, stderr %q, output differs from -C's:\n%s", args, code, errs, out)
		}
	}
	declFile := func(args ...string) string {
		t.Helper()
		out, errs, code := runCmd(t, append(append([]string{"-format", "json"}, args...), td("c/bpf.o"))...)
		var d doc
		if err := json.Unmarshal([]byte(out), &d); code != 0 || err != nil || len(d.Structs) != 1 {
			t.Fatalf("%q: exit %d, %v\n%s", args, code, err, errs)
		}
		return d.Structs[0].DeclFile
	}
	for _, f := range []struct{ format, file string }{{"", "bpf.c"}, {"dwarf", "bpf.c"}, {"dwarf,btf", "bpf.c"}, {"btf", ""}, {"btf,dwarf", ""}, {"btf,btf", ""}} {
		args := []string{"-C", "bpf_map_val"}
		if f.format != "" {
			args = append(args, "-F", f.format)
		}
		if got := declFile(args...); got != f.file {
			t.Errorf("-F %s: declared in %q, want %q (DWARF says where, BTF does not)", f.format, got, f.file)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-F", "dwarf", linux618}, "cachelint: " + linux618 + ": no DWARF type information (-F dwarf)\n"},
		{[]string{"--format_path=btf", td("c/queues.o")}, "cachelint: " + td("c/queues.o") + ": no BTF type information (-F btf)\n"},
		{[]string{"-F", "ctf", td("c/queues.o")}, "cachelint: -F=ctf: want dwarf, btf, or both (pahole's ctf is not read)\n"},
	} {
		out, errs, code := runCmd(t, c.args...)
		if code != 1 || out != "" || errs != c.want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q, want 1 and %q", c.args, code, out, errs, c.want)
		}
	}
	// diff takes them too.
	out, errs, code := runDiffCmd(t, "--class_name=bpf_map_val", "-F", "btf", td("c/bpf.o"), td("c/bpf.o"))
	if code != 0 || errs != "" || !strings.HasPrefix(out, "struct bpf_map_val {\n") {
		t.Errorf("diff --class_name -F btf: exit %d, stderr %q\n%s", code, errs, out)
	}
}
