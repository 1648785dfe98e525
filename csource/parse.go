package csource

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// file is one C source file, read and split into tokens once.
type file struct {
	path string // as given, or joined with the folder it was found in
	src  []byte
	// lineOff holds the byte offset of each line's start, and one more
	// entry: the file's length.
	lineOff []int
	toks    []token
	// attrs are the object-like macros the file defines as attributes,
	// which may follow a member's name; aligned maps an alignment to a
	// macro the file defines as that aligned attribute.
	attrs   map[string]bool
	aligned map[int64]string
	// kernel says the file is written against the kernel's headers: its
	// idioms are the ones to write.
	kernel bool
	// lineKind says what each line holds: lineBlank, lineComment (a
	// comment and nothing else, or part of one) or lineCode.
	lineKind []byte
}

const (
	lineBlank byte = iota
	lineComment
	lineCode
)

func readFile(path string) (*file, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseFile(path, src)
}

func parseFile(path string, src []byte) (*file, error) {
	toks, err := tokenize(src)
	if err != nil {
		err.(*Error).File = path
		return nil, err
	}
	f := &file{path: path, src: src, toks: toks, attrs: map[string]bool{}, aligned: map[int64]string{}}
	f.lineOff = append(f.lineOff, 0)
	for i, c := range src {
		if c == '\n' && i+1 < len(src) {
			f.lineOff = append(f.lineOff, i+1)
		}
	}
	f.lineOff = append(f.lineOff, len(src))
	f.lineKind = make([]byte, f.nlines())
	for _, t := range toks {
		k := lineCode
		if t.kind == tComment {
			k = lineComment
		}
		for l := t.line; l <= t.endLine && l < len(f.lineKind); l++ {
			f.lineKind[l] = max(f.lineKind[l], k)
		}
	}
	for _, t := range toks {
		if t.kind == tDirective {
			f.learn(t.text)
		}
	}
	// <uapi/...> is a path only the kernel's own headers include by.
	f.kernel = bytes.Contains(src, []byte("#include <linux/")) || bytes.Contains(src, []byte("#include <net/")) ||
		bytes.Contains(src, []byte("#include <asm/")) || bytes.Contains(src, []byte("#include <uapi/")) ||
		bytes.Contains(src, []byte("__cacheline_group_")) ||
		bytes.Contains(src, []byte("____cacheline_aligned"))
	return f, nil
}

// learn records what a #define says about attributes.
func (f *file) learn(directive string) {
	name, body, ok := defineOf(directive)
	if !ok || strings.Contains(name, "(") {
		return
	}
	if strings.Contains(body, "__attribute__") || strings.Contains(body, "__aligned") || knownAttr[strings.TrimSpace(body)] {
		f.attrs[name] = true
	}
	// __attribute__((aligned(N))) or ((__aligned__(N))), N a number.
	compact := strings.Join(strings.Fields(body), "")
	for _, pre := range []string{"__attribute__((aligned(", "__attribute__((__aligned__("} {
		if rest, ok := strings.CutPrefix(compact, pre); ok {
			if n, err := strconv.ParseInt(strings.TrimSuffix(rest, ")))"), 0, 64); err == nil && strings.HasSuffix(rest, ")))") {
				if _, dup := f.aligned[n]; !dup {
					f.aligned[n] = name
				}
			}
		}
	}
}

// defineOf splits "#define NAME BODY" (continuations joined, comments
// dropped).
func defineOf(directive string) (name, body string, ok bool) {
	d := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(directive), "#"))
	d, ok = strings.CutPrefix(d, "define")
	if !ok || d == "" || (d[0] != ' ' && d[0] != '\t') {
		return "", "", false
	}
	d = strings.ReplaceAll(d, "\\\n", " ")
	for {
		i := strings.Index(d, "/*")
		if i < 0 {
			break
		}
		j := strings.Index(d[i:], "*/")
		if j < 0 {
			d = d[:i]
			break
		}
		d = d[:i] + " " + d[i+j+2:]
	}
	d = strings.TrimSpace(d)
	end := 0
	for end < len(d) && isIdentPart(d[end]) {
		end++
	}
	if end < len(d) && d[end] == '(' {
		return d[:end] + "(", "", true
	}
	return d[:end], strings.TrimSpace(d[end:]), end > 0
}

