package analyzer

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/cachelint/cachelint/golayout"
	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
)

// reorderFix rewrites the field list of st in the proposed order. Each
// field keeps its text byte for byte: doc comment, names, type, tag, line
// comment and every comment in between; comments standing alone between
// fields move with the field after them. A pad the proposal adds is
// written in terms of the constant or pad type the struct's own pads
// were (padText). The new field list is formatted as gofmt would format
// it in place, with the file's line endings, and the edit covers the
// field list only. It returns no fix and a reason when the source cannot
// be read or is generated, when the fix would leave an import unused,
// and for a file with CRLF line endings when the driver formats whole
// files (go vet -fix writes them back with LF).
func (ps *passState) reorderFix(st *ast.StructType, s *layout.Struct, p *layout.Proposal, fieldOf []int) ([]analysis.SuggestedFix, string) {
	pass := ps.pass
	tf := pass.Fset.File(st.Pos())
	file := fileOf(pass, st)
	if orig := pass.Fset.Position(st.Pos()).Filename; orig != tf.Name() {
		return nil, fmt.Sprintf("%s is generated from %s: change the source it comes from", tf.Name(), orig)
	}
	if ast.IsGenerated(file) {
		return nil, fmt.Sprintf("%s is generated: change the source it comes from", tf.Name())
	}
	src, err := ps.readFile(tf.Name())
	if err != nil {
		return nil, fmt.Sprintf("cannot read %s: %v", tf.Name(), err)
	}
	if tf.Size() != len(src) {
		return nil, fmt.Sprintf("%s changed while it was analyzed", tf.Name())
	}
	crlf := bytes.Count(src, []byte("\r\n")) == bytes.Count(src, []byte("\n")) && bytes.Contains(src, []byte("\r\n"))
	if crlf && !ps.config.LoadWide {
		return nil, fmt.Sprintf("%s has CRLF line endings, and a driver that formats the files it fixes (go vet -fix) writes them back with LF; cachelint -fix keeps them", tf.Name())
	}
	pads := padsOf(pass, st, p, fieldOf)
	var added []string
	for j, from := range p.From {
		if from < 0 {
			added = append(added, pads.text(p.Struct.Members[j].Size))
		}
	}
	if why := pads.lastUse(pass, file, added); why != "" {
		return nil, why
	}
	text := func(from, to token.Pos) string { return string(src[tf.Offset(from):tf.Offset(to)]) }

	fields := st.Fields.List
	fs := readFieldSource(tf, file, st, src)
	ext, within, loose, starts := fs.ext, fs.within, fs.loose, fs.starts
	line := func(p token.Pos) int { return tf.PositionFor(p, false).Line }
	// writeLoose writes comments standing alone before what starts at
	// next, each on a line of its own, or on the line of what follows it
	// where it was (/* why */ field).
	writeLoose := func(b *bytes.Buffer, cs []looseComment, next token.Pos) {
		for k, c := range cs {
			after := next
			if k+1 < len(cs) {
				after = cs[k+1].pos
			}
			sep := "\n"
			if after.IsValid() && line(c.end) == line(after) {
				sep = " "
			}
			b.WriteString(c.text + sep)
		}
	}

	blankBefore := blankLines(p, fieldOf, func(i int) []byte { return src[tf.Offset(ext[i-1].end):tf.Offset(starts[i])] })

	var b bytes.Buffer
	for _, c := range fs.head {
		b.WriteString(" " + c)
	}
	b.WriteString("\n")
	done := map[int]bool{}
	for j, from := range p.From {
		if from < 0 {
			fmt.Fprintf(&b, "%s %s\n", p.Struct.Members[j].Name, pads.text(p.Struct.Members[j].Size))
			continue
		}
		i := fieldOf[from]
		if done[i] {
			continue // names declared together move as one
		}
		done[i] = true
		if blankBefore[i] {
			b.WriteString("\n")
		}
		writeLoose(&b, loose[i], ext[i].start)
		if n := len(loose[i]); n > 0 && hasBlankLine(src[tf.Offset(loose[i][n-1].end):tf.Offset(ext[i].start)]) {
			b.WriteString("\n")
		}
		b.WriteString(text(ext[i].start, ext[i].end) + "\n")
	}
	for i := range fields {
		if done[i] {
			continue
		}
		// Padding the proposal dropped: keep its comments.
		writeLoose(&b, loose[i], token.NoPos)
		for _, c := range within[i] {
			b.WriteString(c.Text + "\n")
		}
	}
	writeLoose(&b, loose[len(fields)], token.NoPos)

	// Format the file with the new field list in place, so that
	// indentation, alignment and multi-line literals come out as gofmt
	// has them there, and take the field list back out of it.
	body, err := golayout.FormatFieldList(src, tf, file, st, b.Bytes())
	if err != nil {
		return nil, fmt.Sprintf("the reordered fields do not format: %v", err)
	}
	if crlf {
		body = bytes.ReplaceAll(body, []byte("\n"), []byte("\r\n"))
	}
	return []analysis.SuggestedFix{{
		Message:   fmt.Sprintf("reorder the fields of %s for cache lines", s.Name),
		TextEdits: []analysis.TextEdit{{Pos: st.Fields.Opening + 1, End: st.Fields.Closing, NewText: body}},
	}}, ""
}

