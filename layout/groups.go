package layout

import (
	"fmt"
	"slices"
	"strings"
)

// Kernel cacheline group markers: zero-size members that
// __cacheline_group_begin(NAME) and __cacheline_group_end(NAME) put around
// the members of a fast-path group. __cacheline_group_pad__NAME, which
// __cacheline_group_end_aligned adds after the end marker, lies outside the
// group and is left alone.
const (
	GroupBeginPrefix = "__cacheline_group_begin__"
	GroupEndPrefix   = "__cacheline_group_end__"
	GroupPadPrefix   = "__cacheline_group_pad__"
)

// IsGroupMarker reports whether name is a kernel cacheline group's begin
// or end marker or its pad. A marker is not a field: it has no bytes to be
// hot and lies in no group, and pinning a member of a group is what keeps
// the group where it is; so a hot file or annotation naming a marker is an
// error.
func IsGroupMarker(name string) bool {
	return strings.HasPrefix(name, GroupBeginPrefix) || strings.HasPrefix(name, GroupEndPrefix) || strings.HasPrefix(name, GroupPadPrefix)
}

// GroupsOf names, for each top-level member of s, the kernel cacheline
// group it lies in: between a __cacheline_group_begin__NAME marker and its
// end marker, "" for none and for the markers themselves. Groups may nest;
// a member takes the innermost name. It returns an error for markers that
// do not pair up.
func GroupsOf(s *Struct) ([]string, error) {
	in, err := memberGroups(s)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(in))
	for i, gs := range in {
		if n := len(gs); n > 0 {
			out[i] = gs[n-1]
		}
	}
	return out, nil
}

// applyCachelineGroups sets Group on the top-level members of s
// (GroupsOf) and marks them as their groups say.
//
// The name says what the kernel means by the group, word part by word part
// (split at "_"): "read" makes the members read-mostly hot, "write" written
// hot; "tx", "rx", "txrx" and "rxtx" name the paths. Members of a read or
// write group that are not hot yet get that Hot, so that annotations from a
// hot file, applied first, win. A read or write group naming no path leaves
// Paths empty for ResolvePaths to fill.
func applyCachelineGroups(s *Struct) error {
	open, err := memberGroups(s)
	if err != nil {
		return err
	}
	for i := range s.Members {
		m := &s.Members[i]
		if n := len(open[i]); n > 0 {
			m.Group = open[i][n-1]
		}
		// The innermost group that says read or write decides.
		for j := len(open[i]) - 1; j >= 0; j-- {
			if h := groupHot(open[i][j]); h != nil {
				s.KernelPaths = true
				if m.Hot == nil {
					m.Hot = h
				}
				break
			}
		}
	}
	return nil
}

// memberGroups returns, for each top-level member of s, the groups it lies in,
// outermost first.
func memberGroups(s *Struct) ([][]string, error) {
	var stack []string
	var at []int
	in := make([][]string, len(s.Members))
	seen := map[string]bool{}
	for i := range s.Members {
		m := &s.Members[i]
		if name, ok := strings.CutPrefix(m.Name, GroupBeginPrefix); ok {
			if seen[name] {
				return nil, fmt.Errorf("%s %s: cacheline group %s begins twice (member %s)", s.Kind, s.Name, name, m.Name)
			}
			seen[name] = true
			stack, at = append(stack, name), append(at, i)
			continue
		}
		if name, ok := strings.CutPrefix(m.Name, GroupEndPrefix); ok {
			if len(stack) == 0 {
				return nil, fmt.Errorf("%s %s: %s has no %s%s before it", s.Kind, s.Name, m.Name, GroupBeginPrefix, name)
			}
			if top := stack[len(stack)-1]; top != name {
				return nil, fmt.Errorf("%s %s: %s closes a group while %s%s is still open", s.Kind, s.Name, m.Name, GroupBeginPrefix, top)
			}
			stack, at = stack[:len(stack)-1], at[:len(at)-1]
			continue
		}
		in[i] = slices.Clone(stack)
	}
	if len(stack) > 0 {
		top := len(stack) - 1
		return nil, fmt.Errorf("%s %s: %s has no %s%s after it", s.Kind, s.Name, s.Members[at[top]].Name, GroupEndPrefix, stack[top])
	}
	return in, nil
}

// GroupHot is what the name of a kernel cacheline group says of its
// members (net_device_read_tx: read-mostly on tx), nil when it says
// neither read nor write.
func GroupHot(name string) *Hot { return groupHot(name) }

// groupHot reads a group name as the kernel names its groups
// (net_device_read_tx, tcp_sock_write_txrx, sock_read_rxtx, ...). It returns
// nil for a group that says neither read nor write.
func groupHot(name string) *Hot {
	var read, write bool
	var paths []string
	add := func(ps ...string) {
		for _, p := range ps {
			if !slices.Contains(paths, p) {
				paths = append(paths, p)
			}
		}
	}
	for part := range strings.SplitSeq(name, "_") {
		switch part {
		case "read":
			read = true
		case "write":
			write = true
		case "tx":
			add("tx")
		case "rx":
			add("rx")
		case "txrx", "rxtx":
			add("rx", "tx")
		}
	}
	if !read && !write {
		return nil
	}
	slices.Sort(paths)
	return &Hot{Paths: paths, Write: write}
}

// GroupSizeOf is the size of s's cacheline group name as the kernel's
// CACHELINE_ASSERT_GROUP_SIZE measures it, from the end of its begin marker
// to its end marker; false when s has no such group.
func GroupSizeOf(s *Struct, name string) (int64, bool) {
	_, b := s.Lookup(GroupBeginPrefix + name)
	_, e := s.Lookup(GroupEndPrefix + name)
	if b == nil || e == nil {
		return 0, false
	}
	return e.Offset - b.End(), true
}