// knownAttr are the attributes of the kernel's and DPDK's headers that
// may stand after a member's name.
var knownAttr = map[string]bool{
	"____cacheline_aligned": true, "____cacheline_aligned_in_smp": true,
	"__cacheline_aligned": true, "__cacheline_aligned_in_smp": true,
	"____cacheline_internodealigned_in_smp": true,
	"__packed":                              true, "__randomize_layout": true, "__no_randomize_layout": true,
	"__maybe_unused": true, "__deprecated": true, "__read_mostly": true,
	"__rte_cache_aligned": true, "__rte_cache_min_aligned": true, "__rte_packed": true,
}

// qualifiers may stand between a pointer's star and its name.
var qualifiers = map[string]bool{
	"const": true, "volatile": true, "restrict": true, "__restrict": true, "_Atomic": true,
	"__rcu": true, "__percpu": true, "__iomem": true, "__user": true, "__force": true, "__private": true,
}

// typeWords are the keywords that name a type; a bit-field whose
// declarator is one of them has no name.
var typeWords = map[string]bool{
	"void": true, "char": true, "short": true, "int": true, "long": true, "float": true, "double": true,
	"signed": true, "unsigned": true, "_Bool": true, "bool": true, "_Complex": true,
}

func (f *file) attr(name string) bool { return knownAttr[name] || f.attrs[name] }

// nlines is the number of lines of the file.
func (f *file) nlines() int { return len(f.lineOff) - 1 }

// text is line i without its newline.
func (f *file) text(i int) string {
	return strings.TrimSuffix(string(f.src[f.lineOff[i]:f.lineOff[i+1]]), "\n")
}

// def is a struct's definition.
type def struct {
	f    *file
	name string
	// line is that of the struct keyword; open and close those of the
	// braces; closeOff the offset of the closing brace.
	line, open, close int
	closeOff          int
	elems             []*element
	// absent are the conditional blocks declaring none of the binary's
	// members, which match joins to a neighbour.
	absent []absentBlock
	// tail is the first line after the last element: comments and blank
	// lines before the closing brace stay there.
	tail int
}

// absentBlock is a conditional block declaring none of the binary's
// members (a configuration it was not built with), and the member it
// stays next to: after it, or before it when the block comes first.
type absentBlock struct {
	e      *element
	member int
	before bool
}

// element is what moves as one: a declaration, or declarations sharing a
// line, or a preprocessor conditional block, with the comments and blank
// lines before it (from first) and a comment on its last line.
type element struct {
	first, start, last int // 0-based lines: leading lines from first, the code from start
	decls              []*decl
	block              bool // an #if, #ifdef or #ifndef block, to its #endif
	// unnamed are the unnamed bit-fields just before it, which decide
	// where its first member goes.
	unnamed []*unnamedBits
	// members are the indices of the binary's top-level members it
	// declares, in order.
	members []int
}

// splittable reports whether e is one declaration of several names that
// may become one declaration each.
func (e *element) splittable() bool {
	return !e.block && e.start == e.last && len(e.decls) == 1 && e.decls[0].splittable()
}

// decl is one member declaration.
type decl struct {
	line  int     // 0-based line it starts on
	toks  []token // without comments, up to and including the ';'
	parts []part
	// macro is the member-declaring macro it invokes, "" if none.
	macro string
	// typeEnd is the offset where the first declarator starts: what is
	// before it is the type every declarator shares.
	typeEnd int
}

func (d *decl) semi() int { return d.toks[len(d.toks)-1].off }

func (d *decl) splittable() bool {
	if d.macro != "" || len(d.parts) < 2 {
		return false
	}
	for _, t := range d.toks {
		if t.off >= d.typeEnd {
			break
		}
		if t.text == "{" {
			return false
		}
	}
	return true
}

