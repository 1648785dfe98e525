package profile

import (
	"go/ast"
	"go/types"
)

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

// straight splits the statements of a body into the segments of its
// straight line: each statement that cannot leave the body adds what it
// certainly accesses (mustStmt), a guard ends a segment, and any other
// statement that may leave ends the line after its header.
func (p *Program) straight(f *srcFile, list []ast.Stmt, depth int) []segment {
	var segs []segment
	var cur []access
	for _, s := range list {
		switch {
		case jumps(s):
			return append(segs, segment{accs: appendAccesses(cur, p.headerAccesses(f, s, depth))})
		case !p.mayLeave(s):
			cur = p.mustStmt(f, s, cur, depth)
		default:
			cur = appendAccesses(cur, p.headerAccesses(f, s, depth))
			g := p.guardOf(f, s, depth)
			if g == nil {
				return append(segs, segment{accs: cur})
			}
			segs = append(segs, segment{accs: cur, guard: g})
			cur = nil
		}
	}
	return append(segs, segment{accs: cur})
}

// guardOf returns s as a guard: an if one of whose branches always
// leaves while the other cannot leave, nil when s is none.
func (p *Program) guardOf(f *srcFile, s ast.Stmt, depth int) *guard {
	is, ok := s.(*ast.IfStmt)
	if !ok {
		return nil
	}
	switch {
	case terminates(is.Body.List) && (is.Else == nil || !p.mayLeave(is.Else)):
		pass := p.mustIn(f, is.Cond, isFalse, nil, depth)
		if is.Else != nil {
			pass = p.mustStmt(f, is.Else, pass, depth)
		}
		return &guard{pass: pass, leave: is.Body}
	case is.Else != nil && !completes(is.Else) && !p.mayLeave(is.Body):
		pass := p.mustBlock(f, is.Body.List, p.mustIn(f, is.Cond, isTrue, nil, depth), depth)
		return &guard{pass: pass, leave: is.Else}
	}
	return nil
}

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
