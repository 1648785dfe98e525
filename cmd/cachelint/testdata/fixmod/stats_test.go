package fixmod_test

import (
	"testing"

	fm "fixmod"
)

func TestStats(t *testing.T) {
	for _, s := range []fm.Stats{{1, [64]byte{}, 2}} {
		if s.Hits != 1 || s.Miss != 2 {
			t.Fatalf("Hits %d, Miss %d: the field order changed", s.Hits, s.Miss)
		}
	}
}