// part is one declarator.
type part struct {
	name  string   // "" for an anonymous struct or union
	inner []string // the names declared inside an anonymous member
	// off and end are the declarator's bytes (for the first, from
	// typeEnd), without the comma after it.
	off, end int
	// unnamed is set for an unnamed bit-field, which declares no member
	// but decides where the bit-fields after it go.
	unnamed *unnamedBits
}

// unnamedBits is an unnamed bit-field: its type's size and its width.
type unnamedBits struct {
	size, width int64
}

// scalarSizes are the sizes of the types an unnamed bit-field may have
// (LP64).
var scalarSizes = map[string]int64{
	"char": 1, "_Bool": 1, "bool": 1, "short": 2, "int": 4, "unsigned": 4, "signed": 4, "long": 8,
	"u8": 1, "u16": 2, "u32": 4, "u64": 8, "s8": 1, "s16": 2, "s32": 4, "s64": 8,
	"__u8": 1, "__u16": 2, "__u32": 4, "__u64": 8,
	"uint8_t": 1, "uint16_t": 2, "uint32_t": 4, "uint64_t": 8, "int8_t": 1, "int16_t": 2, "int32_t": 4, "int64_t": 8,
}

// findDefs returns the definitions of struct name in f.
func (f *file) findDefs(name string) ([]*def, error) {
	var defs []*def
	for i, t := range f.toks {
		if t.kind != tIdent || t.text != "struct" {
			continue
		}
		j := f.skipAttrs(f.nextCode(i + 1))
		if j >= len(f.toks) || f.toks[j].text != name {
			continue
		}
		k := f.skipAttrs(f.nextCode(j + 1))
		if k >= len(f.toks) || f.toks[k].text != "{" {
			continue
		}
		d, err := f.parseDef(name, i, k)
		if err != nil {
			return nil, err
		}
		defs = append(defs, d)
	}
	return defs, nil
}

// nextCode is the index of the first token from i that is neither a
// comment nor a preprocessor line.
func (f *file) nextCode(i int) int {
	for i < len(f.toks) && (f.toks[i].kind == tComment || f.toks[i].kind == tDirective) {
		i++
	}
	return i
}

// skipAttrs skips attributes from i: __attribute__((...)), __aligned(N),
// the known attribute words.
func (f *file) skipAttrs(i int) int {
	for i < len(f.toks) {
		t := f.toks[i]
		if t.kind != tIdent {
			return i
		}
		if f.attr(t.text) {
			i = f.nextCode(i + 1)
			continue
		}
		if t.text == "__attribute__" || t.text == "__attribute" || t.text == "__aligned" {
			j := f.nextCode(i + 1)
			if j < len(f.toks) && f.toks[j].text == "(" {
				i = f.nextCode(f.closing(j) + 1)
				continue
			}
		}
		return i
	}
	return i
}

// closing is the index of the bracket closing the one at i, or
// len(f.toks) when none does.
func (f *file) closing(i int) int { return closingIn(f.toks, i) }

