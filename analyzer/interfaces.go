package analyzer

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
)

// Conversion is a value whose type holds struct layouts converted to an
// interface type, or given as a type argument: code that later prints
// it, encodes it or reflects on it depends on their order. cachelint
// -fix follows the Flows of every package of the load from Into to the
// Sinks.
type Conversion struct {
	// Layouts are those of the value, through its fields; Deep also
	// through pointers, slices and maps (encoding/json follows them).
	Layouts, Deep []string
	// Methods are the method names of the value's type: a String method
	// stands in for the fields in fmt's output.
	Methods []string
	// Into is the interface type it is converted to (holder).
	Into string
	// Callee is the package path of the function the value is passed to
	// as an empty interface, when that is another package's: code
	// cachelint -fix must see, or withhold the fixes.
	Callee string
	Why    string
}

// Flow is a value of one interface type converted to another (or
// asserted to it): what the first holds, the second may.
type Flow struct{ From, Into string }

// Sink is a place that looks inside a value it has as an interface:
// fmt printing it, encoding/json encoding it, reflection over its
// fields, code outside the load.
type Sink struct {
	Kind sinkKind
	// On is the interface type of the value (holder).
	On string
	// Callee is the package path of the function the value is passed to
	// as an empty interface: it is a sink only when that package is not
	// in the load (otherwise Flows follow the value into it).
	Callee string
	Why    string
}

type sinkKind uint8

const (
	sinkOrder sinkKind = iota // reflection, encoding/binary, gob, unknown code
	sinkPrint                 // fmt verbs: a String, Error or Format method stands in for the fields
	sinkJSON                  // encoding/json, xml: a Marshal method does, and pointers are followed
)

// Sees reports whether a value converted at c that reaches s has its
// fields looked at there.
func (s Sink) Sees(c Conversion) bool {
	has := func(names ...string) bool {
		return slices.ContainsFunc(names, func(n string) bool { return slices.Contains(c.Methods, n) })
	}
	switch s.Kind {
	case sinkPrint:
		return !has("String", "Error", "Format")
	case sinkJSON:
		return !has("MarshalJSON", "MarshalText", "MarshalXML")
	}
	return true
}

// typeParams holds the values of every type parameter: cachelint does
// not tell them apart.
const typeParams = "type parameter"

// recovered holds the values recover returns: those panic is given.
const recovered = "recovered panic value"

// holderOf is the holder of the value of e: where a value recover
// returned is, recovered; otherwise its type's (holder).
func (u *uses) holderOf(e ast.Expr) string {
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if b, ok := callee(u.pass, x).(*types.Builtin); ok && b.Name() == "recover" {
			return recovered
		}
	case *ast.Ident:
		if v, ok := u.pass.TypesInfo.ObjectOf(x).(*types.Var); ok && u.recoveredVars()[v] {
			return recovered
		}
	}
	return u.holder(u.pass.TypesInfo.TypeOf(e))
}

// recoveredVars are the variables of the package given only what
// recover returns.
func (u *uses) recoveredVars() map[*types.Var]bool {
	if u.recovers != nil {
		return u.recovers
	}
	u.recovers = map[*types.Var]bool{}
	other := map[*types.Var]bool{}
	bind := func(lhs, rhs ast.Expr) {
		id, ok := ast.Unparen(lhs).(*ast.Ident)
		if !ok {
			return
		}
		v, ok := u.pass.TypesInfo.ObjectOf(id).(*types.Var)
		if !ok {
			return
		}
		if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok {
			if b, ok := callee(u.pass, call).(*types.Builtin); ok && b.Name() == "recover" {
				u.recovers[v] = true
				return
			}
		}
		other[v] = true
	}
	for _, f := range u.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i := range n.Lhs {
						bind(n.Lhs[i], n.Rhs[i])
					}
				}
			case *ast.ValueSpec:
				if len(n.Names) == len(n.Values) {
					for i := range n.Names {
						bind(n.Names[i], n.Values[i])
					}
				}
			}
			return true
		})
	}
	for v := range other {
		delete(u.recovers, v)
	}
	return u.recovers
}

// holder names the interface type t for Flows, or typeParams; "" when t
// is neither.
func (u *uses) holder(t types.Type) string {
	if t == nil {
		return ""
	}
	t = types.Unalias(t)
	if _, ok := t.(*types.TypeParam); ok {
		return typeParams
	}
	if !types.IsInterface(t) {
		return ""
	}
	h, ok := u.holders[t]
	if !ok {
		h = types.TypeString(t, nil)
		u.holders[t] = h
	}
	return h
}