// fieldSource is where the text of each field of a struct lies in its
// source, and the comments between the braces, by the field they go
// with.
type fieldSource struct {
	// ext is each field's extent, from its doc comment to the comments
	// on the line it ends on.
	ext []extent
	// within are the comments within a field's extent, part of its
	// text; head those on the line of the opening brace, before any
	// field, which are the struct's and stay there; loose the others,
	// which stand alone and go with the next field (the last entry:
	// after every field).
	within [][]*ast.Comment
	head   []string
	loose  [][]looseComment
	// starts are where each field's text starts, its loose comments
	// first.
	starts []token.Pos
}

// extent is the source of a field.
type extent struct{ start, end token.Pos }

// looseComment is a comment standing alone between fields.
type looseComment struct {
	text     string
	pos, end token.Pos
}

// readFieldSource finds where the fields of st lie in src, the text of
// tf, which holds file.
func readFieldSource(tf *token.File, file *ast.File, st *ast.StructType, src []byte) *fieldSource {
	fields := st.Fields.List
	var comments []*ast.Comment // inside the braces, in order
	for _, g := range file.Comments {
		if g.Pos() > st.Fields.Opening && g.End() < st.Fields.Closing {
			comments = append(comments, g.List...)
		}
	}
	ext := make([]extent, len(fields))
	trailing := map[*ast.Comment]bool{}
	for i, after := range golayout.LineComments(tf, file, st) {
		ext[i] = extent{fields[i].Pos(), fields[i].End()}
		for _, c := range after {
			ext[i].end = c.End()
			trailing[c] = true
		}
	}
	for i, f := range fields {
		if f.Doc == nil {
			continue
		}
		if k := slices.IndexFunc(f.Doc.List, func(c *ast.Comment) bool { return !trailing[c] }); k >= 0 {
			ext[i].start = f.Doc.List[k].Pos()
		}
	}
	// Comments within a field's extent are part of its text; those on the
	// line of the opening brace, before any field, are the struct's and
	// stay there; the others stand alone and go with the next field.
	within := make([][]*ast.Comment, len(fields))
	line := func(p token.Pos) int { return tf.PositionFor(p, false).Line }
	var head []string
	headLine := line(st.Fields.Opening)
	loose := make([][]looseComment, len(fields)+1)
	// starts are where each field's text starts, its loose comments
	// first.
	starts := make([]token.Pos, len(fields))
	for i := range fields {
		starts[i] = ext[i].start
	}
	var lastLoose token.Pos
	for _, c := range comments {
		i := slices.IndexFunc(ext, func(e extent) bool { return e.start <= c.Pos() && c.End() <= e.end })
		if i >= 0 {
			within[i] = append(within[i], c)
			continue
		}
		i = 0
		for i < len(fields) && ext[i].start < c.Pos() {
			i++
		}
		if i == 0 && len(loose[0]) == 0 && line(c.Pos()) == headLine {
			head = append(head, c.Text)
			headLine = line(c.End())
			continue
		}
		text := c.Text
		switch {
		case len(loose[i]) == 0 && i < len(fields):
			starts[i] = c.Pos()
		case len(loose[i]) > 0 && hasBlankLine(src[tf.Offset(lastLoose):tf.Offset(c.Pos())]):
			// Comments standing apart keep the blank line between them.
			text = "\n" + text
		}
		lastLoose = c.End()
		loose[i] = append(loose[i], looseComment{text, c.Pos(), c.End()})
	}
	return &fieldSource{ext: ext, within: within, head: head, loose: loose, starts: starts}
}