func closingIn(toks []token, i int) int {
	depth := 0
	for j := i; j < len(toks); j++ {
		if toks[j].kind != tPunct {
			continue
		}
		switch toks[j].text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(toks)
}

func (f *file) errAt(tok token, format string, args ...any) *Error {
	return &Error{File: f.path, Line: tok.line + 1, Msg: fmt.Sprintf(format, args...)}
}

// directive is the word after a preprocessor line's '#'.
func directive(text string) string {
	d := strings.TrimLeft(strings.TrimPrefix(strings.TrimSpace(text), "#"), " \t")
	end := 0
	for end < len(d) && isIdentPart(d[end]) {
		end++
	}
	return d[:end]
}

// parseDef parses the definition whose struct keyword is token kw and
// whose opening brace is token ob.
func (f *file) parseDef(name string, kw, ob int) (*def, error) {
	cb := f.closing(ob)
	if cb >= len(f.toks) {
		return nil, f.errAt(f.toks[ob], "the opening brace is never closed")
	}
	d := &def{f: f, name: name, line: f.toks[kw].line, open: f.toks[ob].line, close: f.toks[cb].line, closeOff: f.toks[cb].off}
	if j := ob + 1; j < cb && f.toks[j].kind != tComment && f.toks[j].line == d.open {
		return nil, f.errAt(f.toks[j], "a member on the line of the opening brace: not supported")
	}
	if f.toks[cb-1].endLine == d.close && cb-1 != ob {
		return nil, f.errAt(f.toks[cb], "the closing brace shares its line with what comes before it: not supported")
	}
	prevLast := d.open
	var cur *element
	add := func(e *element) {
		if cur != nil && e.start <= cur.last {
			// Shares a line with the element before: one element.
			cur.decls = append(cur.decls, e.decls...)
			cur.block = cur.block || e.block
			cur.last = max(cur.last, e.last)
		} else {
			e.first = prevLast + 1
			d.elems = append(d.elems, e)
			cur = e
		}
		prevLast = cur.last
	}
	for i := ob + 1; i < cb; {
		t := f.toks[i]
		switch t.kind {
		case tComment:
			if cur != nil && t.line == cur.last {
				cur.last = t.endLine
				prevLast = cur.last
			}
			i++
			continue
		case tDirective:
			switch w := directive(t.text); w {
			case "if", "ifdef", "ifndef":
				e, next, err := f.parseBlock(name, i, cb)
				if err != nil {
					return nil, err
				}
				add(e)
				i = next
			case "define", "undef":
				i++
			default:
				return nil, f.errAt(t, "#%s inside the struct: not understood", w)
			}
			continue
		}
		dc, next, err := f.parseDecl(name, i, cb)
		if err != nil {
			return nil, err
		}
		add(&element{start: dc.line, last: f.toks[next-1].endLine, decls: []*decl{dc}})
		i = next
	}
	d.tail = prevLast + 1
	return d, nil
}

// parseBlock parses the conditional block whose #if is token i, inside a
// struct whose closing brace is token cb; it returns the index after its
// #endif.
func (f *file) parseBlock(name string, i, cb int) (*element, int, error) {
	e := &element{start: f.toks[i].line, block: true}
	depth := 0
	for j := i; j < cb; {
		t := f.toks[j]
		switch t.kind {
		case tComment:
			j++
			continue
		case tDirective:
			switch w := directive(t.text); w {
			case "if", "ifdef", "ifndef":
				depth++
			case "endif":
				depth--
				if depth == 0 {
					e.last = t.endLine
					return e, j + 1, nil
				}
			case "else", "elif", "elifdef", "elifndef", "define", "undef", "error", "warning":
				// #error and #warning only stop a configuration the
				// block's other branches do not build.
			default:
				return nil, 0, f.errAt(t, "#%s inside the struct: not understood", w)
			}
			j++
			continue
		}
		dc, next, err := f.parseDecl(name, j, cb)
		if err != nil {
			return nil, 0, err
		}
		e.decls = append(e.decls, dc)
		j = next
	}
	return nil, 0, f.errAt(f.toks[i], "no #endif closes this block before the struct ends")
}

// parseDecl parses the declaration starting at token i, which must end
// before token cb; it returns the index after its ';'.
func (f *file) parseDecl(name string, i, cb int) (*decl, int, error) {
	dc := &decl{line: f.toks[i].line}
	depth := 0
	for j := i; j < cb; j++ {
		t := f.toks[j]
		switch t.kind {
		case tComment:
			continue
		case tDirective:
			if depth == 0 {
				return nil, 0, f.errAt(t, "a preprocessor line inside the declaration that starts on line %d: not understood", dc.line+1)
			}
			continue
		case tPunct:
			switch t.text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
			}
		}
		dc.toks = append(dc.toks, t)
		if depth == 0 && t.text == ";" {
			if err := f.declarators(dc); err != nil {
				return nil, 0, err
			}
			return dc, j + 1, nil
		}
	}
	return nil, 0, f.errAt(f.toks[i], "no ';' ends this declaration")
}

