package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
)

// packableInputs are the inputs whose pahole 1.24 --packable output
// scripts/pahole-goldens recorded (NAME.packable), with the number of
// pahole's lines cachelint prints identically. The others differ by
// design; TestPaholePackable says which and why.
var packableInputs = []struct {
	golden, file string
	same         int
}{
	{"c-bitfields.o", "c/bitfields.o", 0},
	{"c-bitfields-dwarf4.o", "c/bitfields-dwarf4.o", 0},
	{"c-groups.o", "c/groups.o", 0},
	{"c-huge.o", "c/huge.o", 0},
	{"c-packed.o", "c/packed.o", 0},
	{"c-pads.o", "c/pads.o", 0},
	{"c-queues.o", "c/queues.o", 0},
	{"c-queues-dwarf4.o", "c/queues-dwarf4.o", 0},
	{"c-tcp_sock61.o", "c/tcp_sock61.o", 2},
	{"c-types.o", "c/types.o", 2},
	{"c-types-gz.o", "c/types-gz.o", 2},
	{"c-fixture", "c/fixture", 0},
	{"c-holes32.o", "c/holes32.o", 5},
	{"dummy.ko.debug", "kernel/linux-6.1/dummy.ko.debug", 19},
	{"veth.ko.debug", "kernel/linux-6.1/veth.ko.debug", 30},
	{"vmlinux-6.18.btf", "kernel/linux-6.18/vmlinux.btf.gz", 500},
	{"gobin", "gobin/gobin", 10},
}

// paholeMisreads says why pahole 1.24 sees another struct than s, "" if
// it sees s as it is: it takes _Atomic members for types it cannot find,
// gives Go func-typed members garbage sizes (testdata/pahole/README.md),
// and keeps sizes in 32 bits.
func paholeMisreads(s *layout.Struct) string {
	if s.Size >= 1<<32 {
		return "its size does not fit pahole's 32 bits"
	}
	for _, m := range s.Members {
		if strings.Contains(m.Type, "_Atomic") {
			return fmt.Sprintf("pahole cannot read the type of _Atomic member %s", m.Name)
		}
		if strings.HasPrefix(m.Type, "func(") {
			return fmt.Sprintf("pahole gives func-typed member %s a garbage size", m.Name)
		}
	}
	return ""
}

type packLine struct {
	name                string
	size, packed, saved int64
}

func parsePackable(t *testing.T, where, text string) []packLine {
	t.Helper()
	var out []packLine
	for l := range strings.SplitSeq(strings.TrimSuffix(text, "\n"), "\n") {
		if l == "" {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) != 4 {
			t.Fatalf("%s: %q: want 4 tab-separated fields", where, l)
		}
		var n [3]int64
		for i := range n {
			var err error
			if n[i], err = strconv.ParseInt(f[i+1], 10, 64); err != nil {
				t.Fatalf("%s: %q: %v", where, l, err)
			}
		}
		out = append(out, packLine{f[0], n[0], n[1], n[2]})
	}
	return out
}