// blankLines says which fields of the proposal's order a blank line
// goes before, keeping the groups a maintainer set apart with blank
// lines: between two fields of different groups where one of the groups
// stays together in the new order (moved as a unit, or not moved), so a
// group keeps its blank line and fields that leave a group leave none
// behind. between(i) is the source between field i-1 and field i's text
// (its loose comments, its doc comment), which holds a blank line where a
// group starts at i; a blank line between a comment standing alone and
// the field is no group's edge. Pads the proposal adds stay with the
// fields before them.
func blankLines(p *layout.Proposal, fieldOf []int, between func(i int) []byte) map[int]bool {
	var order []int // fields, in the new order
	for _, from := range p.From {
		if from >= 0 && !slices.Contains(order, fieldOf[from]) {
			order = append(order, fieldOf[from])
		}
	}
	if len(order) == 0 {
		return nil
	}
	group := make([]int, slices.Max(order)+1)
	for i := 1; i < len(group); i++ {
		group[i] = group[i-1]
		if hasBlankLine(between(i)) {
			group[i]++
		}
	}
	// A group stays together when its fields follow one another.
	together := map[int]bool{}
	for k, i := range order {
		together[group[i]] = !slices.ContainsFunc(order[:k], func(j int) bool { return group[j] == group[i] }) ||
			group[order[k-1]] == group[i] && together[group[i]]
	}
	out := map[int]bool{}
	for k := 1; k < len(order); k++ {
		a, b := group[order[k-1]], group[order[k]]
		out[order[k]] = a != b && (together[a] || together[b])
	}
	return out
}

// hasBlankLine reports whether the source between two pieces of code
// holds a line with nothing on it.
func hasBlankLine(between []byte) bool {
	lines := bytes.Split(between, []byte("\n"))
	return len(lines) > 2 && slices.ContainsFunc(lines[1:len(lines)-1], func(l []byte) bool { return len(bytes.TrimSpace(l)) == 0 })
}

func fileOf(pass *analysis.Pass, n ast.Node) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= n.Pos() && n.Pos() < f.FileEnd {
			return f
		}
	}
	return nil
}

// pads is what a fix does to the pads of a struct: those the proposal
// drops (it computes its own), and how it writes the ones it adds.
type pads struct {
	// dropped are the type expressions of the pads the proposal drops.
	dropped []ast.Expr
	// unit is the constant the dropped pads' lengths are written with
	// (xruntime.CacheLineSize in [xruntime.CacheLineSize - 8]byte), as
	// written, and its value; or a pad type they use whole
	// (cpu.CacheLinePad), and its size.
	unit  string
	value int64
	typed bool
}