// memberMacros are the kernel's macros that declare members, with the
// argument that names each member they declare (-1: the member list of a
// struct_group, declared in an anonymous union).
var memberMacros = map[string]func(args []string) []string{
	"__cacheline_group_begin":         func(a []string) []string { return []string{"__cacheline_group_begin__" + a[0]} },
	"__cacheline_group_begin_aligned": func(a []string) []string { return []string{"__cacheline_group_begin__" + a[0]} },
	"__cacheline_group_end":           func(a []string) []string { return []string{"__cacheline_group_end__" + a[0]} },
	"__cacheline_group_end_aligned": func(a []string) []string {
		return []string{"__cacheline_group_end__" + a[0], "__cacheline_group_pad__" + a[0]}
	},
	"DECLARE_BITMAP":    func(a []string) []string { return []string{a[0]} },
	"DECLARE_HASHTABLE": func(a []string) []string { return []string{a[0]} },
}

// anonMacros are the kernel's macros that declare an anonymous union,
// with the names it holds: netdevice.h's NET_DEV_STAT(FIELD) is
// union { unsigned long FIELD; atomic_long_t __FIELD; }.
var anonMacros = map[string]func(args []string) []string{
	"NET_DEV_STAT": func(a []string) []string { return []string{a[0], "__" + a[0]} },
}

// groupMacros are the kernel's struct_group family: an anonymous union
// of the members, given from argument members on, and a struct of them
// named by argument name.
var groupMacros = map[string]struct{ name, members int }{
	"struct_group":        {0, 1},
	"struct_group_attr":   {0, 2},
	"struct_group_tagged": {1, 2},
	"__struct_group":      {1, 3},
	// DECLARE_FLEX_ARRAY(TYPE, NAME): an anonymous struct holding an
	// empty struct __empty_NAME and NAME.
	"DECLARE_FLEX_ARRAY":   {1, -1},
	"__DECLARE_FLEX_ARRAY": {1, -1},
}

// declarators fills in dc's parts.
func (f *file) declarators(dc *decl) error {
	toks := dc.toks[:len(dc.toks)-1]
	if len(toks) == 0 {
		return f.errAt(dc.toks[0], "an empty declaration")
	}
	first := toks[0]
	if first.kind == tIdent && len(toks) > 1 && toks[1].text == "(" {
		end := closingIn(toks, 1)
		if end < len(toks) && f.onlyAttrs(toks[end+1:]) {
			return f.macroDecl(dc, first.text, toks[2:end])
		}
	}
	parts := splitTop(toks, ",")
	for k, p := range parts {
		pt, start, err := f.declarator(p, k == 0)
		if err != nil {
			return err
		}
		if k == 0 {
			dc.typeEnd = start
		}
		if k > 0 {
			pt.off = p[0].off
		} else {
			pt.off = start
		}
		pt.end = p[len(p)-1].end
		if to, ok := kernelRenames[pt.name]; ok && f.kernel {
			pt.name = to
		}
		dc.parts = append(dc.parts, pt)
	}
	return nil
}

// kernelRenames are the names the kernel's headers #define to others, so
// that a member declared with one has the other in the binary:
// <linux/types.h> has "#define rcu_head callback_head".
var kernelRenames = map[string]string{"rcu_head": "callback_head"}

// onlyAttrs reports whether toks are attributes only.
func (f *file) onlyAttrs(toks []token) bool {
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.kind == tIdent && f.attr(t.text):
		case t.kind == tIdent && i+1 < len(toks) && toks[i+1].text == "(":
			i = closingIn(toks, i+1)
		default:
			return false
		}
	}
	return true
}

