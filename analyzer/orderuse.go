package analyzer

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"os"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// offsetUse is an unsafe.Offsetof of a field: the order may change only
// if the field stays where it is, which a pin does.
type offsetUse struct {
	field int // the field's index in the struct
	why   string
}

// orderUses finds code of the package whose behaviour depends on the field
// order of struct types by means other than literals: encoding/binary
// reading or writing them field by field, reflection picking a field by
// its index, memory reinterpreted through unsafe.Pointer, assembly taking
// them without go_asm.h's offsets. Each blocks a reorder, with the place.
// unsafe.Offsetof of a field blocks only while the field is not pinned,
// so those are returned apart, by type and field.
func orderUses(pass *analysis.Pass, blocks map[*types.TypeName]string) map[*types.TypeName][]offsetUse {
	block := func(obj *types.TypeName, why string) {
		if _, seen := blocks[obj]; !seen {
			blocks[obj] = why
		}
	}
	offsets := map[*types.TypeName][]offsetUse{}
	at := func(n ast.Node) token.Position { return pass.Fset.Position(n.Pos()) }
	for _, f := range pass.Files {
		reflected := reflectedVars(pass, f)
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if tv, ok := pass.TypesInfo.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
				reinterpreted(pass, call, block)
				return true
			}
			switch fn := callee(pass, call).(type) {
			case *types.Builtin:
				if fn.Name() != "Offsetof" || len(call.Args) != 1 {
					break
				}
				sel, ok := ast.Unparen(call.Args[0]).(*ast.SelectorExpr)
				if !ok {
					break
				}
				s := pass.TypesInfo.Selections[sel]
				if s == nil {
					break
				}
				t := s.Recv()
				for _, i := range s.Index() {
					obj := namedStruct(t)
					if obj == nil {
						break
					}
					why := fmt.Sprintf("unsafe.Offsetof(%s) at %s depends on where %s is (mark it //cachelint:pin to keep it there)",
						types.ExprString(sel), at(call), obj.Type().Underlying().(*types.Struct).Field(i).Name())
					if obj.Pkg() == pass.Pkg {
						offsets[obj] = append(offsets[obj], offsetUse{i, why})
					} else {
						block(obj, why)
					}
					t = obj.Type().Underlying().(*types.Struct).Field(i).Type()
				}
			case *types.Func:
				if fn.Pkg() == nil {
					break
				}
				switch path, name := fn.Pkg().Path(), fn.Name(); {
				case path == "encoding/binary" && binaryCodecs[name] && len(call.Args) == 3:
					if obj := namedStruct(pass.TypesInfo.TypeOf(call.Args[2])); obj != nil {
						block(obj, fmt.Sprintf("encoding/binary.%s at %s encodes it field by field, in order", name, at(call)))
					}
				case path == "reflect" && (name == "Field" || name == "FieldByIndex") && len(call.Args) == 1 && constantIndex(pass, call.Args[0]):
					sel, ok := call.Fun.(*ast.SelectorExpr)
					if !ok {
						break
					}
					if obj := reflectedStruct(pass, sel.X, reflected); obj != nil {
						block(obj, fmt.Sprintf("reflect's %s at %s picks a field by its position", types.ExprString(call), at(call)))
					}
				}
			}
			return true
		})
	}
	asmUses(pass, block)
	return offsets
}

// binaryCodecs are the encoding/binary functions that take a struct's
// fields in declaration order.
var binaryCodecs = map[string]bool{"Read": true, "Write": true, "Append": true, "Encode": true, "Decode": true}

// callee is the function or builtin a call calls, nil for others.
func callee(pass *analysis.Pass, call *ast.CallExpr) types.Object {
	fun := ast.Unparen(call.Fun)
	if ix, ok := fun.(*ast.IndexExpr); ok { // explicit instantiation
		fun = ix.X
	}
	switch f := fun.(type) {
	case *ast.Ident:
		return pass.TypesInfo.Uses[f]
	case *ast.SelectorExpr:
		if s := pass.TypesInfo.Selections[f]; s != nil {
			return s.Obj()
		}
		return pass.TypesInfo.Uses[f.Sel]
	}
	return nil
}

// namedStruct is the defined struct type t holds its values in, through
// pointers, arrays and slices; nil for others.
func namedStruct(t types.Type) *types.TypeName {
	for t != nil {
		switch u := types.Unalias(t).(type) {
		case *types.Pointer:
			t = u.Elem()
		case *types.Array:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Named:
			if _, ok := u.Underlying().(*types.Struct); ok {
				return u.Origin().Obj()
			}
			if a, ok := u.Underlying().(*types.Array); ok {
				t = a.Elem()
				continue
			}
			return nil
		default:
			return nil
		}
	}
	return nil
}

// constantIndex reports whether a field index (an int, or a []int of
// them) is written as constants: a field picked by position, not a loop
// over every field.
func constantIndex(pass *analysis.Pass, e ast.Expr) bool {
	if tv, ok := pass.TypesInfo.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.Int {
		return true
	}
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok || len(lit.Elts) == 0 {
		return false
	}
	for _, x := range lit.Elts {
		if tv, ok := pass.TypesInfo.Types[x]; !ok || tv.Value == nil {
			return false
		}
	}
	return true
}

