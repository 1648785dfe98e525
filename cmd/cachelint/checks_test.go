package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// The checks on real kernel layouts.

// splitLocks lists the split locks cachelint layout reports in path.
func splitLocks(t *testing.T, path string) []string {
	t.Helper()
	out, errs, code := runCmd(t, "-q", "-format", "json", path)
	if code == 1 {
		t.Fatalf("%s: exit 1; stderr:\n%s", path, errs)
	}
	var d doc
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatal(err)
	}
	var locks []string
	for _, s := range d.Structs {
		for _, f := range s.Findings {
			if strings.Contains(f.Message, "split lock") {
				locks = append(locks, s.Name+": "+f.Message)
			}
		}
	}
	return locks
}

// Every atomic of the 6.18 kernel is naturally aligned, arrays of atomic_t
// (zone.vm_stat) included: no split lock. The packed fixtures have two.
func TestSplitLocks(t *testing.T) {
	if locks := splitLocks(t, linux618); len(locks) != 0 {
		t.Errorf("6.18 BTF: %d split locks:\n%s", len(locks), strings.Join(locks, "\n"))
	}
	want := []string{
		"split_lock: atomic counter (8 bytes at offset 60) crosses the line boundary at 64: a split lock (64-byte lines)",
		"split_lock_int: atomic refs (4 bytes at offset 62) crosses the line boundary at 64: a split lock (64-byte lines)",
	}
	if locks := splitLocks(t, td("c/packed.o")); !slices.Equal(locks, want) {
		t.Errorf("packed.o: split locks\n%s\nwant\n%s", strings.Join(locks, "\n"), strings.Join(want, "\n"))
	}
}

// net_device.tc_to_txq's first element crosses into a line the rest of the
// array fills anyway: no finding.
func TestStraddleAddingNoLine(t *testing.T) {
	js := runJSON(t, "-hot", rst, "-C", "net_device", linux618)
	for _, f := range findings(js, "straddle") {
		t.Errorf("straddle: %s", f.Message)
	}
}