// macroDecl is a declaration that is a macro invocation: one of those
// whose members are known, or an error.
func (f *file) macroDecl(dc *decl, name string, argToks []token) error {
	args := splitTop(argToks, ",")
	words := make([]string, len(args))
	for i, a := range args {
		if len(a) == 1 && a[0].kind == tIdent {
			words[i] = a[0].text
		}
	}
	dc.macro = name
	dc.typeEnd = dc.toks[0].off
	end := dc.toks[len(dc.toks)-2].end
	if fn, ok := memberMacros[name]; ok && len(args) > 0 && words[0] != "" {
		for _, n := range fn(words) {
			dc.parts = append(dc.parts, part{name: n, off: dc.typeEnd, end: end})
		}
		return nil
	}
	if fn, ok := anonMacros[name]; ok && len(args) > 0 && words[0] != "" {
		dc.parts = append(dc.parts, part{inner: fn(words), off: dc.typeEnd, end: end})
		return nil
	}
	if g, ok := groupMacros[name]; ok && len(args) > g.name && words[g.name] != "" {
		inner := []string{words[g.name]}
		if g.members < 0 {
			inner = []string{"__empty_" + words[g.name], words[g.name]}
		}
		if g.members >= 0 && len(args) > g.members {
			// The members are the rest of the arguments, commas and all.
			from := args[g.members][0].off
			var body []token
			for _, t := range argToks {
				if t.off >= from {
					body = append(body, t)
				}
			}
			names, err := f.bodyNames(body)
			if err != nil {
				return err
			}
			inner = append(names, inner...)
		}
		dc.parts = append(dc.parts, part{inner: inner, off: dc.typeEnd, end: end})
		return nil
	}
	return f.errAt(dc.toks[0], "%s(...) is a macro: which members it declares cannot be told without expanding it", name)
}

// bodyNames lists the names a struct or union body declares, those of
// its anonymous members included, in every branch of its conditionals.
func (f *file) bodyNames(toks []token) ([]string, error) {
	var names []string
	var cur []token
	depth := 0
	for _, t := range toks {
		if t.kind == tComment || t.kind == tDirective {
			continue
		}
		if t.kind == tPunct {
			switch t.text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
			}
		}
		cur = append(cur, t)
		if depth == 0 && t.text == ";" {
			dc := &decl{line: cur[0].line, toks: cur}
			if err := f.declarators(dc); err != nil {
				return nil, err
			}
			for _, p := range dc.parts {
				if p.name != "" {
					names = append(names, p.name)
				}
				names = append(names, p.inner...)
			}
			cur = nil
		}
	}
	return names, nil
}

// splitTop splits toks at sep outside brackets.
func splitTop(toks []token, sep string) [][]token {
	var out [][]token
	depth, start := 0, 0
	for i, t := range toks {
		if t.kind != tPunct {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case sep:
			if depth == 0 {
				out = append(out, toks[start:i])
				start = i + 1
			}
		}
	}
	return append(out, toks[start:])
}

