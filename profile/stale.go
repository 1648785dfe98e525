package profile

import (
	"go/ast"
	"go/types"
	"path"
	"path/filepath"
	"strings"
)

// relocation says how a function of a profile is found in the load.
type relocation int

const (
	inPlace relocation = iota // where the profile says, or outside the load
	moved                     // declared elsewhere now: its lines shift
	missing                   // in a file of the load that no longer declares it
)

// located is where the lines of one function of a profile are in the load.
type located struct {
	file  *srcFile // nil outside the load
	shift int64    // added to the profile's lines
	fn    pprofFunction
	how   relocation
}

// relocator finds the functions of prof in the load as go build matches a
// profile to a newer source: by name, with lines counted from the func
// keyword. A function whose name the load declares at another line or in
// another file moved, and its lines shift with it; a function literal
// moves with the function it is in, when the profile names that one too.
// One the profile places in a file of the load that declares no function
// of its name (renamed, deleted) is missing: a line there is some other
// code now. Profiles without start lines are taken as they are.
// A main package's default.pgo (owner, its directory) moves no function
// into another main package.
func (p *Program) relocator(prof *pprofProfile, owner string) *stale {
	return &stale{p: p, prof: prof, owner: owner, memo: map[int32]located{}}
}

// stale places the functions of one profile, each once.
type stale struct {
	p     *Program
	prof  *pprofProfile
	owner string
	memo  map[int32]located
	// starts are the start lines the profile records for each function
	// name.
	starts                   map[string]int64
	nFound, nMoved, nMissing int
}

// count says how many functions of the load the profile names, how many
// of them moved, and how many it names that are gone.
func (s *stale) count() (found, moved, missing int) { return s.nFound, s.nMoved, s.nMissing }

func (s *stale) located(i int32) located {
	if l, ok := s.memo[i]; ok {
		return l
	}
	fn := s.prof.functions[i]
	l := located{file: s.p.lookup(fn.file), fn: fn}
	if fn.startLine > 0 {
		l = s.find(l)
	}
	if l.file != nil {
		s.nFound++
	}
	switch l.how {
	case moved:
		s.nMoved++
	case missing:
		s.nMissing++
	}
	s.memo[i] = l
	return l
}

// find places a function with a start line.
func (s *stale) find(l located) located {
	p := s.p
	name := frameName(l.fn.name)
	decl := name
	closure := isClosure(name)
	if closure {
		decl = outerFunc(name)
	}
	d, declared := p.declsByFrame()[decl]
	if declared && d.decl == nil {
		return l // two functions of the load have the name (main.main)
	}
	if declared && s.owner != "" && d.file.pkg.Name == "main" && filepath.Dir(d.file.name) != s.owner {
		return l // another command's main.F
	}
	if !declared {
		if l.file != nil && !closure && !strings.Contains(name[strings.LastIndexByte(name, '/')+1:], ".init.") && fileDeclaresFuncs(l.file) {
			// The file is the load's but has no function of this name.
			if l.file.index == nil {
				l.file.index = p.indexFile(l.file)
			}
			if fi := l.file.index.fns[int(l.fn.startLine)]; fi == nil || fi.obj == nil || frameName(funcFrameName(fi.obj)) != name {
				return located{fn: l.fn, how: missing}
			}
		}
		return l
	}
	now := int64(p.line(d.decl.Type.Func))
	was := l.fn.startLine
	if closure {
		// A literal moves as far as the function around it did.
		var ok bool
		if was, ok = s.outerStart(decl); !ok {
			return l
		}
	}
	if d.file == l.file && now == was {
		return l
	}
	// Found by name: moved when its lines did, or its file; a profile
	// of a build elsewhere names the same file by another path.
	l.file, l.shift = d.file, now-was
	l.fn.startLine += l.shift
	if l.shift != 0 || filepath.Base(d.file.name) != path.Base(filepath.ToSlash(l.fn.file)) {
		l.how = moved
	}
	return l
}

// outerStart is the start line the profile records for the function
// named name, when it names it.
func (s *stale) outerStart(name string) (int64, bool) {
	if s.starts == nil {
		s.starts = map[string]int64{}
		for _, fn := range s.prof.functions {
			if fn.startLine > 0 {
				s.starts[frameName(fn.name)] = fn.startLine
			}
		}
	}
	n, ok := s.starts[name]
	return n, ok
}

// fileDeclaresFuncs reports whether f declares a function with a body.
func fileDeclaresFuncs(f *srcFile) bool {
	for _, d := range f.syntax.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
			return true
		}
	}
	return false
}

// outerFunc is the function a literal named as the gc compiler names it
// is declared in: pkg.F for pkg.F.func1 and pkg.F.func1.2.
func outerFunc(name string) string {
	for {
		i := strings.LastIndexByte(name, '.')
		if i < 0 || i < strings.LastIndexByte(name, '/') {
			return name
		}
		seg := name[i+1:]
		num, isFunc := strings.CutPrefix(seg, "func")
		if strings.Trim(seg, "0123456789") != "" && !(isFunc && num != "" && strings.Trim(num, "0123456789") == "") {
			return name
		}
		name = name[:i]
	}
}

// funcFrameName names a declared function as a profile does:
// pkg.F, pkg.T.M, pkg.(*T).M.
// A main package is named main.
func funcFrameName(fn *types.Func) string {
	pkg := fn.Pkg().Path()
	if fn.Pkg().Name() == "main" {
		pkg = "main"
	}
	sig := fn.Signature()
	if sig.Recv() == nil {
		return pkg + "." + fn.Name()
	}
	t := sig.Recv().Type()
	ptr := false
	if pt, ok := t.(*types.Pointer); ok {
		t, ptr = pt.Elem(), true
	}
	n, ok := t.(*types.Named)
	if !ok {
		return fn.FullName()
	}
	if ptr {
		return pkg + ".(*" + n.Obj().Name() + ")." + fn.Name()
	}
	return pkg + "." + n.Obj().Name() + "." + fn.Name()
}

// declsByFrame maps the functions declared in the load by the name a
// profile gives them; a name two declare (main.main of two commands) maps
// to no declaration.
func (p *Program) declsByFrame() map[string]funcDecl {
	if p.byFrame != nil {
		return p.byFrame
	}
	p.byFrame = map[string]funcDecl{}
	p.eachFuncDecl(func(fd *ast.FuncDecl, f *srcFile, fn *types.Func) {
		if fd.Body == nil || fn.Name() == "_" || fn.Name() == "init" {
			return
		}
		name := funcFrameName(fn)
		if _, dup := p.byFrame[name]; dup {
			p.byFrame[name] = funcDecl{} // ambiguous
		} else {
			p.byFrame[name] = funcDecl{fd, f}
		}
	})
	return p.byFrame
}
