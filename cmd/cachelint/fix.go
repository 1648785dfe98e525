package main

import (
	"bytes"
	"fmt"
	"go/token"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

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

// fixPlan is what cachelint -fix writes: the edits by file, and why each
// fix it does not write is withheld.
type fixPlan struct {
	edits    map[string][]edit
	applied  map[string]bool
	withheld map[string]string
}

// planFixes decides the fixes of a load. A pass sees one variant of a
// package (the package, with its tests, its external tests) and what its
// own code depends on, but a fix edits files several variants share, and
// code of other packages may depend on the layout it changes. So a fix is
// written only when every package holding the file offers it and nothing
// in any package of the load depends on what it changes (uses, what
// analyzer.UsesIn finds in each; needed only when some fix is offered): a
// Dependence it breaks, an address inside the layout handed to code
// outside the load or to a function whose uses of it fail, and, for a layout
// that reaches other packages, importers of its package in its module
// that the load left out. Then it leaves in each action the diagnostics that remain:
// those of fixes not written, with the reason, and those that have none.
// With write, the edits are applied to the files; planFixes alone
// decides.
func planFixes(roots []*checker.Action, uses func() (map[*packages.Package]*analyzer.LayoutUses, error)) (*fixPlan, error) {
	// Which packages hold each file, and which fixes each offers.
	holders := map[string][]*checker.Action{}
	offers := map[*checker.Action]map[string]bool{}
	loaded := map[string]bool{}
	offered := false
	for _, act := range roots {
		if act.Err != nil {
			continue
		}
		loaded[act.Package.PkgPath] = true
		for _, f := range act.Package.Syntax {
			name := act.Package.Fset.File(f.FileStart).Name()
			holders[name] = append(holders[name], act)
		}
		offers[act] = map[string]bool{}
		for _, d := range act.Diagnostics {
			if len(d.SuggestedFixes) > 0 {
				offers[act][fixKey(act.Package.Fset, d.SuggestedFixes[0])] = true
				offered = true
			}
		}
	}
	plan := &fixPlan{edits: map[string][]edit{}, applied: map[string]bool{}, withheld: map[string]string{}}
	if !offered {
		return plan, nil
	}
	byPackage, err := uses()
	if err != nil {
		return nil, err
	}
	var results []*analyzer.LayoutUses
	for _, act := range roots {
		if u := byPackage[act.Package]; u != nil {
			results = append(results, u)
		}
	}
	importers := moduleImporters{}
	deps := map[string][]analyzer.Dependence{}
	for _, r := range results {
		for _, d := range r.Dependences {
			deps[d.Layout] = append(deps[d.Layout], d)
		}
	}
	for k, why := range lookedInto(results, loaded) {
		deps[k] = append(deps[k], analyzer.Dependence{Layout: k, Kind: analyzer.OnOrder, Field: -1, Why: why})
	}
	// An interface type whose values reach packages the load left out:
	// what they do with them is out of sight.
	for _, act := range roots {
		u := byPackage[act.Package]
		if u == nil {
			continue
		}
		for _, k := range slices.Sorted(maps.Keys(u.Exposed)) {
			if !strings.HasPrefix(k, "interface ") {
				continue
			}
			if why := importers.missing(act.Package, loaded); why != "" {
				deps[k] = append(deps[k], analyzer.Dependence{Layout: k, Kind: analyzer.OnOrder, Field: -1, Why: u.Exposed[k] + "; " + why})
			}
		}
	}
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
			if plan.applied[key] || plan.withheld[key] != "" {
				continue
			}
			for _, e := range fix.TextEdits {
				if r != nil {
					if c, ok := r.Fixes[fset.Position(e.Pos).String()]; ok {
						if why := analyzer.Blocked(&c, deps, map[string]bool{}); why != "" {
							plan.withheld[key] = why
							continue fixes
						}
						if how := exposed(byPackage[act.Package], c.Layout); how != "" {
							if why := importers.missing(act.Package, loaded); why != "" {
								plan.withheld[key] = how + "; " + why
								continue fixes
							}
						}
					}
				}
				for _, other := range holders[fset.File(e.Pos).Name()] {
					if !offers[other][key] {
						plan.withheld[key] = fmt.Sprintf("%s does not offer it", other.Package.ID)
						continue fixes
					}
				}
			}
			plan.applied[key] = true
			for _, e := range fix.TextEdits {
				tf := fset.File(e.Pos)
				plan.edits[tf.Name()] = append(plan.edits[tf.Name()], edit{tf.Offset(e.Pos), tf.Offset(e.End), e.NewText})
			}
		}
	}
	return plan, nil
}