// reflectedVars maps the variables of file f assigned a reflect.Type or
// reflect.Value of a struct type to that type, through chains of them.
func reflectedVars(pass *analysis.Pass, f *ast.File) map[types.Object]*types.TypeName {
	vars := map[types.Object]*types.TypeName{}
	for changed := true; changed; {
		changed = false
		bind := func(lhs, rhs ast.Expr) {
			id, ok := lhs.(*ast.Ident)
			if !ok {
				return
			}
			v := pass.TypesInfo.ObjectOf(id)
			if v == nil || vars[v] != nil {
				return
			}
			if obj := reflectedStruct(pass, rhs, vars); obj != nil {
				vars[v] = obj
				changed = true
			}
		}
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
	return vars
}

// reflectedStruct is the struct type whose reflect.Type or reflect.Value
// e is: reflect.TypeOf(x), reflect.ValueOf(x), reflect.TypeFor[T](),
// reflect.Indirect of one, .Elem() of one, or a variable holding one.
func reflectedStruct(pass *analysis.Pass, e ast.Expr, vars map[types.Object]*types.TypeName) *types.TypeName {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return vars[pass.TypesInfo.ObjectOf(x)]
	case *ast.CallExpr:
		fn, ok := callee(pass, x).(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "reflect" {
			return nil
		}
		switch fn.Name() {
		case "TypeOf", "ValueOf":
			if len(x.Args) == 1 {
				return namedStructValue(pass.TypesInfo.TypeOf(x.Args[0]))
			}
		case "TypeFor":
			if ix, ok := ast.Unparen(x.Fun).(*ast.IndexExpr); ok {
				return namedStructValue(pass.TypesInfo.TypeOf(ix.Index))
			}
		case "Indirect":
			if len(x.Args) == 1 {
				return reflectedStruct(pass, x.Args[0], vars)
			}
		case "Elem":
			if sel, ok := x.Fun.(*ast.SelectorExpr); ok {
				return reflectedStruct(pass, sel.X, vars)
			}
		}
	}
	return nil
}

// namedStructValue is the defined struct type of a value or of what a
// pointer points at, nil for others: what reflect's Field would index.
func namedStructValue(t types.Type) *types.TypeName {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		if _, ok := n.Underlying().(*types.Struct); ok {
			return n.Origin().Obj()
		}
	}
	return nil
}

// reinterpreted blocks the struct types of a conversion between pointers
// to different types through unsafe.Pointer, (*T)(unsafe.Pointer(&u)) or
// (*[8]byte)(unsafe.Pointer(&t)): the memory of one is read as the other,
// field by field at their offsets. A pointer converted to unsafe.Pointer
// and back to its own type, as atomic.LoadPointer's callers do, is not.
func reinterpreted(pass *analysis.Pass, call *ast.CallExpr, block func(*types.TypeName, string)) {
	to, ok := types.Unalias(pass.TypesInfo.TypeOf(call.Fun)).(*types.Pointer)
	if !ok {
		return
	}
	inner, ok := ast.Unparen(call.Args[0]).(*ast.CallExpr)
	if !ok || len(inner.Args) != 1 {
		return
	}
	if tv, ok := pass.TypesInfo.Types[inner.Fun]; !ok || !tv.IsType() || !types.Identical(tv.Type, types.Typ[types.UnsafePointer]) {
		return
	}
	from, ok := types.Unalias(pass.TypesInfo.TypeOf(inner.Args[0])).(*types.Pointer)
	if !ok || types.Identical(from.Elem(), to.Elem()) {
		return
	}
	why := fmt.Sprintf("%s at %s reads the memory of a %s as a %s", types.ExprString(call), pass.Fset.Position(call.Pos()),
		types.TypeString(from.Elem(), types.RelativeTo(pass.Pkg)), types.TypeString(to.Elem(), types.RelativeTo(pass.Pkg)))
	for _, t := range []types.Type{from.Elem(), to.Elem()} {
		if obj := namedStruct(t); obj != nil {
			block(obj, why)
		}
	}
}

// asmUses blocks the struct types that functions implemented in assembly
// take or return, unless the package's assembly uses go_asm.h's offsets
// for the type (TYPE_field), which follow the declaration.
func asmUses(pass *analysis.Pass, block func(*types.TypeName, string)) {
	var asm []string
	for _, name := range pass.OtherFiles {
		if strings.HasSuffix(name, ".s") {
			if src, err := os.ReadFile(name); err == nil {
				asm = append(asm, string(src))
			}
		}
	}
	if len(asm) == 0 {
		return
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body != nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			sig := fn.Type().(*types.Signature)
			for _, tuple := range []*types.Tuple{sig.Params(), sig.Results()} {
				for v := range tuple.Variables() {
					obj := namedStruct(v.Type())
					if obj == nil || obj.Pkg() != pass.Pkg || usesAsmOffsets(asm, obj.Name()) {
						continue
					}
					block(obj, fmt.Sprintf("%s, in assembly (%s), takes it without go_asm.h's offsets (%s_field)",
						fd.Name.Name, pass.Fset.Position(fd.Pos()), obj.Name()))
				}
			}
		}
	}
}

func usesAsmOffsets(asm []string, typ string) bool {
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(typ) + `_[A-Za-z]`)
	for _, src := range asm {
		if re.MatchString(src) {
			return true
		}
	}
	return false
}