// methodNames are the names of the methods of t's method set.
func (u *uses) methodNames(t types.Type) []string {
	ms := u.msets.MethodSet(t)
	out := make([]string, 0, ms.Len())
	for sel := range ms.Methods() {
		out = append(out, sel.Obj().Name())
	}
	return out
}

// typeArgs records the struct types given as type arguments to generic
// functions and types, whose code may look at them as interfaces or
// through reflection; those of packages that only keep values whole
// (sync/atomic's Pointer, slices) do not count.
func (u *uses) typeArgs() {
	pass := u.pass
	ids := make([]*ast.Ident, 0, len(pass.TypesInfo.Instances))
	for id := range pass.TypesInfo.Instances {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b *ast.Ident) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, id := range ids {
		obj := pass.TypesInfo.Uses[id]
		if obj == nil || obj.Pkg() == nil || keeps[obj.Pkg().Path()] || typeArgsKept[obj.Pkg().Path()] {
			continue
		}
		for t := range pass.TypesInfo.Instances[id].TypeArgs.Types() {
			if _, tp := types.Unalias(t).(*types.TypeParam); tp || types.IsInterface(t) {
				continue
			}
			c := Conversion{Layouts: u.keys(valueType(t, false), false), Deep: u.keys(t, true), Into: typeParams}
			if len(c.Deep) == 0 {
				continue
			}
			c.Methods = u.methodNames(t)
			c.Why = fmt.Sprintf("%s is a type argument of %s at %s", types.TypeString(t, types.RelativeTo(pass.Pkg)), obj.Name(), u.at(id))
			u.conversions = append(u.conversions, c)
		}
	}
}

// typeArgsKept are the packages whose generic code keeps values of its
// type parameters whole: moves, compares and hands them back.
var typeArgsKept = map[string]bool{"sync/atomic": true, "slices": true, "maps": true, "iter": true, "cmp": true, "unique": true, "weak": true, "runtime": true}

// poolMakers finds the function literals given to a sync.Pool as its
// New, p.New = func() any {...} or sync.Pool{New: func() any {...}}.
func poolMakers(pass *analysis.Pass) map[*ast.FuncLit]bool {
	out := map[*ast.FuncLit]bool{}
	isPool := func(t types.Type) bool {
		n, ok := types.Unalias(valueType(t, false)).(*types.Named)
		return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" && n.Obj().Name() == "Pool"
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					sel, ok := l.(*ast.SelectorExpr)
					if lit, isLit := n.Rhs[min(i, len(n.Rhs)-1)].(*ast.FuncLit); ok && isLit && sel.Sel.Name == "New" && isPool(pass.TypesInfo.TypeOf(sel.X)) {
						out[lit] = true
					}
				}
			case *ast.CompositeLit:
				if !isPool(pass.TypesInfo.TypeOf(n)) {
					return true
				}
				for _, e := range n.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						if lit, ok := kv.Value.(*ast.FuncLit); ok {
							out[lit] = true
						}
					}
				}
			}
			return true
		})
	}
	return out
}

// returns records the results a return statement converts to
// interfaces, but for those a sync.Pool's New hands to the pool (which
// keeps them whole, as Put does).
func (u *uses) returns(ret *ast.ReturnStmt, stack []ast.Node) {
	var sig *types.Signature
	for i := len(stack) - 1; i >= 0 && sig == nil; i-- {
		switch fn := stack[i].(type) {
		case *ast.FuncLit:
			if u.pools[fn] {
				return
			}
			sig, _ = u.pass.TypesInfo.TypeOf(fn).(*types.Signature)
		case *ast.FuncDecl:
			if obj, ok := u.pass.TypesInfo.Defs[fn.Name].(*types.Func); ok {
				sig = obj.Signature()
			}
		}
	}
	if sig == nil || sig.Results().Len() != len(ret.Results) {
		return
	}
	for i, r := range ret.Results {
		u.assign(sig.Results().At(i).Type(), r, "returned")
	}
}

// convert records the value e converted to the interface type to: its
// layouts, or when e is an interface itself, the flow between the two.
// why says how, and is called only when there is something to record.
func (u *uses) convert(e ast.Expr, to types.Type, why func() string, callee string) {
	u.convertTo(e, u.holder(to), why, callee)
}

