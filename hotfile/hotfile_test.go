package hotfile

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/input"
	"github.com/cachelint/cachelint/layout"
)

const tables = "../testdata/kernel/net_cachelines"

func load(t *testing.T, file string) *Set {
	t.Helper()
	s, err := Load(filepath.Join(tables, file))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// hot returns the mark s gives st.field, or nil.
func hot(s *Set, st, field string) *layout.Hot {
	for i := range s.Hot {
		if s.Hot[i].Struct == st && s.Hot[i].Field == field && !s.Hot[i].Cold {
			return &s.Hot[i].Hot
		}
	}
	return nil
}

func count(s *Set, path string) int {
	n := 0
	for _, h := range s.Hot {
		if h.Hot.On(path) {
			n++
		}
	}
	return n
}

type want struct {
	field string
	hot   *layout.Hot // nil: not hot
}

var (
	tx     = &layout.Hot{Paths: []string{"tx"}}
	rx     = &layout.Hot{Paths: []string{"rx"}}
	txrx   = &layout.Hot{Paths: []string{"rx", "tx"}}
	txW    = &layout.Hot{Paths: []string{"tx"}, Write: true}
	rxW    = &layout.Hot{Paths: []string{"rx"}, Write: true}
	txrxW  = &layout.Hot{Paths: []string{"rx", "tx"}, Write: true}
	absent *layout.Hot
)

func TestTables(t *testing.T) {
	for _, tc := range []struct {
		file, strct string
		tx, rx      int // hot fields per path, counted by hand from the table
		fields      []want
	}{
		{"net_device.rst", "net_device", 30, 17, []want{
			{"priv_flags", tx},
			{"lltx", tx},
			{"state", txrx},
			{"ifindex", rx},
			{"ptype_specific", rx}, // blank tx cell
			{"gso_partial_features", tx},
			{"xps_maps", tx}, // xps_maps[2]
			{"tc_to_txq", tx},
			{"_rx", tx}, // so the table says
			{"name", absent},
			{"min_mtu", absent}, // blank cells
			{"num_tx_queues", absent},
			{"see_all_hwtstamp_requests", absent}, // runs into the tx column
			{"page_pools", absent},                // "struct hlist_head" type
			{"irq_moder", absent},
		}},
		{"tcp_sock.rst", "tcp_sock", 52, 49, []want{
			{"tcp_header_len", txrx},
			{"gso_segs", tx},
			{"pred_flags", txrxW},
			{"bytes_received", rxW},
			{"snd_nxt", txrxW},
			{"segs_out", txW},
			{"rtt_seq", txW}, // blank rx cell
			{"chrono_stat", txW},
			{"rcv_rtt_est", rxW},
			{"inet_conn", absent},
			{"saved_syn", absent}, // last line, no newline
		}},
		{"inet_sock.rst", "inet_sock", 10, 1, []want{
			{"sk", txrx},
			{"inet_sport", tx},
			{"defer_connect", tx},
			{"pinet6", absent},
		}},
		{"inet_connection_sock.rst", "inet_connection_sock", 29, 7, []want{
			{"icsk_inet", txrx},
			{"icsk_rto", txW},
			{"icsk_ca_dst_locked", txW},
			{"pending", txrxW},
			{"ato", txrxW}, // read_mostly tx, write_mostly rx
			{"rcv_mss", txrxW},
			{"icsk_ca_priv", absent},
		}},
		{"netns_ipv4_sysctl.rst", "netns_ipv4", 11, 8, []want{
			{"sysctl_ip_fwd_use_pmtu", tx},
			{"sysctl_ip_early_demux", rx},
			{"sysctl_tcp_shrink_window", txrx},
			{"sysctl_tcp_wmem", tx},
			{"sysctl_tcp_rmem", rx},
			{"sysctl_ip_default_ttl", absent}, // comment only
		}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			s := load(t, tc.file)
			if got := s.StructNames(); !reflect.DeepEqual(got, []string{tc.strct}) {
				t.Errorf("StructNames = %q, want [%s]", got, tc.strct)
			}
			if n := count(s, "tx"); n != tc.tx {
				t.Errorf("%d fields hot on tx, want %d", n, tc.tx)
			}
			if n := count(s, "rx"); n != tc.rx {
				t.Errorf("%d fields hot on rx, want %d", n, tc.rx)
			}
			for _, w := range tc.fields {
				if got := hot(s, tc.strct, w.field); !reflect.DeepEqual(got, w.hot) {
					t.Errorf("%s: %v, want %v", w.field, got, w.hot)
				}
			}
			for _, h := range s.Hot {
				if !h.Table || h.Line == 0 {
					t.Errorf("%s: Table %v Line %d", h.Field, h.Table, h.Line)
				}
				if h.Cold != (len(h.Hot.Paths) == 0) {
					t.Errorf("%s: Cold %v, paths %v", h.Field, h.Cold, h.Hot.Paths)
				}
			}
			// Cold rows are kept, to be checked against the groups.
			for _, w := range tc.fields {
				if w.hot == nil && !slices.ContainsFunc(s.Hot, func(h HotField) bool { return h.Field == w.field && h.Cold }) {
					t.Errorf("%s: no cold row", w.field)
				}
			}
		})
	}
}

