package layout

import "strings"

// IsPadName reports whether name is what programs call a member that only
// takes space: Go's blank "_", and pad, _pad, __pad, pad0, pad_, padding,
// and a word ending in pad or padding (hpad and tpad, the head and tail
// pads of rigtorp's queues and xsync; head_pad; tailPadding).
func IsPadName(name string) bool {
	if name == "_" {
		return true
	}
	n := strings.ToLower(strings.Trim(name, "_"))
	n = strings.TrimRight(n, "0123456789")
	n = strings.TrimRight(n, "_")
	return strings.HasSuffix(n, "pad") || strings.HasSuffix(n, "padding")
}

// isPadLike reports whether m only takes space: a separator, or an array
// with a pad name. Such a member is nobody's false-sharing partner.
func (m *Member) isPadLike() bool {
	return m.Padding || m.ElemSize > 0 && IsPadName(m.Name)
}

// BetweenWriters reports whether top-level member i lies between two
// members that are atomic or written hot, the nearest ones on each side
// that take space: a pad there can only be meant to keep them apart.
func (s *Struct) BetweenWriters(i int) bool {
	before, after := s.padNeighbours(i)
	return before != nil && after != nil && before.writes() && after.writes()
}

// BesideWriter reports whether top-level member i lies next to a member
// that is atomic or written hot, the nearest that takes space on either
// side: the padded queue's pad on each side of each counter.
func (s *Struct) BesideWriter(i int) bool {
	before, after := s.padNeighbours(i)
	return before != nil && after != nil && (before.writes() || after.writes())
}

// writes reports whether m is atomic or written hot.
func (m *Member) writes() bool {
	h := m.HotWithin()
	return m.Atomic > 0 || h != nil && h.Write
}

// padNeighbours are the nearest members on each side of member i that
// take space and are not pads, nil where there is none.
func (s *Struct) padNeighbours(i int) (before, after *Member) {
	for j := i - 1; j >= 0 && before == nil; j-- {
		if m := &s.Members[j]; m.Size > 0 && !m.isPadLike() {
			before = m
		}
	}
	for j := i + 1; j < len(s.Members) && after == nil; j++ {
		if m := &s.Members[j]; m.Size > 0 && !m.isPadLike() {
			after = m
		}
	}
	return before, after
}

// BinarySeparators is the evidence of a binary, which keeps no comments,
// that a pad is meant to keep the members around it on different lines
// (Prepare): a cache-line pad type (Go's cpu.CacheLinePad), or an array
// with a pad name (IsPadName) between two atomic or written hot members.
// Size alone is no evidence: C's big pads size on-disk and ABI structs
// (ext4's s_padding). A member a reader marks Padding stays one.
func BinarySeparators(s *Struct, i int) bool {
	m := &s.Members[i]
	if m.Padding || m.Size == 0 || m.Hot != nil {
		return m.Padding
	}
	between := i > 0 && i < len(s.Members)-1
	return between && (strings.Contains(m.Type, "CacheLinePad") ||
		m.ElemSize > 0 && IsPadName(m.Name) && s.BetweenWriters(i))
}

// MarkApart numbers the runs of top-level members between separator pads
// (Member.Side), on a struct as declared, once its separators are known: a
// queue pads its head from its tail because producers write one and
// consumers the other, which one profile of both, hot on one path, cannot
// tell. Never run it on a proposal, whose pads are the reorganizer's.
func MarkApart(s *Struct) {
	side := 1
	for i := range s.Members {
		if m := &s.Members[i]; separates(m) {
			side++
		} else {
			m.Side = side
		}
	}
}
