package user

import "fixmod/other"

// E depends on the field order of other.Exported.
var E = other.Exported{1, [64]byte{}, 2}
