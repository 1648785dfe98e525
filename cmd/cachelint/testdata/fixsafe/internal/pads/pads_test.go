package pads

import (
	"fmt"
	"testing"
)

func TestPads(t *testing.T) {
	if got := fmt.Sprint(RoundTrip(1, 2, 3)); got != "[1 2 3]" {
		t.Errorf("RoundTrip = %s", got)
	}
	if got := Sum(); got != 3 {
		t.Errorf("Sum = %d", got)
	}
}
