package layout

import (
	"reflect"
	"strings"
	"testing"
)

// groupStruct builds a struct from member names; markers get size 0.
func groupStruct(names ...string) *Struct {
	s := &Struct{Name: "net_device", Align: 8}
	var off int64
	for _, n := range names {
		size := int64(8)
		if strings.HasPrefix(n, "__cacheline_group_") {
			size = 0
		}
		s.Members = append(s.Members, Member{Name: n, Offset: off, Size: size, Align: 8})
		off += size
	}
	s.Size = off
	return s
}

func TestApplyCachelineGroups(t *testing.T) {
	t.Parallel()
	s := groupStruct(
		"state",
		"__cacheline_group_begin__net_device_read_tx",
		"priv_flags",
		"netdev_ops",
		"__cacheline_group_end__net_device_read_tx",
		"__cacheline_group_begin__net_device_read_txrx",
		"flags",
		"__cacheline_group_end__net_device_read_txrx",
		"__cacheline_group_begin__net_device_read_rx",
		"ifindex",
		"__cacheline_group_end__net_device_read_rx",
		"__cacheline_group_begin__tcp_sock_write_txrx",
		"snd_nxt",
		"__cacheline_group_end__tcp_sock_write_txrx",
		"__cacheline_group_begin__sock_read_rxtx",
		"sk_rcvbuf",
		"__cacheline_group_end__sock_read_rxtx",
		"__cacheline_group_begin__frag",
		"frag_users",
		"__cacheline_group_end__frag",
		"__cacheline_group_pad__frag",
		"__cacheline_group_begin__read_write",
		"tail",
		"__cacheline_group_end__read_write",
		"__cacheline_group_begin__thread_txq", // "thread" is no "read"
		"txq",
		"__cacheline_group_end__thread_txq",
		"dev",
	)
	// A hot file marked ifindex before: it wins over the group.
	fromFile := &Hot{Paths: []string{"fast"}, Write: true}
	_, m := s.Lookup("ifindex")
	m.Hot = fromFile

	if err := applyCachelineGroups(s); err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		group string
		hot   *Hot
	}{
		"priv_flags": {"net_device_read_tx", &Hot{Paths: []string{"tx"}}},
		"netdev_ops": {"net_device_read_tx", &Hot{Paths: []string{"tx"}}},
		"flags":      {"net_device_read_txrx", &Hot{Paths: []string{"rx", "tx"}}},
		"ifindex":    {"net_device_read_rx", fromFile},
		"snd_nxt":    {"tcp_sock_write_txrx", &Hot{Paths: []string{"rx", "tx"}, Write: true}},
		"sk_rcvbuf":  {"sock_read_rxtx", &Hot{Paths: []string{"rx", "tx"}}},
		"frag_users": {"frag", nil},
		"tail":       {"read_write", &Hot{Write: true}},
		"txq":        {"thread_txq", nil},
	}
	for i := range s.Members {
		m := &s.Members[i]
		w := want[m.Name]
		if m.Group != w.group {
			t.Errorf("%s: Group = %q, want %q", m.Name, m.Group, w.group)
		}
		if !reflect.DeepEqual(m.Hot, w.hot) {
			t.Errorf("%s: Hot = %v, want %v", m.Name, m.Hot, w.hot)
		}
	}
	if s.Members[0].Group != "" || s.Members[1].Group != "" {
		t.Errorf("member before the group or the marker got a group")
	}
}

func TestApplyCachelineGroupsNested(t *testing.T) {
	t.Parallel()
	s := groupStruct(
		"__cacheline_group_begin__outer_write_rx",
		"a",
		"__cacheline_group_begin__inner",
		"b",
		"__cacheline_group_end__inner",
		"__cacheline_group_end__outer_write_rx",
	)
	if err := applyCachelineGroups(s); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a", "b"} {
		_, m := s.Lookup(name)
		if want := (&Hot{Paths: []string{"rx"}, Write: true}); !reflect.DeepEqual(m.Hot, want) {
			t.Errorf("%s: Hot = %v, want %v", name, m.Hot, want)
		}
	}
	if _, b := s.Lookup("b"); b.Group != "inner" {
		t.Errorf("b: Group = %q, want inner", b.Group)
	}
}

func TestApplyCachelineGroupsUnbalanced(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		members []string
		want    string
	}{
		{
			[]string{"a", "__cacheline_group_begin__net_device_read_tx", "b"},
			"struct net_device: __cacheline_group_begin__net_device_read_tx has no __cacheline_group_end__net_device_read_tx after it",
		},
		{
			[]string{"a", "__cacheline_group_end__net_device_read_rx"},
			"struct net_device: __cacheline_group_end__net_device_read_rx has no __cacheline_group_begin__net_device_read_rx before it",
		},
		{
			[]string{
				"__cacheline_group_begin__x_read_tx",
				"__cacheline_group_begin__x_read_rx",
				"__cacheline_group_end__x_read_tx",
				"__cacheline_group_end__x_read_rx",
			},
			"struct net_device: __cacheline_group_end__x_read_tx closes a group while __cacheline_group_begin__x_read_rx is still open",
		},
		{
			[]string{
				"__cacheline_group_begin__g", "__cacheline_group_end__g",
				"__cacheline_group_begin__g", "__cacheline_group_end__g",
			},
			"struct net_device: cacheline group g begins twice (member __cacheline_group_begin__g)",
		},
	} {
		s := groupStruct(tc.members...)
		err := applyCachelineGroups(s)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%v:\n got %v\nwant %s", tc.members, err, tc.want)
		}
	}
}

// A hot member of a kernel cacheline group that crosses into a line the
// group's members reach in any order of them costs its path nothing: the
// line is the group's (6.18's tcp_sock_write_rx and rcvq_space). Where a
// cold member of the group could take that line instead, the crossing
// costs the path a line, and is a straddle.
func TestStraddleInGroup(t *testing.T) {
	build := func() *Struct {
		return cStruct("g",
			c64("x1", ""), c64("x2", ""), c64("x3", ""),
			marker("__cacheline_group_begin__g_write_rx"),
			c64("a", ""), c64("b", ""), c64("c", ""), c64("d", ""),
			cMember{name: "s", size: 16, align: 8, typ: "struct q"},
			marker("__cacheline_group_end__g_write_rx"),
			c64("y1", ""), c64("y2", ""), c64("y3", ""), c64("y4", ""), c64("y5", ""), c64("y6", ""), c64("y7", ""),
		)
	}
	s := build()
	if fs, _ := straddle(s, 64); len(fs) != 0 {
		t.Errorf("the group's 48 bytes from offset 24 reach line 1 in any order: %v", fs)
	}
	s = build()
	_, d := s.Lookup("d")
	d.Hot = nil
	fs, _ := straddle(s, 64)
	if len(fs) != 1 || fs[0].Message != "hot field s (16 bytes at offset 56) crosses the line boundary at 64 (64-byte lines)" {
		t.Errorf("with d cold, an order keeps rx off line 1: %v", fs)
	}
}