// lookedInto maps the layouts whose addresses a package of the load
// hands to another package's function to the reason that function may
// see their order: it is not in the load, or its parameter's uses do not
// pass the allowlist (analyzer.LayoutUses.Params), there or in the
// functions it hands them on to.
func lookedInto(results []*analyzer.LayoutUses, loaded map[string]bool) map[string]string {
	out := map[string]string{}
	params := map[string][]analyzer.ParamUse{}
	for _, r := range results {
		for fn, uses := range r.Params {
			// A package's variants agree but for their tests' code; any
			// use that fails counts.
			if have, ok := params[fn]; ok && len(have) == len(uses) {
				for i := range have {
					if have[i].Why == "" {
						have[i] = uses[i]
					}
				}
				continue
			}
			params[fn] = uses
		}
	}
	var why func(c analyzer.CallSite, seen map[string]bool) string
	why = func(c analyzer.CallSite, seen map[string]bool) string {
		key := fmt.Sprintf("%s#%d", c.Callee, c.Param)
		if seen[key] {
			return ""
		}
		seen[key] = true
		if !loaded[c.Pkg] {
			return "whose code is not in the load"
		}
		uses, ok := params[c.Callee]
		if !ok || c.Param >= len(uses) {
			return "which cachelint does not follow it into"
		}
		pu := uses[c.Param]
		if pu.Why != "" {
			return "where " + pu.Why
		}
		for _, next := range pu.Calls {
			if w := why(next, seen); w != "" {
				return next.Why + ", " + w
			}
		}
		return ""
	}
	for _, r := range results {
		for _, c := range r.Calls {
			if w := why(c, map[string]bool{}); w != "" {
				for _, k := range c.Layouts {
					if out[k] == "" {
						out[k] = c.Why + ", " + w
					}
				}
			}
		}
	}
	return out
}

// moduleImporters finds, per module, which packages import which, to
// tell whether a load holds every package of a module that may reach a
// package's layouts.
type moduleImporters map[string]map[string][]string // module dir -> package -> importers

// missing says which packages of pkg's module import it, directly or
// not, and are not in the load (the tests of those in it count), "" when
// there are none or pkg is in no module.
func (m moduleImporters) missing(pkg *packages.Package, loaded map[string]bool) string {
	if pkg.Module == nil || pkg.Module.Dir == "" {
		return ""
	}
	dir := pkg.Module.Dir
	if m[dir] == nil {
		m[dir] = map[string][]string{}
		cfg := &packages.Config{Mode: packages.NeedName | packages.NeedImports, Dir: dir, Tests: true}
		all, err := packages.Load(cfg, "./...")
		if err != nil {
			return fmt.Sprintf("cachelint cannot list the packages of %s to see which import it: %v", pkg.Module.Path, err)
		}
		for _, p := range all {
			if strings.HasSuffix(p.PkgPath, ".test") {
				continue // a test's main, which imports what its tests do
			}
			for path := range p.Imports {
				m[dir][path] = append(m[dir][path], p.PkgPath)
			}
		}
	}
	path := strings.TrimSuffix(pkg.PkgPath, "_test")
	seen := map[string]bool{path: true}
	queue := []string{path}
	var out []string
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, imp := range m[dir][p] {
			if seen[imp] {
				continue
			}
			seen[imp] = true
			queue = append(queue, imp)
			if !loaded[imp] {
				out = append(out, imp)
			}
		}
	}
	if len(out) == 0 {
		return ""
	}
	slices.Sort(out)
	return fmt.Sprintf("packages of %s that import it are not in the load (%s): run cachelint -fix on all of them", pkg.Module.Path, strings.Join(out, ", "))
}

