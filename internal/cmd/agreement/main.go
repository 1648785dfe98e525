// Command agreement measures how many structs and unions of an ELF file
// cachelint's DWARF reader (dwarfscan) lays out exactly as pahole does.
//
//	agreement -pahole PAHOLE_OUTPUT.txt ELF
//
// PAHOLE_OUTPUT.txt is what `pahole -F dwarf ELF` printed. Each struct pahole
// printed is matched by kind and name against the layouts dwarfscan found;
// when one name has several layouts, any equal one matches. The comparison
// is the one of dwarfscan's TestPahole: members, types, offsets, sizes, bit
// offsets and widths, struct size, packing and forced alignment, recursing
// into anonymous members, with pahole 1.24's known defects counted apart.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/cachelint/cachelint/dwarfscan"
	"github.com/cachelint/cachelint/internal/pahole"
)

func main() {
	paholePath := flag.String("pahole", "", "pahole's output for ELF (pahole -F dwarf ELF)")
	show := flag.Int("show", 20, "differing/missing structs to list")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: agreement -pahole PAHOLE_OUTPUT.txt ELF\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *paholePath == "" || flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*paholePath, flag.Arg(0), *show); err != nil {
		fmt.Fprintln(os.Stderr, "agreement:", err)
		os.Exit(1)
	}
}

