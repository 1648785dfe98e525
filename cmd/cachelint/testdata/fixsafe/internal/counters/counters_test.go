package counters

import "testing"

func TestCounters(t *testing.T) {
	if got := Count(5); got != 6 {
		t.Errorf("Count(5) = %d, want 6", got)
	}
	if got := Tally(3); got != 11 {
		t.Errorf("Tally(3) = %d, want 11", got)
	}
	if got := Set(7); got != 17 {
		t.Errorf("Set(7) = %d, want 17", got)
	}
}