// padsOf finds the pads the proposal drops and the constant or type
// their sizes are written with.
func padsOf(pass *analysis.Pass, st *ast.StructType, p *layout.Proposal, fieldOf []int) *pads {
	out := &pads{}
	kept := map[int]bool{}
	for _, from := range p.From {
		if from >= 0 {
			kept[fieldOf[from]] = true
		}
	}
	for i, f := range st.Fields.List {
		if !kept[i] {
			out.dropped = append(out.dropped, f.Type)
		}
	}
	for _, e := range out.dropped {
		if out.unit != "" {
			break
		}
		at, ok := e.(*ast.ArrayType)
		if !ok {
			if tv, ok := pass.TypesInfo.Types[e]; ok && tv.IsType() {
				out.unit, out.value, out.typed = types.ExprString(e), pass.TypesSizes.Sizeof(tv.Type), true
			}
			continue
		}
		ast.Inspect(at.Len, func(n ast.Node) bool {
			var id *ast.Ident
			switch x := n.(type) {
			case *ast.SelectorExpr:
				id = x.Sel
			case *ast.Ident:
				id = x
			default:
				return out.unit == ""
			}
			c, ok := pass.TypesInfo.Uses[id].(*types.Const)
			if !ok || out.unit != "" {
				return out.unit == ""
			}
			if v, exact := constant.Int64Val(constant.ToInt(c.Val())); exact && v > 0 {
				out.unit, out.value = types.ExprString(n.(ast.Expr)), v
			}
			return false
		})
	}
	return out
}

// text is the type of a pad of size bytes the proposal adds: a multiple
// of the unit less what the fields before it take, as the struct's own
// pads were written, [2*K - 16]byte for [K - 16]byte grown by a line of
// K; [2]T for a pad type T; a byte count when the pads were written as
// one.
func (p *pads) text(size int64) string {
	if p.unit == "" || p.value <= 0 {
		return fmt.Sprintf("[%d]byte", size)
	}
	n := (size + p.value - 1) / p.value
	if p.typed {
		switch {
		case size%p.value != 0:
			return fmt.Sprintf("[%d]byte", size)
		case n == 1:
			return p.unit
		}
		return fmt.Sprintf("[%d]%s", n, p.unit)
	}
	text := p.unit
	if n > 1 {
		text = fmt.Sprintf("%d*%s", n, p.unit)
	}
	if less := n*p.value - size; less > 0 {
		text += fmt.Sprintf(" - %d", less)
	}
	return "[" + text + "]byte"
}

// lastUse says why the fix may not drop the pads when one of them holds
// the file's last use of an import that the pads it adds (their types as
// written, added) do not use: the file would not compile, and dropping
// the import too would drop its init where nothing else imports it. ""
// when none does.
func (p *pads) lastUse(pass *analysis.Pass, file *ast.File, added []string) string {
	inDropped := map[*ast.Ident]bool{}
	for _, e := range p.dropped {
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				inDropped[id] = true
			}
			return true
		})
	}
	if len(inDropped) == 0 {
		return ""
	}
	uses := map[*types.PkgName]int{}
	dropped := map[*types.PkgName]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		if pn, ok := pass.TypesInfo.Uses[id].(*types.PkgName); ok {
			if inDropped[id] {
				dropped[pn] = true
			} else {
				uses[pn]++
			}
		}
		return true
	})
	for _, imp := range file.Imports {
		pn := pass.TypesInfo.PkgNameOf(imp)
		if pn == nil || !dropped[pn] || uses[pn] > 0 {
			continue
		}
		if slices.ContainsFunc(added, func(t string) bool { return strings.Contains(t, pn.Name()+".") }) {
			continue
		}
		return fmt.Sprintf("the pads it would drop hold the file's last use of %s (%s): without them the file does not compile, and without the import the package's init may not run",
			imp.Path.Value, pass.Fset.Position(imp.Pos()))
	}
	return ""
}

// fixBuys says why the fix to r's proposal for struct s, named name, is
// not worth writing, "" when it is. It judges the proposal as a run after
// the fix would judge the struct, at every line size of every build the
// pass checks, the pads the fix adds taken as separators where sep finds
// the evidence (asWritten). The fix may not add a finding s does not have
// (its own pad too short at some heap base at the largest line, say), nor
// bring more members into one (read-mostly fields moved onto a written
// field's line). And a fix that makes s bigger must remove at least one
// of the findings it is offered on, whole: bytes added to every object
// that leave each finding standing, in part, buy nothing a reviewer can
// see. A fix that removes some and leaves others is written, and says
// what it leaves.
func fixBuys(name string, s *layout.Struct, builds []reorg.Build, checks []*layout.Check, r reorg.Result, sep layout.Separators) string {
	if why := addsFinding(name, builds, checks, r.Findings, r.Proposal, sep); why != "" {
		return why
	}
	return growsForNothing(name, s, r)
}