func TestTableRowPos(t *testing.T) {
	s := load(t, "net_device.rst")
	for _, h := range s.Hot {
		if h.Field == "priv_flags" {
			if want := filepath.Join(tables, "net_device.rst") + ":10"; h.Pos.String() != want {
				t.Errorf("priv_flags at %s, want %s", h.Pos, want)
			}
			return
		}
	}
	t.Fatal("no priv_flags")
}

func TestNotStructTables(t *testing.T) {
	_, err := Load(filepath.Join(tables, "snmp.rst"))
	if !errors.Is(err, ErrNotStructTable) {
		t.Errorf("snmp.rst: %v, want ErrNotStructTable", err)
	}
	if err != nil && !strings.Contains(err.Error(), `snmp.rst:5: "netns_ipv4 enum fast path usage breakdown": the table lists enum constants`) {
		t.Errorf("snmp.rst: %v", err)
	}
	_, err = Load(filepath.Join(tables, "index.rst"))
	if err == nil || !strings.HasSuffix(err.Error(), "index.rst: no fastpath_tx_access or fastpath_rx_access column header, so not a net_cachelines table") {
		t.Errorf("index.rst: %v", err)
	}
}

func TestTableShapes(t *testing.T) {
	// Two tables, CRLF line ends, an extra leading column, an xdp column,
	// prose and an RST comment in between.
	src := strings.Join([]string{
		".. comment",
		"",
		"=====================================",
		"foo struct fast path usage breakdown",
		"=====================================",
		"",
		"Some prose before the table.",
		"",
		"Id  Type  Name    fastpath_tx_access  fastpath_xdp_access  Notes",
		"1   int   a[4]    read_mostly         write_mostly         x",
		"2   int   b                           read_mostly",
		"3   int   c       -                   -                    not hot",
		"",
		"bar struct fast path usage breakdown",
		"====================================",
		"",
		"==== ==== ================== ==================",
		"Type Name fastpath_tx_access fastpath_rx_access",
		"==== ==== ================== ==================",
		"int  d                       write_mostly",
		"int  d    read_mostly",
		"==== ==== ================== ==================",
	}, "\r\n")
	s, err := parse("t.rst", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]layout.Hot{}
	var cold []string
	for _, h := range s.Hot {
		if h.Cold {
			cold = append(cold, h.Struct+"."+h.Field)
			continue
		}
		got[h.Struct+"."+h.Field] = h.Hot
	}
	if !reflect.DeepEqual(cold, []string{"foo.c"}) {
		t.Errorf("cold rows %q, want foo.c", cold)
	}
	wantHot := map[string]layout.Hot{
		"foo.a": {Paths: []string{"tx", "xdp"}, Write: true},
		"foo.b": {Paths: []string{"xdp"}},
		"bar.d": {Paths: []string{"rx", "tx"}, Write: true}, // two rows add up
	}
	if !reflect.DeepEqual(got, wantHot) {
		t.Errorf("got %v\nwant %v", got, wantHot)
	}
}

