package analyzer

import (
	"github.com/cachelint/cachelint/golayout"
	"github.com/cachelint/cachelint/reorg"
)

// keep adds target t of declaration d to the pass's Result.Layouts, as
// builds lay it out and r says of it. Builds the pass finds hold no value
// leave the layout as declared.
func (ps *passState) keep(d *golayout.Decl, t *golayout.Target, builds []reorg.Build, r reorg.Result) {
	s := t.Struct
	for _, b := range builds {
		if b.Arch == ps.config.GOARCH {
			s = b.Struct
		}
	}
	ps.result.Layouts = append(ps.result.Layouts, Checked{Obj: d.Obj, Name: t.Name, Struct: s, Result: r})
}
