// Package usesbroken imports a package that does not type-check.
package usesbroken

import "example.com/mod/broken"

// U holds broken's type.
type U struct{ t broken.T }