func TestTableErrors(t *testing.T) {
	const header = "Type  Name  fastpath_tx_access  fastpath_rx_access  Comments\n"
	for _, tc := range []struct{ src, want string }{
		{header + "..struct ..s\nint   a     read_mostyl         -\n",
			`t.rst:3: bad fastpath_tx_access value "read_mostyl": want read_mostly, read_write, write_mostly or -`},
		{header + "..struct ..s\nint   a     read mostly\n",
			`t.rst:3: bad fastpath_tx_access value "read mostly": want read_mostly, read_write, write_mostly or -`},
		{header + "..struct ..s\nint         read_mostly\n",
			`t.rst:3: row marks tx hot but has no single Name`},
		{header + "..struct ..s\nint   *p    read_mostly\n",
			`t.rst:3: bad field name "*p"`},
		{header + "int   a     read_mostly\n",
			`t.rst:2: row before any ..struct row or title naming the struct`},
		{header + "..struct\n",
			`t.rst:2: ..struct row names no struct`},
	} {
		_, err := parse("t.rst", []byte(tc.src))
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q:\n got %v\nwant %s", tc.src, err, tc.want)
		}
	}
}

func TestHotFile(t *testing.T) {
	src := `# hot fields of net_device
net_device.priv_flags hot path=tx   # trailing comment
net_device.state      hot path=tx,rx,tx
net_device.stats      hot write
	
main.Server.mu hot write path=accept
Two<Two<int, char>, long int>.a hot
net_device percpu
net_device budget lines=3
net_device budget path=tx lines=2
net_device ignore padding,straddle   holes are the kernel's
net_device ignore paddings are deliberate
net_device ignore spread out on purpose
`
	s, err := parse("hot.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	wantHot := []HotField{
		{Pos: Pos{"hot.txt", 2}, Struct: "net_device", Field: "priv_flags", Hot: layout.Hot{Paths: []string{"tx"}}},
		{Pos: Pos{"hot.txt", 3}, Struct: "net_device", Field: "state", Hot: layout.Hot{Paths: []string{"rx", "tx"}}},
		{Pos: Pos{"hot.txt", 4}, Struct: "net_device", Field: "stats", Hot: layout.Hot{Write: true}},
		{Pos: Pos{"hot.txt", 6}, Struct: "main.Server", Field: "mu", Hot: layout.Hot{Paths: []string{"accept"}, Write: true}},
		// A C++ template's name, spaces and all.
		{Pos: Pos{"hot.txt", 7}, Struct: "Two<Two<int, char>, long int>", Field: "a"},
	}
	if !reflect.DeepEqual(s.Hot, wantHot) {
		t.Errorf("Hot:\n got %+v\nwant %+v", s.Hot, wantHot)
	}
	wantDirs := []Directive{
		{Pos: Pos{"hot.txt", 8}, Struct: "net_device", PerCPU: true},
		{Pos: Pos{"hot.txt", 9}, Struct: "net_device", Budget: &layout.Budget{Lines: 3}},
		{Pos: Pos{"hot.txt", 10}, Struct: "net_device", Budget: &layout.Budget{Path: "tx", Lines: 2}},
		{Pos: Pos{"hot.txt", 11}, Struct: "net_device", Ignore: &layout.Ignore{Checks: []string{"padding", "straddle"}, Reason: "holes are the kernel's"}},
		{Pos: Pos{"hot.txt", 12}, Struct: "net_device", Ignore: &layout.Ignore{Reason: "paddings are deliberate"}}, // "paddings" is no check name
		{Pos: Pos{"hot.txt", 13}, Struct: "net_device", Ignore: &layout.Ignore{Checks: []string{"spread"}, Reason: "out on purpose"}},
	}
	if !reflect.DeepEqual(s.Directives, wantDirs) {
		t.Errorf("Directives:\n got %+v\nwant %+v", s.Directives, wantDirs)
	}
	if got, want := s.StructNames(), []string{"Two<Two<int, char>, long int>", "main.Server", "net_device"}; !reflect.DeepEqual(got, want) {
		t.Errorf("StructNames = %q, want %q", got, want)
	}
}

