package main

import (
	"bytes"
	"fmt"
	"go/token"
	"os"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/cachelint/cachelint/analyzer"
)

// fixKey names a fix by the place and text of its edits, the same in each
// variant of a package.
func fixKey(fset *token.FileSet, fix analysis.SuggestedFix) string {
	var b strings.Builder
	for _, e := range fix.TextEdits {
		start, end := fset.Position(e.Pos), fset.Position(e.End)
		fmt.Fprintf(&b, "%s:%d:%d:%q;", start.Filename, start.Offset, end.Offset, e.NewText)
	}
	return b.String()
}

type edit struct {
	start, end int
	text       []byte
}

// applyFixes is cachelint -fix. A pass sees one variant of a package (the
// package, with its tests, its external tests), but a fix edits files
// several variants share, and other packages of the load may build the
// struct with an unkeyed literal. So it writes a fix only when every
// package holding the file offers it and no package depends on the
// struct's field order, and it writes the edits alone, leaving the rest of
// each file as it was. It then leaves in each action the diagnostics that
// remain: those of fixes not written, with the reason, and those that have
// none.
func applyFixes(roots []*checker.Action) (err error) {
	// Which packages hold each file, and which fixes each offers.
	holders := map[string][]*checker.Action{}
	offers := map[*checker.Action]map[string]bool{}
	dependent := map[string]string{} // struct -> why its order must stay
	for _, act := range roots {
		if act.Err != nil {
			continue
		}
		for _, f := range act.Package.Syntax {
			name := act.Package.Fset.File(f.FileStart).Name()
			holders[name] = append(holders[name], act)
		}
		offers[act] = map[string]bool{}
		for _, d := range act.Diagnostics {
			if len(d.SuggestedFixes) > 0 {
				offers[act][fixKey(act.Package.Fset, d.SuggestedFixes[0])] = true
			}
		}
		if r, ok := act.Result.(*analyzer.Result); ok {
			for k, why := range r.OrderDependent {
				dependent[k] = why
			}
		}
	}
	applied, withheld := map[string]bool{}, map[string]string{}
	edits := map[string][]edit{}
	for _, act := range roots {
		if act.Err != nil {
			continue
		}
		fset := act.Package.Fset
		r, _ := act.Result.(*analyzer.Result)
	fixes:
		for _, d := range act.Diagnostics {
			if len(d.SuggestedFixes) == 0 {
				continue
			}
			fix := d.SuggestedFixes[0]
			key := fixKey(fset, fix)
			if applied[key] || withheld[key] != "" {
				continue
			}
			for _, e := range fix.TextEdits {
				if r != nil {
					if why := dependent[r.Reorders[fset.Position(e.Pos).String()]]; why != "" {
						withheld[key] = why
						continue fixes
					}
				}
				for _, other := range holders[fset.File(e.Pos).Name()] {
					if !offers[other][key] {
						withheld[key] = fmt.Sprintf("%s does not offer it", other.Package.ID)
						continue fixes
					}
				}
			}
			applied[key] = true
			for _, e := range fix.TextEdits {
				tf := fset.File(e.Pos)
				edits[tf.Name()] = append(edits[tf.Name()], edit{tf.Offset(e.Pos), tf.Offset(e.End), e.NewText})
			}
		}
	}
	names := make([]string, 0, len(edits))
	for name := range edits {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if werr := writeEdits(name, edits[name]); werr != nil && err == nil {
			err = werr
		}
	}
	for _, act := range roots {
		fset := act.Package.Fset
		left := act.Diagnostics[:0:0]
		for _, d := range act.Diagnostics {
			if len(d.SuggestedFixes) > 0 {
				key := fixKey(fset, d.SuggestedFixes[0])
				if applied[key] && err == nil {
					continue
				}
				d.SuggestedFixes = nil
				if why := withheld[key]; why != "" {
					d.Message += "; no fix: " + why
				}
			}
			left = append(left, d)
		}
		act.Diagnostics = left
	}
	return err
}

// writeEdits applies non-overlapping edits to a file.
func writeEdits(name string, es []edit) error {
	src, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	slices.SortFunc(es, func(a, b edit) int { return a.start - b.start })
	var out bytes.Buffer
	at := 0
	for _, e := range es {
		if e.start < at || e.end > len(src) {
			return fmt.Errorf("%s: overlapping fixes at offset %d", name, e.start)
		}
		out.Write(src[at:e.start])
		out.Write(e.text)
		at = e.end
	}
	out.Write(src[at:])
	fi, err := os.Stat(name)
	if err != nil {
		return err
	}
	return os.WriteFile(name, out.Bytes(), fi.Mode().Perm())
}
