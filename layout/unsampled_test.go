package layout

import (
	"testing"
)

// rbMutex is theine's RBMutex (80 bytes) with the marks of a profile
// that sampled only Lock: rbias read under rw, which is written.
func rbMutex(t *testing.T) *Struct {
	s := goStruct("RBMutex", field{"rslots", 24, 8, ""}, u32("rmask", ""), u32("rbias", "r"),
		field{"inhibitUntil", 24, 8, ""}, field{"rw", 24, 8, "w"})
	s.Heap, s.Pointers = testHeap(t), true
	for i := range s.Members {
		if h := s.Members[i].Hot; h != nil {
			h.Profiled = true
			h.Goroutines = []Goroutine{{Func: "testing.(*B).launch"}}
			if h.Write {
				h.Writers = h.Goroutines
			} else {
				h.Guard = "rw"
			}
		}
	}
	return s
}

// withinLine measures a group from its first byte to its last.
func TestWithinLine(t *testing.T) {
	t.Parallel()
	s := rbMutex(t)
	if s.withinLine([]string{"rslots", "rw"}, 64) || !s.withinLine([]string{"rslots", "rw"}, 128) {
		t.Errorf("rslots to rw, 80 bytes: within a 64-byte line %v, a 128-byte one %v",
			s.withinLine([]string{"rslots", "rw"}, 64), s.withinLine([]string{"rslots", "rw"}, 128))
	}
}
