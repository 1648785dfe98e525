package profile

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/packages"
)

// srcFile is one Go file of the load.
type srcFile struct {
	name   string
	pkg    *packages.Package
	syntax *ast.File
	index  *fileIndex // built when a profile first names the file
	// writes and captured are built with the index.
	writes   map[ast.Expr]writeKind
	captured map[*types.Var]bool
	// fresh are the local variables that hold an object the function
	// allocates (&T{...}, new(T)), with the uses of each, in order:
	// built on first use.
	fresh    map[*types.Var]*freshVar
	loops    []ast.Node     // the loops of the file, found with fresh
	literals []*ast.FuncLit // its function literals, found with fresh
}

type funcDecl struct {
	decl *ast.FuncDecl
	file *srcFile
}

// fileIndex maps the lines of one file to what they access, line by line
// and, on a line shared by a function and a function literal in it, by
// the function each access is in: a sample names its function.
type fileIndex struct {
	lines map[lineKey]*lineInfo
	// funcs lists the lines' functions by line, for profiles that do not
	// give a function's start line.
	funcs map[int][]lineKey
	// lit says which function start lines are function literals'.
	lit map[int]bool
	// fns are the functions of the file by start line.
	fns map[int]*funcInfo
	// straights are the straight lines of the bodies of the file.
	straights []*straightLine
}

// lineInfo is what executing one source line implies about field accesses.
type lineInfo struct {
	line int
	// own are the accesses written on the line, but for cond's.
	own []access
	// calls are what the functions called on the line always access. Like
	// dom, they count only when no frame nearer the leaf is in a loop or
	// in the runtime's waiting or allocating (shared): otherwise the
	// callee runs its entry once for many samples.
	calls []access
	// cond are the operands of && and || on the line that an operand
	// before them on the same line decides whether to evaluate: a sample
	// of the line does not show that they ran, unless it was taken in a
	// function that only such an operand calls (callsOn).
	cond    []*condOperand
	callsOn []callSite
	// dom are the accesses of the statements that must have run, in the
	// same invocation, for the line to run: earlier statements of the
	// same block and of enclosing blocks, and the headers of enclosing
	// statements, up to the innermost enclosing loop's header. They run as
	// often as the line does, whatever their own share of the samples.
	dom *chain
	// post are the accesses of the statements that must run after the
	// line in the same invocation: later statements of its block up to
	// the first that may leave it, and so on outwards, up to the
	// innermost enclosing loop's body.
	post *chain
	// inLoop says the line is in a loop body or loop header of its
	// function: the function's other statements run less often than it.
	inLoop bool
	// owned says a statement has set dom, post and inLoop: the first to reach a
	// line, the outermost on it, keeps it.
	owned bool
	// fn is the function the line is in; nil outside any.
	fn *funcInfo
	// straight is the straight line of the innermost body, a function's or
	// a loop's, the line is in: every run of the body runs it.
	straight *straightLine
	// guards are the guards whose leaving branch the line is in.
	guards []*guard
}

// funcInfo is one function of a file, declared or literal, as the
// profile rules see it.
type funcInfo struct {
	file  *srcFile
	start int         // the line of its func keyword
	obj   *types.Func // nil for a function literal
	recv  string      // the receiver's name, "" for none
	body  *ast.BlockStmt
}

// straightLine is what every run of a body, a function's or a loop's,
// runs: its statements up to one that may leave, past the guards.
type straightLine struct {
	segs []segment
	fn   int // the start line of the function the body is in
}

// segment is a piece of a straight line: the statements of a body that
// run every time, up to a guard or to the end.
type segment struct {
	accs []access
	// guard ends the segment: the segments after it run when the call
	// passes the guard; nil for the last segment.
	guard *guard
}

// guard is a statement of a body one of whose branches leaves it (if x ==
// nil { return }, if stale { continue }) while the other goes on.
type guard struct {
	// pass is what going on past the guard runs, beyond the guard's
	// header: its condition with the outcome that goes on, and the
	// branch that does.
	pass []access
	// leave is the branch that leaves.
	leave ast.Node
}

// access is one read or write of a struct field by the code on a line.
type access struct {
	field int32 // index into Program.fields
	write bool
}

// writeKind says how a statement writes an expression.
type writeKind int8

const (
	// modified: the old value is read or kept in part (x.f += 1,
	// x.f.g = 1 for x.f, atomic adds, x.mu.Lock()).
	modified writeKind = iota + 1
	// stored: the value is replaced whole (x.f = v).
	stored
)

// freshVar is a local variable holding an object its function allocates.
type freshVar struct {
	decl token.Pos
	// fresh, for a struct value v := T{...}, are the fields the literal
	// sets to an object it allocates; nil for v := &T{...} or new(T).
	fresh []string
	// uses are its identifiers past the declaration, in source order,
	// each with whether it is the operand of a field selector (v.f).
	uses []freshUse
}

type freshUse struct {
	pos   token.Pos
	field bool
}

// condOperand is an operand of && or || that an earlier operand on its
// line may leave unevaluated: its selectors and what its calls always
// access, on that line.
type condOperand struct {
	own, calls []access
}

// callSite is a call on a line: the name a profile gives its callee
// (calleeName), and the conditional operands of the line it lies in.
type callSite struct {
	name  string
	iface bool
	in    []*condOperand
}

// chain is a linked list of the header accesses of statements.
type chain struct {
	accs   []access
	parent *chain
}

// lineKey is a line of a function: the line, and the line of the func
// keyword of the innermost function (declared or literal) it lies in; 0
// outside any function.
type lineKey struct{ line, fn int }

// accesses are what every run of the body does that passes the guards
// that took no sample (taken holds those that did): a guard whose leaving
// branch no sample landed in is taken seldom if ever, and what follows it
// runs as often as the body.
func (sl *straightLine) accesses(taken map[*guard]bool) []access {
	var out []access
	for _, s := range sl.segs {
		out = appendAccesses(out, s.accs)
		if s.guard == nil || taken[s.guard] {
			break
		}
		out = appendAccesses(out, s.guard.pass)
	}
	return out
}

// appendAccess adds a to as, merging it with an access of the same field:
// a field both read and written on a line counts as written.
func appendAccess(as []access, a access) []access {
	for i := range as {
		if as[i].field == a.field {
			as[i].write = as[i].write || a.write
			return as
		}
	}
	return append(as, a)
}

// appendAccesses adds every access of bs to as.
func appendAccesses(as, bs []access) []access {
	for _, b := range bs {
		as = appendAccess(as, b)
	}
	return as
}