// declarator finds the name p declares and the offset its declarator
// starts at (after the type); first says p is the declaration's first
// declarator, which holds the type.
func (f *file) declarator(p []token, first bool) (part, int, error) {
	if len(p) == 0 {
		return part{}, 0, &Error{File: f.path, Msg: "an empty declarator"}
	}
	at := p[0]
	bits := false
	var width []token
	for i, q := range splitTop(p, ":") {
		if i == 1 {
			bits = true
			width = q
			p = p[:len(p)-len(q)-1]
		}
	}
	if len(p) == 0 {
		return part{}, 0, f.errAt(at, "a bit-field with neither type nor name")
	}
	// A function pointer or a pointer to an array: (*name)(...), (*name)[N].
	for i := 0; i < len(p); i++ {
		if p[i].kind == tPunct && (p[i].text == "{" || p[i].text == "[") {
			i = closingIn(p, i)
			continue
		}
		if p[i].text != "(" || p[i].kind != tPunct {
			continue
		}
		end := closingIn(p, i)
		if end >= len(p) {
			break
		}
		if i+1 < end && (p[i+1].text == "*" || p[i+1].text == "^") && (end+1 == len(p) || p[end+1].text == "(" || p[end+1].text == "[") {
			name := ""
			for _, t := range p[i+1 : end] {
				if t.text == "(" || t.text == "[" {
					break
				}
				if t.kind == tIdent && !qualifiers[t.text] && !f.attr(t.text) {
					name = t.text
				}
			}
			if name == "" {
				return part{}, 0, f.errAt(p[i], "a function pointer without a name: not understood")
			}
			return part{name: name}, p[i].off, nil
		}
		i = end
	}
	for k := len(p) - 1; k >= 0; {
		t := p[k]
		switch {
		case t.text == "]" && t.kind == tPunct:
			k = openingIn(p, k) - 1
		case t.text == ")" && t.kind == tPunct:
			o := openingIn(p, k)
			if o <= 0 || p[o-1].kind != tIdent {
				return part{}, 0, f.errAt(t, "a declarator ending in a parenthesis: not understood")
			}
			k = o - 2 // an attribute or macro call after the name
		case t.kind == tIdent && (f.attr(t.text) || k > 0 && p[k-1].kind == tPunct && p[k-1].text == "]"):
			// A word after an array's ']' is an attribute macro
			// (CRYPTO_MINALIGN_ATTR), whatever header defines it.
			k--
		case t.kind == tIdent:
			if bits && first && (typeWords[t.text] || k == 0) {
				u, err := f.unnamed(p, width)
				return part{unnamed: u}, p[0].off, err
			}
			return part{name: t.text}, declStart(p, k), nil
		case t.text == "}" && t.kind == tPunct:
			o := openingIn(p, k)
			if o >= 2 && p[o-1].kind == tIdent && !f.attr(p[o-1].text) && (p[o-2].text == "struct" || p[o-2].text == "union") {
				return part{}, 0, f.errAt(t, "struct %s defined inside the struct declares no member: not supported", p[o-1].text)
			}
			names, err := f.bodyNames(p[o+1 : k])
			if err != nil {
				return part{}, 0, err
			}
			return part{inner: names}, p[len(p)-1].end, nil
		default:
			return part{}, 0, f.errAt(t, "%q where a member's name should be: not understood", t.text)
		}
	}
	return part{}, 0, f.errAt(at, "a declaration without a name: not understood")
}

// unnamed reads an unnamed bit-field of type typ and width.
func (f *file) unnamed(typ, width []token) (*unnamedBits, error) {
	u := &unnamedBits{}
	for _, t := range typ {
		n, ok := scalarSizes[t.text]
		if !ok && !qualifiers[t.text] {
			return nil, f.errAt(t, "an unnamed bit-field of type %q: its size is not known here", t.text)
		}
		if t.text == "long" && u.size == 8 {
			continue // long long
		}
		if n > u.size || t.text == "short" || t.text == "char" {
			u.size = n
		}
	}
	if len(width) != 1 || width[0].kind != tNumber {
		return nil, f.errAt(typ[0], "an unnamed bit-field whose width is not a number: not understood")
	}
	w, err := strconv.ParseInt(width[0].text, 0, 64)
	if err != nil || u.size == 0 {
		return nil, f.errAt(typ[0], "an unnamed bit-field: not understood")
	}
	u.width = w
	return u, nil
}

// openingIn is the index of the bracket that the one at i closes.
func openingIn(toks []token, i int) int {
	depth := 0
	for j := i; j >= 0; j-- {
		if toks[j].kind != tPunct {
			continue
		}
		switch toks[j].text {
		case ")", "]", "}":
			depth++
		case "(", "[", "{":
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// declStart is where the declarator of the name at p[k] starts: at the
// first star of the pointer stars and qualifiers before it.
func declStart(p []token, k int) int {
	start := k
	for j := k - 1; j >= 0 && (p[j].text == "*" || p[j].kind == tIdent && qualifiers[p[j].text]); j-- {
		if p[j].text == "*" {
			start = j
		}
	}
	return p[start].off
}
