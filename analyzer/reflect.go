package analyzer

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// reflectUse judges a reflect.Type or reflect.Value handle of a value
// of type t (reflect.TypeOf(x), ValueOf(x), TypeFor[T](), Elem of one, a
// variable holding one) by what its parent does with it: a method that
// takes the struct by name, kind or whole (Name, Kind, FieldByName)
// nothing; one that makes another handle (Elem, Type) nothing here, the
// new handle is judged where it is used; Size and Align the size;
// Interface hands the value back as an interface; Field, NumField,
// FieldByIndex and anything cachelint does not follow (a handle passed
// on, stored, returned) the order. A walk over NumField gives the fields
// in order, and a blank pad a fix inserts panics in Field(i).Interface().
func (u *uses) reflectUse(e ast.Expr, t types.Type, stack []ast.Node) {
	v := valueType(t, false)
	order := func(why string) {
		if types.IsInterface(v) {
			u.sinks = append(u.sinks, Sink{Kind: sinkOrder, On: u.holder(v), Why: why})
		} else {
			u.dependAll(v, false, OnOrder, why)
		}
	}
	if !types.IsInterface(v) && len(u.keys(v, false)) == 0 {
		return
	}
	i := len(stack) - 1
	for i >= 0 {
		if _, ok := stack[i].(*ast.ParenExpr); !ok {
			break
		}
		i--
	}
	if i < 0 {
		return
	}
	switch p := stack[i].(type) {
	case *ast.AssignStmt:
		if slices.Contains(p.Lhs, e) {
			return // given a handle: judged where it is used
		}
		if len(p.Lhs) == len(p.Rhs) {
			for j, r := range p.Rhs {
				if r == e {
					if _, ok := p.Lhs[j].(*ast.Ident); ok {
						return // held in a variable, judged where it is used
					}
				}
			}
		}
	case *ast.ValueSpec:
		if len(p.Values) > 0 {
			return
		}
	case *ast.SelectorExpr:
		if i == 0 {
			break
		}
		call, ok := stack[i-1].(*ast.CallExpr)
		if !ok || call.Fun != p {
			break
		}
		switch m := p.Sel.Name; {
		case reflectByName[m], m == "Elem", m == "Type", m == "Addr":
			return
		case m == "Size" || m == "Align" || m == "FieldAlign":
			if !types.IsInterface(v) {
				u.dependAll(v, false, OnSize, fmt.Sprintf("reflect's %s at %s depends on its size, which the fix changes", types.ExprString(call), u.at(call)))
			}
			return
		case m == "Interface":
			if !types.IsInterface(v) {
				u.conversions = append(u.conversions, Conversion{Layouts: u.keys(v, false), Deep: u.keys(v, true), Methods: u.methodNames(t),
					Why: fmt.Sprintf("a %s is handed back as an interface at %s", types.TypeString(t, types.RelativeTo(u.pass.Pkg)), u.at(call))})
			}
			return
		default:
			order(fmt.Sprintf("reflect's %s at %s depends on the field order", types.ExprString(call), u.at(call)))
			return
		}
	case *ast.CallExpr:
		if fn, ok := callee(u.pass, p).(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "reflect" && (fn.Name() == "Indirect" || fn.Name() == "DeepEqual") {
			return
		}
	}
	order(fmt.Sprintf("a reflect handle of it at %s goes where cachelint does not follow", u.at(e)))
}

// reflectByName are the methods of reflect.Type and reflect.Value that
// take a struct by name, kind or whole, not by the order of its fields.
var reflectByName = map[string]bool{
	"Name": true, "String": true, "PkgPath": true, "Kind": true, "Implements": true, "AssignableTo": true,
	"ConvertibleTo": true, "Comparable": true, "NumMethod": true, "Method": true, "MethodByName": true,
	"FieldByName": true, "IsNil": true, "IsZero": true, "IsValid": true, "CanAddr": true, "CanSet": true,
	"CanInterface": true, "Pointer": true, "UnsafePointer": true, "Set": true, "SetZero": true, "Equal": true,
}

// reflectedVars maps the variables of file f assigned a reflect.Type or
// reflect.Value of a type to that type, through chains of them.
func reflectedVars(pass *analysis.Pass, f *ast.File) map[types.Object]types.Type {
	vars := map[types.Object]types.Type{}
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
			if t := reflectedType(pass, rhs, vars); t != nil {
				vars[v] = t
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

// reflectedType is the type whose reflect.Type or reflect.Value e is:
// reflect.TypeOf(x), reflect.ValueOf(x), reflect.TypeFor[T](),
// reflect.Indirect of one, .Elem() of one, or a variable holding one.
func reflectedType(pass *analysis.Pass, e ast.Expr, vars map[types.Object]types.Type) types.Type {
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
				return pass.TypesInfo.TypeOf(x.Args[0])
			}
		case "TypeFor":
			if ix, ok := ast.Unparen(x.Fun).(*ast.IndexExpr); ok {
				return pass.TypesInfo.TypeOf(ix.Index)
			}
		case "Indirect", "Elem", "Type", "Addr":
			if len(x.Args) == 1 {
				return reflectedType(pass, x.Args[0], vars)
			}
			if sel, ok := x.Fun.(*ast.SelectorExpr); ok {
				return reflectedType(pass, sel.X, vars)
			}
		}
	}
	return nil
}