func (u *uses) convertTo(e ast.Expr, into string, why func() string, callee string) {
	from := u.pass.TypesInfo.TypeOf(e)
	if from == nil {
		return
	}
	if h := u.holderOf(e); h != "" {
		if f := (Flow{h, into}); h != into && !u.flowSeen[f] {
			u.flowSeen[f] = true
			u.flows = append(u.flows, f)
		}
		if s := (Sink{Kind: sinkOrder, On: h, Callee: callee}); callee != "" && !u.sinkSeen[s] {
			u.sinkSeen[s] = true
			s.Why = why()
			u.sinks = append(u.sinks, s)
		}
		return
	}
	c := Conversion{Deep: u.keys(from, true), Into: into, Callee: callee}
	if len(c.Deep) == 0 {
		return
	}
	c.Layouts = u.keys(valueType(from, false), false)
	c.Methods = u.methodNames(from)
	c.Why = fmt.Sprintf("a %s is %s", types.TypeString(from, types.RelativeTo(u.pass.Pkg)), why())
	u.conversions = append(u.conversions, c)
}

// flow records that what the interface value x holds may be had as
// the interface type to (a type assertion to it).
func (u *uses) flow(x ast.Expr, to types.Type) {
	from, into := u.holderOf(x), u.holder(to)
	if from != "" && into != "" && from != into {
		u.flows = append(u.flows, Flow{from, into})
	}
}

// args records the arguments a call converts to interfaces: to what
// looks at the fields (fmt, encoding/json, encoding/binary), to what
// keeps or compares the value whole (sync.Pool, reflect.DeepEqual), to
// other packages' code.
func (u *uses) args(call *ast.CallExpr, fn *types.Func) {
	pass := u.pass
	sig, ok := pass.TypesInfo.TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok {
		return
	}
	kind, known := sinkKind(0), false
	name, pkg := "", ""
	if fn != nil {
		name = fn.FullName()
		if fn.Pkg() != nil {
			pkg = fn.Pkg().Path()
		}
		kind, known = sinks[sinkName(fn)]
		if keeps[sinkName(fn)] || keeps[pkg] {
			return
		}
	}
	params := sig.Params()
	verbs := map[int]rune{} // the verb each argument is printed with, when the format is a constant
	if kind == sinkPrint && sig.Variadic() && params.Len() >= 2 && !call.Ellipsis.IsValid() {
		at := params.Len() - 2
		if tv, ok := pass.TypesInfo.Types[call.Args[at]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			if vs, ok := printfVerbs(constant.StringVal(tv.Value)); ok {
				for k, v := range vs {
					verbs[at+1+k] = v
				}
			}
		}
	}
	for i, arg := range call.Args {
		if v := verbs[i]; v == 'T' || v == 'p' || v == '*' {
			continue // its type, its address or a width: not its fields
		}
		var pt types.Type
		switch {
		case sig.Variadic() && i >= params.Len()-1:
			pt = params.At(params.Len() - 1).Type()
			if call.Ellipsis.IsValid() {
				continue // a slice passed on as it is
			}
			pt = pt.(*types.Slice).Elem()
		case i < params.Len():
			pt = params.At(i).Type()
		default:
			continue
		}
		if !types.IsInterface(pt) {
			u.assign(pt, arg, "passed to "+name)
			continue
		}
		at := pass.TypesInfo.TypeOf(arg)
		if at == nil {
			continue
		}
		if !known {
			callee := ""
			if fn != nil && pkg != pass.Pkg.Path() && isEmptyInterface(pt) {
				callee = pkg
			}
			u.convert(arg, pt, func() string { return fmt.Sprintf("passed to %s at %s", name, u.at(call)) }, callee)
			continue
		}
		if h := u.holderOf(arg); h != "" {
			u.sinks = append(u.sinks, Sink{Kind: kind, On: h, Why: fmt.Sprintf("%s at %s looks inside what it is given", name, u.at(call))})
			continue
		}
		deep := kind == sinkJSON
		t := valueType(at, kind == sinkOrder)
		if !(Sink{Kind: kind}).Sees(Conversion{Methods: u.methodNames(at)}) {
			continue
		}
		why := ""
		switch kind {
		case sinkPrint:
			why = fmt.Sprintf("%s at %s prints its fields in order", name, u.at(call))
		case sinkJSON:
			why = fmt.Sprintf("%s at %s encodes its fields in order", name, u.at(call))
		default:
			why = fmt.Sprintf("%s at %s encodes it field by field, in order", name, u.at(call))
		}
		u.dependAll(t, deep, OnOrder, why)
	}
}

