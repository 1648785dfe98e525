package crlf

import "testing"

func TestSum(t *testing.T) {
	if got := Sum(); got != 3 {
		t.Errorf("Sum = %d", got)
	}
}