// apply writes the edits of the plan to the files, or with diff, prints
// them to w as a unified diff and leaves the files as they are. It then
// leaves in each action the diagnostics that remain: those of fixes not
// written, with the reason, and those that have none.
func (plan *fixPlan) apply(roots []*checker.Action, write bool, diff io.Writer, e env) (err error) {
	if !write && diff == nil {
		plan.report(roots, false)
		return nil
	}
	names := make([]string, 0, len(plan.edits))
	for name := range plan.edits {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if werr := writeEdits(name, plan.edits[name], write, diff, e); werr != nil && err == nil {
			err = werr
		}
	}
	plan.report(roots, write && err == nil)
	return err
}

// report leaves in each action the diagnostics that remain once the
// plan's fixes are written (write), or that say why a fix is withheld.
// A fix written that leaves problems in part gives way to the
// diagnostics the analyzer says it leaves (analyzer.Result.Leaves): the
// exit status must tell a CI job that something remains, as a run after
// the fix would.
func (plan *fixPlan) report(roots []*checker.Action, write bool) {
	for _, act := range roots {
		fset := act.Package.Fset
		r, _ := act.Result.(*analyzer.Result)
		left := act.Diagnostics[:0:0]
		written := map[string]bool{} // the fixes whose leavings are in left
		for _, d := range act.Diagnostics {
			if len(d.SuggestedFixes) > 0 {
				fix := d.SuggestedFixes[0]
				key := fixKey(fset, fix)
				if plan.applied[key] && write {
					if !written[key] {
						written[key] = true
						left = append(left, r.LeftBy(fset, fix)...)
					}
					continue
				}
				if why := plan.withheld[key]; why != "" {
					// What the analyzer said of the fix is moot.
					d.SuggestedFixes = nil
					d.Related = slices.DeleteFunc(slices.Clone(d.Related), func(r analysis.RelatedInformation) bool { return analyzer.AboutFix(r.Message) })
					d.Related = append(d.Related, analysis.RelatedInformation{Pos: d.Pos, Message: "no fix: " + why})
				}
			}
			left = append(left, d)
		}
		act.Diagnostics = left
	}
}

// writeEdits applies non-overlapping edits to a file: writes it, or
// prints the change as a unified diff.
func writeEdits(name string, es []edit, write bool, diff io.Writer, e env) error {
	src, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	slices.SortFunc(es, func(a, b edit) int { return a.start - b.start })
	var out bytes.Buffer
	var changed []span
	at := 0
	for _, e := range es {
		if e.start < at || e.end > len(src) {
			return fmt.Errorf("%s: overlapping fixes at offset %d", name, e.start)
		}
		out.Write(src[at:e.start])
		from := out.Len()
		out.Write(e.text)
		changed = append(changed, span{e.start, e.end, from, out.Len()})
		at = e.end
	}
	out.Write(src[at:])
	if diff != nil {
		_, err := io.WriteString(diff, unifiedDiff(e.rel(name), src, out.Bytes(), changed))
		return err
	}
	if !write {
		return nil
	}
	fi, err := os.Stat(name)
	if err != nil {
		return err
	}
	return os.WriteFile(name, out.Bytes(), fi.Mode().Perm())
}

// span is a replaced region: bytes [oldStart, oldEnd) of the file became
// [newStart, newEnd) of the new one.
type span struct{ oldStart, oldEnd, newStart, newEnd int }

