package user

import "testing"

func TestE(t *testing.T) {
	if E.Head != 1 || E.Tail != 2 {
		t.Fatalf("Head %d, Tail %d: the field order changed", E.Head, E.Tail)
	}
}
