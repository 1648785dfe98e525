package analyzer

import "go/token"

// declKey names a position, the same in every package of a load.
func declKey(fset *token.FileSet, pos token.Pos) string {
	return fset.Position(pos).String()
}