func TestHotFileErrors(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"net_device.state hott", `unknown directive "hott"`},
		{"net_device budget", `budget needs lines=N`},
		{"net_device budget path=tx", `budget needs lines=N`},
		{"net_device ignore", `ignore needs a reason`},
		{"net_device ignore padding # why?", `ignore needs a reason`},
		{"net_device ignore spread", `ignore needs a reason`},
		{"net_device ignore padding,spred oops", `ignore: unknown check "spred" in "padding,spred" (checks: straddle, spread, falseshare, padding, budget)`},
		{"net_device", `"net_device" needs a directive: hot, pin, join, percpu, budget, ignore or group`},
		{"net_device hot", `hot needs STRUCT.FIELD, got "net_device"`},
		{"Two<int, char>", `"Two<int, char>" needs a directive: hot, pin, join, percpu, budget, ignore or group`},
		{"Two<int, char hot", `"Two<int, char hot" needs a directive: hot, pin, join, percpu, budget, ignore or group`},
		{".state hot", `hot needs STRUCT.FIELD, got ".state"`},
		{"net_device. hot", `bad field name ""`},
		{"net_device.9x hot", `bad field name "9x"`},
		{"net_device.state hot wirte", `hot: unknown option "wirte" (want write, path=NAME[,NAME] or guard=FIELD)`},
		{"net_device.state hot write write", `hot: write given twice`},
		{"net_device.state hot path=tx path=rx", `hot: path= given twice`},
		{"net_device.state hot path=", `bad path name ""`},
		{"net_device.state hot path=tx,", `bad path name ""`},
		{"net_device.state hot path=t-x", `bad path name "t-x"`},
		{"net_device percpu now", `percpu takes no arguments, got "now"`},
		{"net_device budget lines=0", `budget: lines=0 is not a positive integer`},
		{"net_device budget lines=-1", `budget: lines=-1 is not a positive integer`},
		{"net_device budget lines=+1", `budget: lines=+1 is not a positive integer`},
		{"net_device budget lines=99999999999999999999", `budget: lines=99999999999999999999 is not a positive integer`},
		{"net_device budget lines=2 lines=3", `budget: lines= given twice`},
		{"net_device budget path=a,b lines=1", `bad path name "a,b"`},
		{"net_device budget path=a path=b lines=1", `budget: path= given twice`},
		{"net_device budget tx lines=1", `budget: unknown option "tx" (want [path=NAME] lines=N)`},
		{"net_device.ptype_all join", `join takes the name of a cacheline group, got ""`},
		{"net_device.ptype_all join a b", `join takes the name of a cacheline group, got "a b"`},
		{"net_device join net_device_read_tx", `join needs STRUCT.FIELD, got "net_device"`},
		{"net_device group net_device_read_tx", `group takes GROUP size=N, got "net_device_read_tx"`},
		{"net_device group net_device_read_tx 160", `group takes GROUP size=N, got "net_device_read_tx 160"`},
		{"net_device group net_device_read_tx size=-1", `group net_device_read_tx: bad size "-1": want bytes, a number from 0`},
		{"net_device group net_device_read_tx size=1k", `group net_device_read_tx: bad size "1k": want bytes, a number from 0`},
	} {
		src := "# header\n\n" + tc.line + "\n"
		_, err := parse("hot.txt", []byte(src))
		if want := "hot.txt:3: " + tc.want; err == nil || err.Error() != want {
			t.Errorf("%q:\n got %v\nwant %s", tc.line, err, want)
		}
	}
}

