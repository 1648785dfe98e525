package profile

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

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
// bottom of its stack: the function a go statement started (or a Go
// method: starters), or main.main under runtime.main. Samples of one name
// may be of many goroutines that one go statement starts, which Many says
// when the load shows it (startsMany); samples of two names are of two
// goroutines. In a profile of benchmarks (bench), Phases says which
// benchmarks the goroutine may have run in. Func is "" for a stack that
// may have been cut (maxStack).
func (p *Program) goroutineOf(s pprofStack, locs []loc, bench bool) layout.Goroutine {
	// The frames, outermost first.
	var frames []frame
	for i := len(s.locations) - 1; i >= 0; i-- {
		fs := locs[s.locations[i]].frames
		for j := len(fs) - 1; j >= 0; j-- {
			frames = append(frames, fs[j])
		}
	}
	if len(frames) >= maxStack {
		return layout.Goroutine{}
	}
	for i, fr := range frames {
		switch {
		case fr.name == "runtime.goexit" || fr.name == "runtime.main":
			continue
		case starters[fr.name] && i+1 < len(frames):
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
		if bench {
			g.Phases = p.phasesOf(name, frames[i+1:])
		}
		return g
	}
	return layout.Goroutine{}
}

// starters are the functions that Go methods run a function given them
// on a goroutine of its own with: the goroutine is the given function's.
var starters = map[string]bool{
	"sync.(*WaitGroup).Go.func1":                   true,
	"golang.org/x/sync/errgroup.(*Group).Go.func1": true,
}

// benchRunner is the function of testing that calls a benchmark function.
const benchRunner = "testing.(*B).runN"

// isBenchmarks reports whether prof is a profile of benchmarks (go test
// -bench -cpuprofile): testing ran them one after another.
func isBenchmarks(prof *pprofProfile) bool {
	return slices.ContainsFunc(prof.functions, func(f pprofFunction) bool { return f.name == benchRunner })
}

// phasesOf names the benchmarks a goroutine of a benchmark profile may
// have run in (layout.Goroutine.Phases), from the function at the bottom
// of its stack and the frames above it (outermost first): testing's own
// goroutine runs the benchmark function it calls; another runs in the
// benchmarks whose code reaches the function that starts it
// (benchmarksReaching). "" when unknown.
func (p *Program) phasesOf(root string, above []frame) string {
	switch root {
	case "testing.(*B).launch":
		for i, fr := range above {
			if fr.name == benchRunner && i+1 < len(above) {
				return frameName(above[i+1].name)
			}
		}
		return ""
	case runParallel:
		if len(above) == 0 {
			return ""
		}
		root = frameName(above[0].name)
	}
	return strings.Join(p.benchmarksReaching(enclosingFunc(root)), ",")
}

// enclosingFunc is the declared function a function literal named as
// profiles name it lies in: pkg.F for pkg.F.func1 and pkg.F.func1.2.
func enclosingFunc(name string) string {
	for {
		i := strings.LastIndex(name, ".func")
		if i < 0 || strings.Trim(name[i+len(".func"):], "0123456789.") != "" {
			return name
		}
		name = name[:i]
	}
}

// maxBenchDepth is how deep benchmarksReaching follows static calls.
const maxBenchDepth = 4

// benchmarksReaching are the benchmark functions of the load whose code,
// within maxBenchDepth static calls, calls the function a profile names
// name (or is it), sorted.
func (p *Program) benchmarksReaching(name string) []string {
	if p.benchReach == nil {
		p.benchReach = p.findBenchReach()
	}
	return p.benchReach[name]
}

// findBenchReach maps each function benchmarks reach (benchmarksReaching),
// by the name a profile gives it, to those benchmarks.
func (p *Program) findBenchReach() map[string][]string {
	if p.funcs == nil {
		p.indexFuncs()
	}
	out := map[string][]string{}
	p.eachFuncDecl(func(fd *ast.FuncDecl, f *srcFile, fn *types.Func) {
		sig := fn.Signature()
		if !strings.HasPrefix(fn.Name(), "Benchmark") || sig.Recv() != nil || sig.Params().Len() != 1 || sig.Params().At(0).Type().String() != "*testing.B" || fd.Body == nil {
			return
		}
		bench := fn.Pkg().Path() + "." + fn.Name()
		reached := map[string]bool{bench: true}
		type visit struct {
			body  *ast.BlockStmt
			info  *types.Info
			depth int
		}
		queue := []visit{{fd.Body, f.pkg.TypesInfo, 0}}
		for len(queue) > 0 {
			v := queue[0]
			queue = queue[1:]
			ast.Inspect(v.body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				name, iface := calleeName(v.info, call)
				if name == "" || iface || reached[name] {
					return true
				}
				reached[name] = true
				if callee := staticCallee(v.info, call); callee != nil && v.depth+1 < maxBenchDepth {
					if d, ok := p.funcs[callee.Origin().FullName()]; ok && d.decl.Body != nil {
						queue = append(queue, visit{d.decl.Body, d.file.pkg.TypesInfo, v.depth + 1})
					}
				}
				return true
			})
		}
		for name := range reached {
			out[name] = append(out[name], bench)
		}
	})
	for _, b := range out {
		slices.Sort(b)
	}
	return out
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