// TestPaholePackable compares --packable (and -P) with pahole --packable
// line for line. Where they differ, the test says why, struct by struct:
// pahole misreads the struct, or pahole's packed layout breaks an
// alignment or a C rule, when cachelint prints the best layout that
// keeps them, if it saves anything. Wherever pahole reads the struct
// right, its packed size must be what pahole's reorganizer in layout
// computes (Packing.PaholeSize), whether cachelint prints it or not.
func TestPaholePackable(t *testing.T) {
	t.Parallel()
	for _, in := range packableInputs {
		t.Run(in.file, func(t *testing.T) {
			t.Parallel()
			out, errs, code := runCmd(t, td(in.file), "--packable")
			if code != 0 {
				t.Fatalf("%s --packable: exit %d, stderr:\n%s", in.file, code, errs)
			}
			if short, _, _ := runCmd(t, "-P", td(in.file)); short != out {
				t.Errorf("%s: -P and --packable differ", in.file)
			}
			ours := parsePackable(t, in.file, out)
			theirs := parsePackable(t, in.golden+".packable", golden(t, in.golden+".packable"))

			structs, _, err := readStructs(td(in.file), nil, nil, false, nil)
			if err != nil {
				t.Fatal(err)
			}
			// Structs by name and size, in order: BTF holds several layouts
			// of one name, which pahole lists apart. Sizes as pahole keeps
			// them, in 32 bits.
			key := func(name string, size int64) string { return fmt.Sprint(name, "\t", uint32(size)) }
			byKey := map[string][]*layout.Struct{}
			for _, s := range structs {
				if err := layout.Prepare(s, layout.BinarySeparators); err != nil {
					t.Fatal(err)
				}
				byKey[key(s.Name, s.Size)] = append(byKey[key(s.Name, s.Size)], s)
			}
			find := func(l packLine) *layout.Struct {
				k := key(l.name, l.size)
				if len(byKey[k]) == 0 {
					t.Fatalf("%s: %s of %d bytes not read", in.file, l.name, l.size)
				}
				return byKey[k][0]
			}
			next := func(l packLine) { k := key(l.name, l.size); byKey[k] = byKey[k][1:] }

			// A line cachelint prints and pahole does not, or not in its
			// order, is an error unless pahole misreads the struct.
			extra := func(l packLine) {
				s := find(l)
				if why := paholeMisreads(s); why != "" {
					t.Logf("%s: %s: cachelint %v, pahole nothing: %s", in.file, s.Name, l, why)
				} else {
					t.Errorf("%s: %v: not in pahole's list, or out of its order", in.file, l)
				}
				next(l)
			}
			same, misread, breaks := 0, 0, 0
			i := 0 // next of ours
			for _, p := range theirs {
				s := find(p)
				var got *packLine
				if j := slices.IndexFunc(ours[i:], func(l packLine) bool { return key(l.name, l.size) == key(p.name, p.size) }); j >= 0 {
					for _, l := range ours[i : i+j] {
						extra(l)
					}
					got = &ours[i+j]
					i += j + 1
				}
				if why := paholeMisreads(s); why != "" {
					misread++
					t.Logf("%s: %s: pahole %d -> %d, cachelint %v: %s", in.file, s.Name, p.size, p.packed, got, why)
					next(p)
					continue
				}
				want, ok := reorg.Packable(s, wordSize(td(in.file)))
				if want.PaholeSize != p.packed {
					t.Errorf("%s: %s: pahole packs %d bytes to %d, reorg.Packable says pahole's reorganizer does to %d", in.file, s.Name, p.size, p.packed, want.PaholeSize)
				}
				if why := want.Why; why != "" {
					if ok != (got != nil) || ok && (want.Pahole || got.packed != want.Packed || got.saved != s.Size-want.Packed) {
						t.Errorf("%s: %s: cachelint %v, reorg.Packable %+v, %v", in.file, s.Name, got, want, ok)
					}
					if got != nil && *got == p {
						same++
					} else {
						breaks++
						t.Logf("%s: %s: pahole's %d -> %d breaks a rule (%s); cachelint: %v", in.file, s.Name, p.size, p.packed, why, got)
					}
					next(p)
					continue
				}
				if got == nil || *got != p {
					t.Errorf("%s: %s: cachelint %v, pahole %v", in.file, s.Name, got, p)
				} else {
					same++
				}
				next(p)
			}
			for _, l := range ours[i:] {
				extra(l)
			}
			if same != in.same {
				t.Errorf("%s: %d of pahole's %d lines identical, want %d", in.file, same, len(theirs), in.same)
			}
			t.Logf("%s: %d of pahole's %d lines identical; %d where pahole misreads the struct, %d where its packing breaks a rule",
				in.file, same, len(theirs), misread, breaks)
			if slices.ContainsFunc(ours, func(l packLine) bool { return l.packed >= l.size || l.saved != l.size-l.packed }) {
				t.Errorf("%s: a line that saves nothing or does not add up:\n%s", in.file, out)
			}
		})
	}
}

// TestPackableErrors checks that --packable fails on bad input as the
// other layout options do: the same message as --sizes, exit 1, nothing
// on stdout.
func TestPackableErrors(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{td("hot/pkt_rx_queue.hot")},
		{td("hot/queues-nodebug.o")},
		{td("nonexistent")},
		{td("c")},
		{"-C", "nosuch", linux618},
	} {
		_, want, _ := runCmd(t, append(args, "--sizes")...)
		out, errs, code := runCmd(t, append(args, "--packable")...)
		if code != 1 || errs != want || want == "" || out != "" {
			t.Errorf("%v --packable: exit %d, stdout %q, stderr %q; --sizes says %q", args, code, out, errs, want)
		}
	}
	if out, errs, code := runCmd(t, td("c/queues.o"), "-P=maybe"); code != 1 || out != "" || !strings.Contains(errs, "-P=maybe: parse error") {
		t.Errorf("-P=maybe: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