// unifiedDiff is the change from old to new, which differ in the
// regions changed (in order), as a unified diff with three lines of
// context. Lines are matched within each region only.
func unifiedDiff(name string, old, new []byte, changed []span) string {
	split := func(b []byte) []string {
		l := strings.SplitAfter(string(b), "\n")
		if l[len(l)-1] == "" {
			l = l[:len(l)-1]
		}
		return l
	}
	lineOf := func(b []byte, off int) int { return bytes.Count(b[:off], []byte("\n")) }
	oldLines, newLines := split(old), split(new)
	// Every line of either file, in order: ' ' in both, '-' old only,
	// '+' new only.
	type op struct {
		kind byte
		text string
	}
	var ops []op
	at, nat := 0, 0
	for i := 0; i < len(changed); {
		from, to := lineOf(old, changed[i].oldStart), lineOf(old, changed[i].oldEnd)+1
		nfrom, nto := lineOf(new, changed[i].newStart), lineOf(new, changed[i].newEnd)+1
		// Regions that share a line are one.
		for i++; i < len(changed) && lineOf(old, changed[i].oldStart) < to; i++ {
			to, nto = lineOf(old, changed[i].oldEnd)+1, lineOf(new, changed[i].newEnd)+1
		}
		to, nto = min(to, len(oldLines)), min(nto, len(newLines))
		for ; at < from; at, nat = at+1, nat+1 {
			ops = append(ops, op{' ', oldLines[at]})
		}
		a, b := oldLines[from:to], newLines[nfrom:nto]
		// The longest common subsequence of the region's lines.
		lcs := make([][]int, len(a)+1)
		for x := range lcs {
			lcs[x] = make([]int, len(b)+1)
		}
		for x := len(a) - 1; x >= 0; x-- {
			for y := len(b) - 1; y >= 0; y-- {
				if a[x] == b[y] {
					lcs[x][y] = lcs[x+1][y+1] + 1
				} else {
					lcs[x][y] = max(lcs[x+1][y], lcs[x][y+1])
				}
			}
		}
		x, y := 0, 0
		for x < len(a) || y < len(b) {
			switch {
			case x < len(a) && y < len(b) && a[x] == b[y]:
				ops = append(ops, op{' ', a[x]})
				x, y = x+1, y+1
			case x < len(a) && (y == len(b) || lcs[x+1][y] >= lcs[x][y+1]):
				ops = append(ops, op{'-', a[x]})
				x++
			default:
				ops = append(ops, op{'+', b[y]})
				y++
			}
		}
		at, nat = to, nto
	}
	for ; at < len(oldLines); at++ {
		ops = append(ops, op{' ', oldLines[at]})
	}
	var b strings.Builder
	fmt.Fprintf(&b, "--- %s\n+++ %s\n", filepath.ToSlash(name), filepath.ToSlash(name))
	const ctx = 3
	oldAt, newAt := make([]int, len(ops)+1), make([]int, len(ops)+1) // line numbers before each op
	for i, o := range ops {
		oldAt[i+1], newAt[i+1] = oldAt[i], newAt[i]
		if o.kind != '+' {
			oldAt[i+1]++
		}
		if o.kind != '-' {
			newAt[i+1]++
		}
	}
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start, end := max(i-ctx, 0), i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*ctx {
				end = min(end+ctx, len(ops))
				break
			}
			end = run
		}
		fmt.Fprintf(&b, "@@ -%d,%d +%d,%d @@\n", oldAt[start]+1, oldAt[end]-oldAt[start], newAt[start]+1, newAt[end]-newAt[start])
		for _, o := range ops[start:end] {
			b.WriteByte(o.kind)
			b.WriteString(o.text)
			if !strings.HasSuffix(o.text, "\n") {
				b.WriteString("\n\\ No newline at end of file\n")
			}
		}
		i = end
	}
	return b.String()
}

// exposed says how a package's layout reaches other packages, "" if it
// does not or the package's uses are unknown.
func exposed(u *analyzer.LayoutUses, layout string) string {
	if u == nil {
		return ""
	}
	return u.Exposed[layout]
}
