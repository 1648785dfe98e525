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
	groupBeginPrefix = "__cacheline_group_begin__"
	groupEndPrefix   = "__cacheline_group_end__"
	groupPadPrefix   = "__cacheline_group_pad__"
)

// IsGroupMarker reports whether name is a kernel cacheline group's begin
// or end marker or its pad. A marker is not a field: it has no bytes to be
// hot and lies in no group, and pinning a member of a group is what keeps
// the group where it is; so a hot file or annotation naming a marker is an
// error.
func IsGroupMarker(name string) bool {
	return strings.HasPrefix(name, groupBeginPrefix) || strings.HasPrefix(name, groupEndPrefix) || strings.HasPrefix(name, groupPadPrefix)
}

// applyCachelineGroups sets Group on the top-level members of s that lie
// between a __cacheline_group_begin__NAME marker and its end marker; the
// markers themselves belong to no group. Groups may nest; a member takes the
// innermost name.
//
// The name says what the kernel means by the group, word part by word part
// (split at "_"): "read" makes the members read-mostly hot, "write" written
// hot; "tx", "rx", "txrx" and "rxtx" name the paths. Members of a read or
// write group that are not hot yet get that Hot, so that annotations from a
// hot file, applied first, win. A read or write group naming no path leaves
// Paths empty for ResolvePaths to fill.
func applyCachelineGroups(s *Struct) error {
	type open struct {
		name  string
		index int
	}
	var stack []open
	seen := map[string]bool{}
	for i := range s.Members {
		m := &s.Members[i]
		if name, ok := strings.CutPrefix(m.Name, groupBeginPrefix); ok {
			if seen[name] {
				return fmt.Errorf("%s %s: cacheline group %s begins twice (member %s)", s.Kind, s.Name, name, m.Name)
			}
			seen[name] = true
			stack = append(stack, open{name, i})
			continue
		}
		if name, ok := strings.CutPrefix(m.Name, groupEndPrefix); ok {
			if len(stack) == 0 {
				return fmt.Errorf("%s %s: %s has no %s%s before it", s.Kind, s.Name, m.Name, groupBeginPrefix, name)
			}
			if top := stack[len(stack)-1]; top.name != name {
				return fmt.Errorf("%s %s: %s closes a group while %s%s is still open", s.Kind, s.Name, m.Name, groupBeginPrefix, top.name)
			}
			stack = stack[:len(stack)-1]
			continue
		}
		if len(stack) == 0 {
			continue
		}
		m.Group = stack[len(stack)-1].name
		if m.Hot != nil {
			continue
		}
		// The innermost group that says read or write decides.
		for j := len(stack) - 1; j >= 0; j-- {
			if h := groupHot(stack[j].name); h != nil {
				m.Hot = h
				break
			}
		}
	}
	if len(stack) > 0 {
		top := stack[len(stack)-1]
		return fmt.Errorf("%s %s: %s has no %s%s after it", s.Kind, s.Name, s.Members[top.index].Name, groupEndPrefix, top.name)
	}
	return nil
}

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
