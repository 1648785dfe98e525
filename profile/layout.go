package profile

import (
	"fmt"

	"github.com/cachelint/cachelint/analyzer"
	"github.com/cachelint/cachelint/layout"
)

// Layout lays out the struct type key as gc does for the target of the
// load, with the hot marks the profiles give its fields at share min and
// paths resolved, ready for layout.Analyze.
func (p *Program) Layout(r *Result, key string, min float64) (*layout.Struct, error) {
	obj, _, pkg := p.declaredStruct(key)
	if obj == nil {
		return nil, fmt.Errorf("%s is not declared in the packages loaded", key)
	}
	s := analyzer.StructLayout(obj, pkg.TypesSizes, p.fset)
	if s == nil {
		return nil, fmt.Errorf("%s is generic: its layout depends on its type arguments", key)
	}
	if rs := r.Struct(key); rs != nil {
		for i := range s.Members {
			if i < len(rs.Fields) {
				s.Members[i].Hot = r.Hot(&rs.Fields[i], min)
			}
		}
	}
	err := layout.Annotate(s)
	layout.MarkApart(s)
	return s, err
}
