package variants_test

import (
	v "variants"
)

type stats = v.Stats
type mine v.Alias

var _ = map[string]*stats{
	"a": {1, [64]byte{}, 2},
}
var _ = mine{1, [64]byte{}, 2}
