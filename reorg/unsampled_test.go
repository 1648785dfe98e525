package reorg

import (
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// rbMutex is theine's RBMutex (80 bytes) with the marks of a profile
// that sampled only Lock: rbias read under rw, which is written.
func rbMutex(t *testing.T) *layout.Struct {
	s := goStruct("RBMutex", field{"rslots", 24, 8, ""}, u32("rmask", ""), u32("rbias", "r"),
		field{"inhibitUntil", 24, 8, ""}, field{"rw", 24, 8, "w"})
	s.Heap, s.Pointers = testHeap(t), true
	for i := range s.Members {
		if h := s.Members[i].Hot; h != nil {
			h.Profiled = true
			h.Goroutines = []layout.Goroutine{{Func: "testing.(*B).launch"}}
			if h.Write {
				h.Writers = h.Goroutines
			} else {
				h.Guard = "rw"
			}
		}
	}
	return s
}

func spreadMessages(s *layout.Struct) string {
	var out []string
	for _, f := range Analyze(s, []int64{64}).Findings {
		if f.Check == layout.CheckSpread {
			out = append(out, f.Message)
		}
	}
	return strings.Join(out, "\n")
}

// A spread from a profile is not reported where the declared order keeps
// together, within a line, fields that an unsampled function reads
// (RLock's fast path: rslots, rmask, rbias), some of them unmarked, while
// the written rw lies outside them: the better order would put rw on the
// readers' line. It is where those fields are all marked on the path, or
// no written field is outside them, or they lie further apart than a line.
func TestSpreadUnsampled(t *testing.T) {
	t.Parallel()
	s := rbMutex(t)
	if got := spreadMessages(s); !strings.Contains(got, "rbias, rw") {
		t.Fatalf("no spread of rbias and rw on the sampled marks alone: %q", got)
	}
	_, rbias := s.Lookup("rbias")
	for _, c := range []struct {
		group  []string
		spread bool
	}{
		{[]string{"rbias", "rmask", "rslots"}, false},
		{[]string{"rbias", "rw"}, true},                      // all marked on the path
		{[]string{"inhibitUntil", "rbias", "rslots"}, false}, // 56 bytes from first to last: within a line
		{[]string{"rbias", "rslots", "rw"}, true},            // rw, the written field, among them
	} {
		rbias.Hot.Unsampled = [][]string{c.group}
		if got := spreadMessages(s) != ""; got != c.spread {
			t.Errorf("unsampled readers of %v: spread %v, want %v", c.group, got, c.spread)
		}
	}
}
