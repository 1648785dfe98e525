package analyzer

import (
	"go/ast"
	"go/types"

	"github.com/cachelint/cachelint/reorg"
)

// placeInPlace sets, in the pass's build of the struct type declared as
// spec, the containers that hold its values in place (layout.Struct.
// InPlace), when the load shows nothing else keeps them, or that its
// values are only elements of arrays and slices (layout.Struct.Elements);
// it reports whether it set either. Without the holders of the whole load
// (Config.Holders), as under go vet, the package's own holders decide
// for a type whose every holder the package sees (onePackage); for any
// other, it sets none and returns why other packages may hold it, for
// the findings to say.
func (ps *passState) placeInPlace(spec *ast.TypeSpec, builds []reorg.Build) (bool, string) {
	obj, _ := ps.pass.TypesInfo.Defs[spec.Name].(*types.TypeName)
	if obj == nil {
		return false, ""
	}
	holders, unseen := ps.holders()
	for _, b := range builds {
		if b.Arch != ps.config.GOARCH || b.Struct.PerCPU || b.Struct.GlobalAlign > 0 || b.Struct.Heap == nil {
			continue
		}
		key := declKey(ps.pass.Fset, obj.Pos())
		if holders.elementsOnly(key) {
			if why := unseen(obj); why != "" {
				return false, why
			}
			b.Struct.Elements, b.Struct.Alone = true, false
			return true, ""
		}
		cs := holders.containers(key, ps.pass.TypesSizes, ps.pass.Fset)
		if cs == nil {
			return false, ""
		}
		if why := unseen(obj); why != "" {
			return false, why
		}
		for _, f := range holders.inPlace[key] {
			if why := unseen(f.container.Obj()); why != "" {
				return false, why
			}
		}
		b.Struct.InPlace = cs
		return true, ""
	}
	return false, ""
}

// holders returns the holders of the load's struct types and, for a
// type, why code out of sight may hold its values ("" when none may):
// Config.Holders and nothing out of sight, or the package's own (found
// once per pass) and onePackage's reasons.
func (ps *passState) holders() (*Holders, func(*types.TypeName) string) {
	if ps.config.Holders != nil {
		return ps.config.Holders(), func(*types.TypeName) string { return "" }
	}
	if ps.own == nil {
		ps.own = &Holders{}
		ps.own.Add(ps.pass.Fset, ps.pass.Files, ps.pass.TypesInfo)
	}
	return ps.own, func(tn *types.TypeName) string {
		if tn.Pkg() == ps.pass.Pkg && tn.Parent() == tn.Pkg().Scope() && tn.Exported() && tn.Pkg().Name() != "main" {
			return tn.Name() + " is exported"
		}
		if ps.ownUnseen == nil {
			ps.ownUnseen = onePackage(ps.pass, ps.passSSA)
		}
		if why := ps.ownUnseen[anyLayout]; why != "" {
			return why
		}
		if st, ok := tn.Type().Underlying().(*types.Struct); ok {
			return ps.ownUnseen[layoutKey(ps.pass.Fset, st)]
		}
		return ""
	}
}
