package profile

import (
	"go/ast"
	"go/types"

	"github.com/cachelint/cachelint/layout"
)

// maxStack is the depth at which runtime/pprof cuts a CPU profile's
// stacks: a stack that deep may have lost its bottom.
const maxStack = 64

// runParallel is the function testing.B.RunParallel starts one goroutine
// of per core.
const runParallel = "testing.(*B).RunParallel.func1"

// sequential names goroutines that run one after the other as the one
// they hand over to: testing runs a benchmark's first round on a goroutine
// of run1's, and the rounds after it, and the next benchmarks, on
// launch's, started when the first has ended. Neither runs while the
// other does, so they share no line between cores.
var sequential = map[string]string{"testing.(*B).run1.func1": "testing.(*B).launch"}

// goroutineOf names the goroutine sample s ran on by the function at the
// bottom of its stack: the function a go statement started, or main.main
// under runtime.main. Samples of one name may be of many goroutines that
// one go statement starts, which Many says when the load shows it
// (startsMany); samples of two names are of two goroutines. Func is ""
// for a stack that may have been cut (maxStack).
func (p *Program) goroutineOf(s pprofStack, locs []loc) layout.Goroutine {
	n := 0
	for _, l := range s.locations {
		n += len(locs[l].frames)
	}
	if n >= maxStack {
		return layout.Goroutine{}
	}
	for i := len(s.locations) - 1; i >= 0; i-- {
		frames := locs[s.locations[i]].frames
		for j := len(frames) - 1; j >= 0; j-- {
			fr := frames[j]
			switch fr.name {
			case "runtime.goexit", "runtime.main":
				continue
			}
			name := frameName(fr.name)
			if to, ok := sequential[name]; ok {
				name = to
			}
			g := layout.Goroutine{Func: name, Many: fr.name == runParallel}
			if len(fr.lines) > 0 && fr.lines[0].fn != nil {
				g.Many = g.Many || p.startsMany(fr.lines[0].fn)
			}
			return g
		}
	}
	return layout.Goroutine{}
}

// funcKey names a function by the file and line of its func keyword.
type funcKey struct {
	file string
	line int
}

// startsMany reports whether many goroutines of the load run fn, on what
// they share (manyStarts).
func (p *Program) startsMany(fn *funcInfo) bool {
	if p.manyStarts == nil {
		p.manyStarts = p.findManyStarts()
	}
	return p.manyStarts[funcKey{p.fset.Position(fn.body.Lbrace).Filename, fn.start}]
}

// findManyStarts finds the function literals that a go statement in a
// loop starts (or passes to a Go method in a loop: sync.WaitGroup's,
// errgroup.Group's) with no argument and no variable declared in the
// loop: each goroutine of it sees only what all see, as a pool's workers
// on shared state do. A goroutine given its own connection or index
// (go serve(conn), go func() { work(shards[i]) }()) is left out: the
// objects it works on may be its own.
func (p *Program) findManyStarts() map[funcKey]bool {
	out := map[funcKey]bool{}
	seen := map[*ast.File]bool{}
	for _, f := range p.files {
		if seen[f.syntax] {
			continue
		}
		seen[f.syntax] = true
		info := f.pkg.TypesInfo
		var stack []ast.Node
		ast.Inspect(f.syntax, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			var lit *ast.FuncLit
			switch n := n.(type) {
			case *ast.GoStmt:
				if len(n.Call.Args) == 0 {
					lit, _ = ast.Unparen(n.Call.Fun).(*ast.FuncLit)
				}
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Go" && len(n.Args) == 1 {
					lit, _ = ast.Unparen(n.Args[0]).(*ast.FuncLit)
				}
			}
			if loop := outermostLoop(stack); lit != nil && loop != nil && !capturesFrom(info, lit, loop) {
				ps := p.fset.Position(lit.Type.Func)
				out[funcKey{ps.Filename, ps.Line}] = true
			}
			stack = append(stack, n)
			return true
		})
	}
	return out
}

// outermostLoop is the outermost loop of the function innermost in
// stack, nil for none.
func outermostLoop(stack []ast.Node) ast.Node {
	var loop ast.Node
	for i := len(stack) - 1; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return loop
		case *ast.ForStmt, *ast.RangeStmt:
			loop = n
		}
	}
	return loop
}

// capturesFrom reports whether lit uses a variable declared in loop
// outside lit: one each iteration has its own.
func capturesFrom(info *types.Info, lit *ast.FuncLit, loop ast.Node) bool {
	found := false
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || found {
			return !found
		}
		if v, ok := info.Uses[id].(*types.Var); ok {
			at := v.Pos()
			found = at >= loop.Pos() && at < loop.End() && (at < lit.Pos() || at >= lit.End())
		}
		return true
	})
	return found
}

// goroutineSamples are, by field, the samples of each goroutine
// (goroutineOf) that touch it and that write it.
type goroutineSamples map[int32]*fieldGoroutines

type fieldGoroutines struct{ any, write map[layout.Goroutine]int64 }

func (g goroutineSamples) add(field int32, goroutine layout.Goroutine, v int64, write bool) {
	fg := g[field]
	if fg == nil {
		fg = &fieldGoroutines{any: map[layout.Goroutine]int64{}, write: map[layout.Goroutine]int64{}}
		g[field] = fg
	}
	fg.any[goroutine] += v
	if write {
		fg.write[goroutine] += v
	}
}