func run(paholePath, elfPath string, show int) error {
	t0 := time.Now()
	want, unparsed, err := readPahole(paholePath)
	if err != nil {
		return err
	}
	fmt.Printf("pahole output parsed in %v: %d structs/unions", time.Since(t0).Round(time.Millisecond), len(want))
	if len(unparsed) > 0 {
		fmt.Printf(" (%d blocks the parser could not read, left out)", len(unparsed))
	}
	fmt.Println()
	for i, u := range unparsed {
		if i == show {
			fmt.Printf("  ... %d more\n", len(unparsed)-show)
			break
		}
		fmt.Printf("  unparsed: %s\n", u)
	}

	t1 := time.Now()
	f, err := dwarfscan.Open(elfPath)
	if err != nil {
		return err
	}
	got, err := f.Structs()
	f.Close()
	if err != nil {
		return err
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Printf("cachelint (dwarfscan) read %d structs/unions in %v (Go heap sys %d MiB)\n",
		len(got), time.Since(t1).Round(time.Millisecond), ms.Sys>>20)

	byName := make(map[string][]int)
	for j, s := range got {
		k := s.Keyword() + " " + s.Name
		byName[k] = append(byName[k], j)
	}
	used := make([]bool, len(got))
	equal, withKnown := 0, 0
	var differing, missing, knownNotes []string
	reasons := make(map[string]int)
	for i := range want {
		ps := &want[i]
		cands := byName[ps.Kind+" "+ps.Name]
		first := -1
		var firstDiff string
		var firstDiffs, notes []string
		found := false
		for _, j := range cands {
			diffs, known := pahole.Compare(ps, got[j])
			if len(diffs) == 0 {
				used[j], found, notes = true, true, known
				break
			}
			if first < 0 {
				first, firstDiff, firstDiffs = j, diffs[0], diffs
			}
		}
		switch {
		case found && len(notes) == 0:
			equal++
		case found:
			withKnown++
			knownNotes = append(knownNotes, fmt.Sprintf("%s %s: %s", ps.Kind, ps.Name, strings.Join(notes, "; ")))
		case first < 0:
			missing = append(missing, fmt.Sprintf("%s %s (pahole line %d)", ps.Kind, ps.Name, ps.Line))
		default:
			used[first] = true
			for _, d := range firstDiffs {
				reasons[reason(d)]++
			}
			differing = append(differing, fmt.Sprintf("%s %s (pahole line %d): %s", ps.Kind, ps.Name, ps.Line, firstDiff))
		}
	}
	var extra []string
	for j, s := range got {
		if !used[j] {
			extra = append(extra, s.Keyword()+" "+s.Name)
		}
	}

	// Blocks the parser cannot read count as structs that do not agree.
	n := len(want) + len(unparsed)
	fmt.Println()
	fmt.Printf("structs in pahole's output:        %d (%d unreadable by internal/pahole, counted as not agreeing)\n", n, len(unparsed))
	fmt.Printf("structs cachelint found:           %d\n", len(got))
	fmt.Printf("matched equal:                     %d\n", equal)
	fmt.Printf("equal but for pahole 1.24 defects: %d\n", withKnown)
	fmt.Printf("differing:                         %d\n", len(differing))
	fmt.Printf("missing in cachelint:              %d\n", len(missing))
	fmt.Printf("cachelint layouts not matched:     %d (extra layouts, or the other side of a difference is counted above)\n", len(extra))
	if n > 0 {
		fmt.Printf("agreement: %.2f%% exactly equal, %.2f%% with pahole defects allowed (of pahole's %d)\n",
			100*float64(equal)/float64(n), 100*float64(equal+withKnown)/float64(n), n)
	}
	list("differing (first difference)", differing, show)
	if len(reasons) > 0 {
		type rc struct {
			r string
			n int
		}
		var rs []rc
		for r, c := range reasons {
			rs = append(rs, rc{r, c})
		}
		sort.Slice(rs, func(a, b int) bool { return rs[a].n > rs[b].n || rs[a].n == rs[b].n && rs[a].r < rs[b].r })
		fmt.Printf("\ndifference kinds (every difference of the differing structs):\n")
		for _, r := range rs {
			fmt.Printf("  %6d  %s\n", r.n, r.r)
		}
	}
	list("missing in cachelint", missing, show)
	list("cachelint layouts not matched", extra, show)
	list("equal but for pahole defects", knownNotes, show)
	return nil
}

func list(title string, items []string, show int) {
	if len(items) == 0 {
		return
	}
	fmt.Printf("\n%s (%d):\n", title, len(items))
	for i, s := range items {
		if i == show {
			fmt.Printf("  ... %d more\n", len(items)-show)
			break
		}
		fmt.Printf("  %s\n", s)
	}
}

// reason reduces a difference to its kind: "size", "member count", "type",
// "offset", "bits", "packed", "align", "name".
func reason(d string) string {
	switch {
	case strings.Contains(d, " members, pahole "):
		return "member count"
	case strings.Contains(d, ": member ") && strings.Contains(d, " named "):
		return "member name"
	case strings.Contains(d, ": type "):
		return "member type"
	case strings.Contains(d, ": offset "):
		return "member offset"
	case strings.Contains(d, ": bits "):
		return "bit-field offset/width"
	case strings.Contains(d, ": align "):
		return "member alignment"
	case strings.Contains(d, ": size "):
		return "member size"
	case strings.HasPrefix(d, "size "):
		return "struct size"
	case strings.HasPrefix(d, "packed "):
		return "packed"
	case strings.HasPrefix(d, "align "):
		return "struct alignment"
	}
	return "other"
}

// readPahole parses pahole's output. The parser fails on a line shape it
// does not know; then the text is cut into top-level blocks (from a line
// starting with "struct"/"union" to the line starting with "}") and each is
// parsed alone, the unreadable ones reported and left out.
func readPahole(path string) ([]pahole.Struct, []string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	ss, err := pahole.Parse(bytes.NewReader(b))
	if err == nil {
		return ss, nil, nil
	}
	fmt.Fprintf(os.Stderr, "agreement: whole-file parse failed (%v); parsing block by block\n", err)
	ss = ss[:0]
	var unparsed []string
	var blk []string
	start := 0
	flush := func() {
		if len(blk) == 0 {
			return
		}
		got, err := pahole.Parse(strings.NewReader(strings.Join(blk, "\n") + "\n"))
		if err != nil {
			unparsed = append(unparsed, fmt.Sprintf("line %d %q: %v", start, blk[0], err))
		} else {
			for _, s := range got {
				s.Line += start - 1
				ss = append(ss, s)
			}
		}
		blk = blk[:0]
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	line := 0
	for sc.Scan() {
		line++
		t := sc.Text()
		if len(blk) == 0 {
			if t == "" {
				continue
			}
			start = line
		}
		blk = append(blk, t)
		if strings.HasPrefix(t, "}") {
			flush()
		}
	}
	flush()
	if err := sc.Err(); err != nil {
		return nil, nil, err
	}
	return ss, unparsed, nil
}
