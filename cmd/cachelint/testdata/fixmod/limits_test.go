package fixmod

import "testing"

func TestLimits(t *testing.T) {
	l := Limits{100, [64]byte{1}, 2}
	if l.Max != 100 || l.Min != 2 {
		t.Fatalf("Max %d, Min %d: the field order changed", l.Max, l.Min)
	}
	_ = small{}
	_ = ring{}
	_ = typo{}
}
