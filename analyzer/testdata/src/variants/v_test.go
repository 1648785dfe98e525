package variants

import "testing"

func TestLimits(t *testing.T) {
	l := limits{100, [64]byte{}, 2}
	_ = l
}