// addsFinding says how proposal p adds to the findings of the struct
// named name, as a run after its fix would find them: a finding it does
// not have, or one with members it did not involve; "" when it does not.
func addsFinding(name string, builds []reorg.Build, checks []*layout.Check, findings []layout.Finding, p *layout.Proposal, sep layout.Separators) string {
	var lines []int64
	for _, b := range builds {
		lines = append(lines, b.Lines...)
	}
	slices.Sort(lines)
	for _, f := range reorg.AnalyzeWith(asWritten(p, sep), slices.Compact(lines), checks).Findings {
		i := slices.IndexFunc(findings, func(g layout.Finding) bool { return g.Check == f.Check && g.Key == f.Key })
		if i < 0 {
			return fmt.Sprintf("the fix would add a finding: %s: %s", name, f.Message)
		}
		// The same problem, with members it did not involve.
		if slices.ContainsFunc(f.Members, func(m string) bool { return !slices.Contains(findings[i].Members, m) }) {
			return fmt.Sprintf("the fix would make a finding worse: %s: %s", name, f.Message)
		}
	}
	return ""
}

// growsForNothing says why r's proposal makes s bigger for nothing: it
// removes none of the findings it is for whole; "" when it does not.
func growsForNothing(name string, s *layout.Struct, r reorg.Result) string {
	if p := r.Proposal.Struct; p.Size > s.Size && !slices.ContainsFunc(r.Findings, func(f layout.Finding) bool { return f.Check.Reorders() && f.Left == "" }) {
		return fmt.Sprintf("the fix would grow %s from %d to %d bytes and remove none of the findings it is for (%s)", name, s.Size, p.Size, r.Remains)
	}
	return ""
}

// asWritten is the struct of proposal p as a run after its fix would
// model it: a pad the fix adds separates the fields around it only where
// sep finds the evidence the source will show (else it is a blank field
// like any other), and the runs of fields between separators are
// numbered afresh (layout.MarkApart), as for any declaration.
func asWritten(p *layout.Proposal, sep layout.Separators) *layout.Struct {
	q := *p.Struct
	q.Members = slices.Clone(q.Members)
	for i := range q.Members {
		if i < len(p.From) && p.Inserted(i) {
			q.Members[i].Padding = sep(&q, i)
		}
	}
	layout.MarkApart(&q)
	return &q
}

// searchFix judges r's proposal for struct s, named name, as fixBuys
// does (sep: the evidence of the pads the fix writes), and when a run
// after the fix would find it wanting, the other orders
// reorg.Alternatives offers, cheapest first: it returns the result of
// the first that passes, or r and why no fix is written, with what was
// tried.
func searchFix(name string, s *layout.Struct, builds []reorg.Build, checks []*layout.Check, r reorg.Result, sep layout.Separators) (reorg.Result, string) {
	why := fixBuys(name, s, builds, checks, r, sep)
	if why == "" {
		return r, ""
	}
	alts, tried := reorg.Alternatives(builds, checks, r)
	for a := range alts {
		if addsFinding(name, builds, checks, r.Findings, a.Proposal, sep) != "" {
			continue
		}
		if res, ok := a.Result(); ok && growsForNothing(name, s, res) == "" {
			return res, ""
		}
	}
	if tried != "" {
		why += "; nor would any of " + tried
	}
	return r, why
}

// fixPads is the evidence a run after a fix to proposal p of declaration
// d would find that the pads it adds separate (golayout.FixPads): they
// are written as the declaration's own pads were (padsOf).
func (ps *passState) fixPads(d *golayout.Decl, p *layout.Proposal) layout.Separators {
	pads := padsOf(ps.pass, d.Type, p, d.FieldOf)
	return golayout.FixPads(pads.unit, pads.value, pads.typed)
}