func TestHotFileEveryBadLine(t *testing.T) {
	_, err := parse("hot.txt", []byte("a.b hott\nok percpu\nc budget\n"))
	want := "hot.txt:1: unknown directive \"hott\"\nhot.txt:3: budget needs lines=N"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

func TestLoadMerge(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(a, []byte("net_device.mtu hot path=tx\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, _, err := LoadPaths([]string{a, filepath.Join(tables, "tcp_sock.rst")})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.StructNames(), []string{"net_device", "tcp_sock"}; !reflect.DeepEqual(got, want) {
		t.Errorf("StructNames = %q, want %q", got, want)
	}
	if hotRows := slices.DeleteFunc(slices.Clone(s.Hot), func(h HotField) bool { return h.Cold }); s.Hot[0].Pos != (Pos{a, 1}) || len(hotRows) != 1+77 {
		t.Errorf("first %v, %d marks", s.Hot[0].Pos, len(hotRows))
	}
	if _, _, err := LoadPaths([]string{a, filepath.Join(dir, "missing.txt")}); err == nil {
		t.Error("missing file: no error")
	}
}

// netDevice is a net_device-like struct: ifindex lies in an anonymous union.
func netDevice() *layout.Struct {
	return &layout.Struct{Name: "net_device", Size: 64, Align: 8, Members: []layout.Member{
		{Name: "priv_flags", Offset: 0, Size: 4, Align: 4},
		{Name: "state", Offset: 8, Size: 8, Align: 8},
		{Name: "", Offset: 16, Size: 4, Align: 4, Embedded: true, Inner: []layout.Member{
			{Name: "ifindex", Offset: 16, Size: 4, Align: 4},
			{Name: "alias_idx", Offset: 16, Size: 4, Align: 4},
		}},
		{Name: "mtu", Offset: 20, Size: 4, Align: 4},
		{Name: "stats", Offset: 24, Size: 40, Align: 8},
	}}
}

func member(t *testing.T, s *layout.Struct, name string) *layout.Member {
	t.Helper()
	_, m := s.Lookup(name)
	if m == nil {
		t.Fatalf("no member %s", name)
	}
	return m
}

func TestApplyHotFile(t *testing.T) {
	src := `net_device.priv_flags hot path=tx
net_device.ifindex hot path=rx
net_device.state hot path=tx
net_device.state hot write path=rx
net_device.mtu hot
net_device.mtu hot
net_device percpu
net_device budget lines=2
net_device budget lines=2
net_device budget path=tx lines=1
net_device ignore padding holes are upstream's
sk_buff.len hot
sk_buff percpu
`
	set, err := parse("hot.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	// A binary may define a struct more than once: both get the marks.
	a, b := netDevice(), netDevice()
	ws, err := set.Apply([]*layout.Struct{a, b})
	warnings := warningStrings(ws)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"hot.txt:12: struct sk_buff not found"}; !reflect.DeepEqual(warnings, want) {
		t.Errorf("warnings = %q, want %q", warnings, want)
	}
	for _, s := range []*layout.Struct{a, b} {
		for _, w := range []want{
			{"priv_flags", tx},
			{"ifindex", rx},
			{"alias_idx", absent},
			{"state", txrxW},
			{"mtu", &layout.Hot{}}, // no path: every path, once resolved
			{"stats", absent},
		} {
			if got := member(t, s, w.field).Hot; !reflect.DeepEqual(got, w.hot) {
				t.Errorf("%s: %v, want %v", w.field, got, w.hot)
			}
		}
		if s.Members[2].Hot != nil {
			t.Errorf("anonymous union marked %v; only ifindex should be", s.Members[2].Hot)
		}
		if !s.PerCPU {
			t.Error("not percpu")
		}
		if want := []layout.Budget{{Lines: 2}, {Path: "tx", Lines: 1}}; !reflect.DeepEqual(s.Budgets, want) {
			t.Errorf("Budgets = %v, want %v", s.Budgets, want)
		}
		if want := []layout.Ignore{{Checks: []string{"padding"}, Reason: "holes are upstream's"}}; !reflect.DeepEqual(s.Ignores, want) {
			t.Errorf("Ignores = %v, want %v", s.Ignores, want)
		}
	}
	if a.Members[1].Hot == b.Members[1].Hot {
		t.Error("two structs share one Hot")
	}
}

// A guard comes through, joined with other lines' marks; two locks for
// one field are an error.
func TestApplyGuard(t *testing.T) {
	set, err := parse("hot.txt", []byte("net_device.state hot guard=mtu\nnet_device.state hot write\nnet_device.mtu hot write\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := netDevice()
	if _, err := set.Apply([]*layout.Struct{s}); err != nil {
		t.Fatal(err)
	}
	if got, want := member(t, s, "state").Hot, (&layout.Hot{Write: true, Guard: "mtu"}); !reflect.DeepEqual(got, want) {
		t.Errorf("state: %v, want %v", got, want)
	}
	set, err = parse("hot.txt", []byte("net_device.state hot guard=mtu\nnet_device.state hot guard=flags\n"))
	if err != nil {
		t.Fatal(err)
	}
	s = netDevice()
	_, err = set.Apply([]*layout.Struct{s})
	if want := "hot.txt:2: net_device.state has guard=mtu already, not guard=flags: a field has one lock"; err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

func TestApplyMissingField(t *testing.T) {
	set, err := parse("hot.txt", []byte("net_device.state hot\nnet_device.foo hot\nnet_device.bar hot\nnet_device percpu\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := netDevice()
	_, err = set.Apply([]*layout.Struct{s})
	want := "hot.txt:2: struct net_device has no field foo\nhot.txt:3: struct net_device has no field bar"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	if s.Members[1].Hot != nil || s.PerCPU {
		t.Error("a failed Apply changed the struct")
	}
}

// A cacheline group's marker is not a field: a hot file marking or
// pinning one is an error naming the line, a table row a warning.
func TestApplyGroupMarker(t *testing.T) {
	pool := func() *layout.Struct {
		return &layout.Struct{Name: "page_pool", Size: 128, Align: 64, Members: []layout.Member{
			{Name: "cpuid", Offset: 0, Size: 4, Align: 4},
			{Name: "__cacheline_group_begin__frag", Offset: 64, Align: 1, AlignAttr: 64},
			{Name: "frag_users", Offset: 64, Size: 8, Align: 8},
			{Name: "__cacheline_group_end__frag", Offset: 72, Align: 1},
			{Name: "__cacheline_group_pad__frag", Offset: 128, Align: 1, AlignAttr: 64},
		}}
	}
	set, err := parse("hot.txt", []byte("page_pool.cpuid hot\npage_pool.__cacheline_group_begin__frag hot\npage_pool.__cacheline_group_end__frag pin\npage_pool.__cacheline_group_pad__frag pin\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := pool()
	_, err = set.Apply([]*layout.Struct{s})
	want := "hot.txt:2: __cacheline_group_begin__frag is a cacheline group marker of struct page_pool, not a field: mark the group's members (pinning one keeps the group where it is)\n" +
		"hot.txt:3: __cacheline_group_end__frag is a cacheline group marker of struct page_pool, not a field: mark the group's members (pinning one keeps the group where it is)\n" +
		"hot.txt:4: __cacheline_group_pad__frag is a cacheline group marker of struct page_pool, not a field: mark the group's members (pinning one keeps the group where it is)"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	if !reflect.DeepEqual(s, pool()) {
		t.Error("a failed Apply changed the struct")
	}

	table := "Type      Name                           fastpath_tx_access  fastpath_rx_access  Comments\n" +
		"..struct  ..page_pool\n" +
		"int       cpuid                          read_mostly         -                   \n" +
		"u8        __cacheline_group_begin__frag  read_mostly         -                   \n"
	set, err = parse("page_pool.rst", []byte(table))
	if err != nil {
		t.Fatal(err)
	}
	s = pool()
	ws, err := set.Apply([]*layout.Struct{s})
	warnings := warningStrings(ws)
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 1 || !strings.HasPrefix(warnings[0], "page_pool.rst:4: __cacheline_group_begin__frag is a cacheline group marker") || !strings.HasSuffix(warnings[0], "; row ignored") {
		t.Errorf("warnings = %q", warnings)
	}
	if s.Members[0].Hot == nil || s.Members[1].Hot != nil {
		t.Errorf("cpuid %v, marker %v: want cpuid hot and the marker not", s.Members[0].Hot, s.Members[1].Hot)
	}
}

func TestApplyTable(t *testing.T) {
	set := load(t, "net_device.rst")
	s := netDevice()
	ws, err := set.Apply([]*layout.Struct{s})
	warnings := warningStrings(ws)
	if err != nil {
		t.Fatal(err)
	}
	// priv_flags, state, ifindex and mtu are in the struct; the other
	// hot rows are warnings, and cold rows none.
	hotRows := slices.DeleteFunc(slices.Clone(set.Hot), func(h HotField) bool { return h.Cold })
	if len(warnings) != len(hotRows)-4 {
		t.Errorf("%d warnings for %d hot rows:\n%s", len(warnings), len(hotRows), strings.Join(warnings, "\n"))
	}
	if want := filepath.Join(tables, "net_device.rst") + ":11: struct net_device has no field lltx"; len(warnings) == 0 || warnings[0] != want {
		t.Errorf("first warning %q, want %q", warnings, want)
	}
	for _, w := range []want{{"priv_flags", tx}, {"state", txrx}, {"ifindex", rx}, {"mtu", tx}, {"stats", absent}} {
		if got := member(t, s, w.field).Hot; !reflect.DeepEqual(got, w.hot) {
			t.Errorf("%s: %v, want %v", w.field, got, w.hot)
		}
	}
}

func TestApplyTableInnerStruct(t *testing.T) {
	// icsk_ack and icsk_mtup are named structs; the table lists their
	// fields with the holder in the type (struct_icsk_ack_u8 pending).
	s := &layout.Struct{Name: "inet_connection_sock", Size: 64, Align: 8, Members: []layout.Member{
		{Name: "icsk_rto", Offset: 0, Size: 4, Align: 4},
		{Name: "icsk_ack", Offset: 8, Size: 16, Align: 8},
		{Name: "icsk_ca_priv", Offset: 24, Size: 40, Align: 8},
	}}
	ws, err := load(t, "inet_connection_sock.rst").Apply([]*layout.Struct{s})
	warnings := warningStrings(ws)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []want{{"icsk_rto", txW}, {"icsk_ack", txrxW}, {"icsk_ca_priv", absent}} {
		if got := member(t, s, w.field).Hot; !reflect.DeepEqual(got, w.hot) {
			t.Errorf("%s: %v, want %v", w.field, got, w.hot)
		}
	}
	for _, w := range warnings {
		if strings.Contains(w, "field pending") || strings.Contains(w, "field ato") {
			t.Errorf("icsk_ack field not mapped: %s", w)
		}
	}
	if !slices.ContainsFunc(warnings, func(w string) bool {
		return strings.HasSuffix(w, "struct inet_connection_sock has no field search_high")
	}) {
		t.Errorf("no warning for icsk_mtup's search_high:\n%s", strings.Join(warnings, "\n"))
	}
}

// TestContradictions checks lines that say two things of one field or
// budget, in one file or in two given together: once the last budget
// silently won, and a field hot on path rx and then on every path ended
// hot on tx alone (the path of another field). Table rows, which the
// tables mean to add up, and lines naming other paths still join.
func TestContradictions(t *testing.T) {
	for _, c := range []struct {
		files []string
		want  string // "" for none
	}{
		{[]string{"pkt_rx_queue.rx_pkts hot path=rx\npkt_rx_queue.rx_pkts hot\npkt_rx_queue.mp hot path=tx\n"},
			"a:2: pkt_rx_queue.rx_pkts marked hot on every path, but on path rx at a:1: say one"},
		{[]string{"q budget lines=2\nq budget path=rx lines=1\nq budget lines=3\n"},
			"a:3: q budget of 3 lines on every path, but 2 at a:1: say one"},
		{[]string{"q budget path=rx lines=1\n", "q budget path=rx lines=2\n"},
			"b:1: q budget of 2 lines on path rx, but 1 at a:1: say one"},
		{[]string{"q.a hot path=rx\nq.a hot write path=tx\nq budget lines=2\nq budget lines=2\n"}, ""},
	} {
		dir := t.TempDir()
		var paths []string
		for i, f := range c.files {
			p := filepath.Join(dir, string(rune('a'+i)))
			if err := os.WriteFile(p, []byte(f), 0o644); err != nil {
				t.Fatal(err)
			}
			paths = append(paths, p)
		}
		_, _, err := LoadPaths(paths)
		got := ""
		if err != nil {
			got = strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), "")
		}
		if got != c.want {
			t.Errorf("%q: got %q, want %q", c.files, got, c.want)
		}
	}
}

// TestTableTabs reads a net_cachelines table whose rows separate their
// cells by tabs, as an editor may save them; the rows were dropped
// without a word.
func TestTableTabs(t *testing.T) {
	table := "=========================== ======================= =================== =================== ===\n" +
		"Type                        Name                    fastpath_tx_access  fastpath_rx_access  Comments\n" +
		"=========================== ======================= =================== =================== ===\n" +
		"..struct                    ..net_device\n" +
		"unsigned_int\t\t\t    mtu\t\t\t    read_mostly\t\t-\t\t    dev_xmit\n" +
		"=========================== ======================= =================== =================== ===\n"
	set, err := parse("t.rst", []byte(table))
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Hot) != 1 || set.Hot[0].Field != "mtu" || !reflect.DeepEqual(set.Hot[0].Hot.Paths, []string{"tx"}) {
		t.Errorf("rows: %+v", set.Hot)
	}
}

// TestUnicodeNames reads a hot file naming a struct and a field with
// letters past ASCII, as Go and C (gcc 10) allow.
func TestUnicodeNames(t *testing.T) {
	set, err := parse("hot.txt", []byte("Kö.längd hot path=läs\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := &layout.Struct{Name: "Kö", Size: 8, Align: 8, Members: []layout.Member{{Name: "längd", Type: "int", Size: 8, Align: 8}}}
	if _, err := set.Apply([]*layout.Struct{s}); err != nil || s.Members[0].Hot == nil || s.Members[0].Hot.Paths[0] != "läs" {
		t.Errorf("%v, %+v", err, s.Members[0].Hot)
	}
}

// warningStrings renders warnings as the command prints each.
func warningStrings(ws []input.Warning) []string {
	var out []string
	for _, w := range ws {
		out = append(out, w.String())
	}
	return out
}
