package layout

import (
	"testing"
)

// A hot array straddles only where one of its elements crosses a line.
func TestArrayStraddlePerElement(t *testing.T) {
	t.Parallel()
	// netns_ipv4.sysctl_tcp_rmem: int[3] at 508, beside a hot field on
	// each line.
	fs := append(cold("c", 63), field{"before", 4, 4, "r"}, field{"rmem", 12, 4, "r"}, field{"after", 4, 4, "r"})
	s := goStruct("t", fs...)
	s.Members[64].ElemSize = 4
	if s.Members[64].Offset != 508 {
		t.Fatalf("rmem at %d", s.Members[64].Offset)
	}
	if fs := straddles(s, 64); len(fs) != 0 {
		t.Errorf("int[3] at 508: %v", fs)
	}
	// The same bytes as one 12-byte value do cross, and with before cold
	// they add line 7 to the path.
	s.Members[64].ElemSize = 0
	s.Members[63].Hot = nil
	if fs := straddles(s, 64); len(fs) != 1 {
		t.Errorf("12-byte value at 508: %v", fs)
	}
}

// A straddle inside lines its path reads anyway costs nothing.
func TestStraddleAddsNoLine(t *testing.T) {
	t.Parallel()
	// As net_device.tc_to_txq: a value across a boundary, with tx fields
	// on both lines it touches.
	fs := append(cold("c", 6), u64("head", "r:tx"), field{"key", 16, 8, "r:tx"}, u64("tail", "r:tx"))
	s := goStruct("t", fs...)
	if fs := straddles(s, 64); len(fs) != 0 {
		t.Errorf("straddle within tx's lines: %v", fs)
	}
	// Without head, line 0 is tx's only because of key.
	s.Members[6].Hot = nil
	if fs := straddles(s, 64); len(fs) != 1 {
		t.Errorf("straddle adding line 0: %v", fs)
	}
	// On rx, read nowhere else, the straddle adds a line even though tx
	// reads both.
	s.Members[6].Hot = &Hot{Paths: []string{"tx"}}
	s.Members[7].Hot = &Hot{Paths: []string{"rx", "tx"}}
	if fs := straddles(s, 64); len(fs) != 1 {
		t.Errorf("straddle adding rx lines: %v", fs)
	}
}

func straddles(s *Struct, line int64) []Finding {
	fs, _ := straddle(s, line)
	return fs
}