// printfVerbs are the verbs of a fmt format in the order they take
// arguments ('*' for a width or precision given as one); false when the
// format picks arguments by index.
func printfVerbs(format string) ([]rune, bool) {
	var out []rune
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		for i++; i < len(format); i++ {
			c := format[i]
			switch {
			case c == '[':
				return nil, false
			case c == '*':
				out = append(out, '*')
			case strings.IndexByte("+-# 0.", c) >= 0 || '0' <= c && c <= '9':
			case c == '%':
				goto next
			default:
				r, _ := utf8.DecodeRuneInString(format[i:])
				out = append(out, r)
				goto next
			}
		}
	next:
	}
	return out, true
}

func isEmptyInterface(t types.Type) bool {
	i, ok := t.Underlying().(*types.Interface)
	return ok && i.NumMethods() == 0
}

// sinkName names a function as the tables below do: "pkg.F" or
// "pkg.T.M".
func sinkName(fn *types.Func) string {
	if fn.Pkg() == nil {
		return fn.Name()
	}
	if r := fn.Signature().Recv(); r != nil {
		if n, ok := types.Unalias(valueType(r.Type(), false)).(*types.Named); ok {
			return fn.Pkg().Path() + "." + n.Obj().Name() + "." + fn.Name()
		}
	}
	return fn.Pkg().Path() + "." + fn.Name()
}

// sinks are the functions that look at the fields of the values they are
// given as interfaces, in order.
var sinks = func() map[string]sinkKind {
	out := map[string]sinkKind{}
	for _, f := range []string{"Print", "Println", "Printf", "Sprint", "Sprintln", "Sprintf", "Fprint", "Fprintln", "Fprintf", "Errorf", "Append", "Appendf", "Appendln"} {
		out["fmt."+f] = sinkPrint
	}
	for _, f := range []string{"Print", "Println", "Printf", "Fatal", "Fatalln", "Fatalf", "Panic", "Panicln", "Panicf", "Output"} {
		out["log."+f] = sinkPrint
		out["log.Logger."+f] = sinkPrint
	}
	for _, t := range []string{"T", "B", "F", "TB", "common"} {
		for _, f := range []string{"Log", "Logf", "Error", "Errorf", "Fatal", "Fatalf", "Skip", "Skipf"} {
			out["testing."+t+"."+f] = sinkPrint
		}
	}
	for _, t := range []string{"text/template", "html/template"} {
		out[t+".Template.Execute"] = sinkPrint
		out[t+".Template.ExecuteTemplate"] = sinkPrint
	}
	for _, f := range []string{"encoding/json.Marshal", "encoding/json.MarshalIndent", "encoding/json.Encoder.Encode",
		"encoding/xml.Marshal", "encoding/xml.MarshalIndent", "encoding/xml.Encoder.Encode", "encoding/xml.Encoder.EncodeElement"} {
		out[f] = sinkJSON
	}
	for _, f := range []string{"Read", "Write", "Append", "Encode", "Decode", "Size"} {
		out["encoding/binary."+f] = sinkOrder
	}
	out["encoding/gob.Encoder.Encode"] = sinkOrder
	return out
}()

// keeps are the functions and packages that keep, compare or hand back a
// value given as an interface without looking at its fields in order.
var keeps = map[string]bool{
	// Kept whole, handed back as they were.
	"sync.Pool.Put": true, "sync/atomic.Value.Store": true, "sync/atomic.Value.Swap": true,
	"sync/atomic.Value.CompareAndSwap": true, "context.WithValue": true, "container/heap.Push": true,
	"runtime.SetFinalizer": true, "runtime.KeepAlive": true,
	// Compared, or decoded into, by name or whole.
	"reflect.DeepEqual": true, "errors.Is": true, "errors.As": true, "encoding/json.Unmarshal": true,
	"encoding/json.Decoder.Decode": true, "encoding/xml.Unmarshal": true, "encoding/xml.Decoder.Decode": true,
	"encoding/gob.Decoder.Decode": true,
	// Moved whole.
	"sort.Slice": true, "sort.SliceStable": true, "sort.SliceIsSorted": true, "reflect.Swapper": true,
	// Whole packages.
	"sync": true, "container/list": true, "container/ring": true,
	// Assertions compare values whole; their messages print them only
	// when a test fails.
	"github.com/stretchr/testify/assert": true, "github.com/stretchr/testify/require": true, "github.com/google/go-cmp/cmp": true,
}
