package layout

import (
	"slices"
	"strings"
	"testing"
)

// field describes a member for goStruct: name, size, alignment and hot
// annotation ("", "r", "w", "r:tx", "w:rx,tx"...).
type field struct {
	name        string
	size, align int64
	hot         string
}

// goStruct lays fields out as gc does, so tests read like Go declarations.
func goStruct(name string, fs ...field) *Struct {
	s := &Struct{Name: name, Lang: LangGo, Align: 1, PadZeroSizeTail: true}
	var off int64
	for _, f := range fs {
		off = alignUp(off, f.align)
		m := Member{Name: f.name, Type: "T", Offset: off, Size: f.size, Align: f.align, BitOffset: off * 8}
		if f.name == "_" {
			m.Padding, m.Type, m.ElemSize = true, "[N]byte", 1
		}
		if f.hot != "" {
			kind, paths, _ := strings.Cut(f.hot, ":")
			m.Hot = &Hot{Write: kind == "w"}
			if paths != "" {
				m.Hot.Paths = strings.Split(paths, ",")
			}
		}
		s.Members = append(s.Members, m)
		off += f.size
		s.Align = max(s.Align, f.align)
	}
	if n := len(fs); n > 0 && fs[n-1].size == 0 && off > 0 {
		off++
	}
	s.Size = alignUp(off, s.Align)
	s.ResolvePaths()
	return s
}

func u64(name, hot string) field { return field{name, 8, 8, hot} }
func u32(name, hot string) field { return field{name, 4, 4, hot} }
func pad(n int64) field          { return field{"_", n, 1, ""} }

// cold returns n cold 8-byte fields.
func cold(prefix string, n int) []field {
	var fs []field
	for i := range n {
		fs = append(fs, u64(prefix+string(rune('a'+i)), ""))
	}
	return fs
}

func checks(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Check.Name)
	}
	return out
}

func find(t *testing.T, r Result, check *Check) Finding {
	t.Helper()
	for _, f := range r.Findings {
		if f.Check == check {
			return f
		}
	}
	t.Fatalf("no %s finding in %v", check.Name, r.Findings)
	return Finding{}
}

func TestDefaultLineSize(t *testing.T) {
	t.Parallel()
	for goarch, want := range map[string]int64{"amd64": 64, "386": 64, "riscv64": 64, "loong64": 64, "wasm": 64,
		"arm64": 128, "ppc64": 128, "ppc64le": 128, "s390x": 256, "arm": 32, "mips": 32, "mips64le": 32} {
		if got := DefaultLineSize(goarch); got != want {
			t.Errorf("DefaultLineSize(%s) = %d, want %d", goarch, got, want)
		}
	}
}

func TestQuietWithoutAnnotations(t *testing.T) {
	t.Parallel()
	s := goStruct("plain", append(cold("c", 20), field{"buf", 24, 8, ""})...)
	if r := Analyze(s, []int64{64, 128}); len(r.Findings) != 0 || r.Proposal != nil {
		t.Errorf("unannotated struct got %v", r.Findings)
	}
}

// A device whose transmit-path fields sit on four lines.
func TestSpreadDevice(t *testing.T) {
	t.Parallel()
	fs := []field{u64("xmit", "r:tx")}
	fs = append(fs, cold("a", 8)...)
	fs = append(fs, u64("qdisc", "r:tx"), u64("rxh", "r:rx"))
	fs = append(fs, cold("b", 8)...)
	fs = append(fs, u64("mtu", "r:rx,tx"))
	fs = append(fs, cold("c", 8)...)
	fs = append(fs, u64("features", "r:tx"), u64("ifindex", "r:rx"))
	s := goStruct("netdev", fs...)
	if n := s.HotLines("tx", 64); n != 4 {
		t.Fatalf("tx lines = %d, want 4", n)
	}
	r := Analyze(s, []int64{64})
	if got := checks(r.Findings); !slices.Equal(got, []string{CheckSpread.Name, CheckSpread.Name}) {
		t.Fatalf("findings %v", r.Findings)
	}
	f := r.Findings[1] // paths in name order: rx, tx
	if !strings.Contains(f.Message, "path tx occupy 4 lines where 1 would do") {
		t.Errorf("message %q", f.Message)
	}
	if !slices.Equal(f.Members, []string{"xmit", "qdisc", "mtu", "features"}) {
		t.Errorf("members %v", f.Members)
	}
	p := r.Proposal.Struct
	var order []string
	for _, m := range p.Members[:6] {
		order = append(order, m.Name)
	}
	// tx only, then shared, then rx only, each in original order.
	if want := []string{"xmit", "qdisc", "features", "mtu", "rxh", "ifindex"}; !slices.Equal(order, want) {
		t.Errorf("order %v, want %v", order, want)
	}
	if p.Size != s.Size || r.NoFix != "" {
		t.Errorf("size %d -> %d, nofix %q", s.Size, p.Size, r.NoFix)
	}
	for _, path := range []string{"tx", "rx"} {
		if n := p.HotLines(path, 64); n != 1 {
			t.Errorf("proposed %s lines = %d", path, n)
		}
	}
}

// A read-mostly config pointer next to an atomic counter everyone bumps.
func TestFalseShareConfigCounter(t *testing.T) {
	t.Parallel()
	s := goStruct("server", u64("cfg", "r"), u64("hits", "w"), u64("name", ""))
	r := Analyze(s, []int64{64, 128})
	fs := slices.DeleteFunc(slices.Clone(r.Findings), func(f Finding) bool { return f.Check != CheckFalseShare })
	if len(fs) != 1 || fs[0].LineSize != 64 || !slices.Equal(fs[0].LineSizes, []int64{64, 128}) {
		t.Fatalf("findings %v", r.Findings)
	}
	if fs[0].Message != "hits is written and shares line 0 with cfg (read-mostly) (64- and 128-byte lines)" {
		t.Errorf("message %q", fs[0].Message)
	}
	p := r.Proposal.Struct
	// cfg, then cold name fills the line up to the 128-byte boundary with
	// padding, then hits on a line of its own.
	if got := p.Members[len(p.Members)-1]; got.Name != "hits" || got.Offset != 128 {
		t.Errorf("hits at %d in %+v", got.Offset, p.Members)
	}
	if p.Size != 136 {
		t.Errorf("size %d, want 136", p.Size)
	}
}

// Fields written on different paths must not share a line; on one path
// they may.
func TestFalseShareWritePaths(t *testing.T) {
	t.Parallel()
	s := goStruct("q", u64("txc", "w:tx"), u64("txb", "w:tx"), u64("rxc", "w:rx"))
	r := Analyze(s, []int64{64})
	if got := checks(r.Findings); !slices.Equal(got, []string{CheckFalseShare.Name}) {
		t.Fatalf("findings %v", r.Findings)
	}
	f := r.Findings[0]
	if !slices.Equal(f.Members, []string{"txc", "txb", "rxc"}) ||
		f.Message != "txc and txb are written on path tx and share line 0 with rxc (written on path rx) (64-byte lines)" {
		t.Errorf("members %v, message %q", f.Members, f.Message)
	}
	if got := r.Proposal.Struct.Members; got[len(got)-1].Name != "rxc" || got[len(got)-1].Offset != 64 {
		t.Errorf("proposal %+v", got)
	}
}

func TestStraddle(t *testing.T) {
	t.Parallel()
	fs := append(cold("c", 7), field{"key", 16, 8, "r"})
	fs = append(append(fs, cold("d", 3)...), field{"ring", 48, 8, "r"})
	s := goStruct("t", fs...)
	s.Members[11].ElemSize = 24 // [2]struct{...} of 24 bytes
	r := Analyze(s, []int64{64})
	var got []string
	for _, f := range r.Findings {
		if f.Check == CheckStraddle {
			got = append(got, f.Message)
		}
	}
	want := []string{
		"hot field key (16 bytes at offset 56) crosses the line boundary at 64 (64-byte lines)",
		"hot field ring has element 1 (24 bytes at offset 120) crossing the line boundary at 128 (64-byte lines)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if r.NoFix != "" {
		t.Errorf("no fix: %s", r.NoFix)
	}
	if n := len(straddles(r.Proposal.Struct, 64)); n != 0 {
		t.Errorf("proposal still straddles: %+v", r.Proposal.Struct.Members)
	}
}

func TestSplitLock(t *testing.T) {
	t.Parallel()
	s := &Struct{Name: "packed", Size: 70, Align: 1, Packed: true, Members: []Member{
		{Name: "buf", Size: 62, Align: 1},
		{Name: "refs", Offset: 62, Size: 8, Align: 1, BitOffset: 62 * 8, Atomic: 8},
	}}
	r := Analyze(s, []int64{64})
	if len(r.Findings) != 1 || !strings.Contains(r.Findings[0].Message, "atomic refs (8 bytes at offset 62) crosses the line boundary at 64: a split lock") {
		t.Errorf("findings %v", r.Findings)
	}
}

// A split lock is a kind of straddle of its own: ignore splitlock
// silences it and no other straddle, ignore straddle both.
func TestIgnoreSplitLock(t *testing.T) {
	t.Parallel()
	packed := func(ignore ...string) *Struct {
		s := &Struct{Name: "packed", Size: 140, Align: 1, Packed: true, Members: []Member{
			{Name: "buf", Size: 62, Align: 1},
			{Name: "refs", Offset: 62, Size: 8, Align: 1, BitOffset: 62 * 8, Atomic: 8},
			{Name: "gap", Offset: 70, Size: 54, Align: 1, BitOffset: 70 * 8},
			{Name: "h", Offset: 124, Size: 8, Align: 1, BitOffset: 124 * 8, Hot: &Hot{}},
			{Name: "end", Offset: 132, Size: 8, Align: 1, BitOffset: 132 * 8},
		}}
		if ignore != nil {
			s.Ignores = []Ignore{{Checks: ignore, Reason: "test"}}
		}
		s.ResolvePaths()
		return s
	}
	kinds := func(r Result) []string {
		var out []string
		for _, f := range r.Findings {
			out = append(out, f.Check.Name+"/"+f.Kind+"/"+f.Key)
		}
		return out
	}
	for _, tc := range []struct {
		ignore []string
		want   []string
	}{
		{nil, []string{"straddle/splitlock/split refs", "straddle/straddle/hot h"}},
		{[]string{"splitlock"}, []string{"straddle/straddle/hot h"}},
		{[]string{"straddle"}, nil},
	} {
		if got := kinds(Analyze(packed(tc.ignore...), []int64{64})); !slices.Equal(got, tc.want) {
			t.Errorf("ignore %v: findings %v, want %v", tc.ignore, got, tc.want)
		}
	}
	if _, err := ParseIgnore([]string{"splitlock,spread", "why"}, Checks); err != nil {
		t.Errorf("ignore splitlock,spread: %v", err)
	}
}

// A per-core receive queue: 64 bytes but only 8-byte aligned, counters
// written on each poll.
func TestPerCPUQueue(t *testing.T) {
	t.Parallel()
	fs := []field{u64("ring", ""), u64("mb", ""), u32("port", ""), u32("qid", "")}
	fs = append(fs, u64("pkts", "w"), u64("bytes", "w"), u64("nombuf", "w"), u64("err", ""), u64("next", ""))
	s := goStruct("rxq", fs...)
	s.PerCPU = true
	if s.Size != 64 || s.Align != 8 {
		t.Fatalf("size %d align %d", s.Size, s.Align)
	}
	r := Analyze(s, []int64{64})
	f := find(t, r, CheckFalseShare)
	if !strings.Contains(f.Message, "at base offset 8, written pkts of one element shares a line with next of the previous element") {
		t.Errorf("message %q", f.Message)
	}
	p := r.Proposal.Struct
	if len(neighbourShare(p, 64)) != 0 || r.NoFix != "" {
		t.Fatalf("proposal still shares: %+v", p)
	}
	// The declared order with 40 bytes of trailing padding, moving
	// nothing: every 8-aligned base puts a line boundary between the
	// counters' last byte (47) and the next element (104), and the
	// previous element's last field ends 64 bytes before them. Written
	// counters first would need 56 bytes (120 in all) and move three
	// members.
	if p.Members[0].Name != "ring" || p.Size != 104 || !r.Proposal.KeepsOrder() {
		t.Errorf("proposal %+v size %d", p.Members, p.Size)
	}
	// Aligned to the line, the same struct is fine.
	s.Align = 64
	if fs := neighbourShare(s, 64); len(fs) != 0 {
		t.Errorf("64-byte aligned queue: %v", fs)
	}
}

func TestPadding(t *testing.T) {
	t.Parallel()
	ring := goStruct("ring", u64("head", ""), pad(56), u64("tail", ""), pad(56))
	var got []string
	for _, f := range Analyze(ring, []int64{64, 128}).Findings {
		got = append(got, f.Message)
	}
	// The trailing pad does its job: the next element's head starts at
	// 128. The middle one leaves head and tail on line 0 of 128 bytes.
	want := []string{
		"padding _ [N]byte (56 bytes) leaves head and tail on one line (128-byte lines): it needs 64 more bytes",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	counter := goStruct("counter", u64("n", ""), pad(56))
	if fs := padding(counter, 128, 128); len(fs) != 1 || !strings.Contains(fs[0].Message, "leaves n and n of the next element on one line") {
		t.Errorf("counter: %v", fs)
	}
	wide := goStruct("wide", u64("head", ""), pad(192), u64("tail", ""))
	if fs := padding(wide, 64, 64); len(fs) != 1 || !strings.Contains(fs[0].Message, "wastes 72 bytes, a whole line or more: 120 bytes keep head and tail a pair of lines apart") {
		t.Errorf("wide: %v", fs)
	}
	// Two lines apart is no waste, and what 128-byte lines need is none at
	// 64.
	pair := goStruct("pair", u64("head", ""), pad(120), u64("tail", ""))
	if fs := padding(pair, 64, 64); len(fs) != 0 {
		t.Errorf("pair: %v", fs)
	}
	if fs := padding(wide, 64, 128); len(fs) != 0 {
		t.Errorf("wide at 64 of 64,128: %v", fs)
	}
	// Readers mark only evident separators: from a binary, a short pad
	// between plain fields is alignment filler, between written ones a
	// separator.
	small := goStruct("align", u32("a", ""), pad(4), u64("b", ""))
	small.Members[1].Padding = false
	if err := Prepare(small, BinarySeparators); err != nil {
		t.Fatal(err)
	}
	if fs := padding(small, 64, 64); len(fs) != 0 || small.Members[1].Padding {
		t.Errorf("alignment filler reported: %v", fs)
	}
	small.Members[0].Hot, small.Members[2].Atomic = &Hot{Write: true, Paths: []string{DefaultPath}}, 8
	if err := Prepare(small, BinarySeparators); err != nil {
		t.Fatal(err)
	}
	if fs := padding(small, 64, 64); len(fs) != 1 || !strings.Contains(fs[0].Message, "padding _ [N]byte (4 bytes) leaves a and b on one line (64-byte lines): it needs 56 more bytes") {
		t.Errorf("pad between writers: %v", fs)
	}
}

func TestIsPadName(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]bool{
		"_": true, "pad": true, "_pad": true, "__pad": true, "pad0": true, "pad_": true, "padding": true, "padding2": true,
		"hpad": true, "tpad": true, "head_pad": true, "tailPadding": true, "__pad1": true,
		"padx": false, "paddle": false, "spade": false, "page": false, "x": false, "pads_used": false,
	} {
		if IsPadName(name) != want {
			t.Errorf("IsPadName(%q) = %v", name, !want)
		}
	}
}

// A blank or padding field is never a false-sharing partner.
func TestPadNoFalseSharePartner(t *testing.T) {
	t.Parallel()
	s := goStruct("q", u64("head", "w"), field{"_", 8, 1, "r"}, u64("x", ""))
	if fs := falseShare(s, 64); len(fs) != 0 {
		t.Errorf("pad as partner: %v", fs)
	}
	q := goStruct("q", u64("head", "w"), u64("tail", ""), pad(48))
	q.Members[2].Padding = false // alignment filler, as the reader leaves it
	q.PerCPU = true
	for _, f := range neighbourShare(q, 64) {
		if slices.Contains(f.Members, "_") {
			t.Errorf("pad as neighbour partner: %v", f)
		}
	}
}

func TestBudget(t *testing.T) {
	t.Parallel()
	fs := []field{u64("a", "r:tx")}
	fs = append(fs, cold("c", 8)...)
	fs = append(fs, u64("b", "r:tx"), u64("r", "r:rx"))
	s := goStruct("b", fs...)
	s.Budgets = []Budget{{Path: "tx", Lines: 1}, {Lines: 1}}
	r := Analyze(s, []int64{64})
	var got []string
	for _, f := range r.Findings {
		if f.Check == CheckBudget {
			got = append(got, f.Message)
		}
	}
	// The budget of every path says the same of tx as tx's own.
	want := []string{
		"hot fields of path tx occupy 2 lines, over the budget of 1 (64-byte lines)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q", got)
	}
	s.Ignores = []Ignore{{Checks: []string{CheckBudget.Name, CheckSpread.Name}, Reason: "measured"}}
	if r := Analyze(s, []int64{64}); len(r.Findings) != 0 {
		t.Errorf("ignored checks still report: %v", r.Findings)
	}
}

// A budget no order can meet leaves the fix unoffered.
func TestNoFixWhenBudgetUnreachable(t *testing.T) {
	t.Parallel()
	var fs []field
	for i := range 10 {
		fs = append(fs, u64(string(rune('a'+i)), "r"))
	}
	s := goStruct("big", fs...)
	s.Budgets = []Budget{{Lines: 1}}
	r := Analyze(s, []int64{64})
	if r.NoFix == "" || !strings.Contains(r.NoFix, "over the budget") {
		t.Errorf("NoFix = %q", r.NoFix)
	}
}

// Reorganizing a proposal changes nothing: the proposal is a fixed point.
func TestProposalFixedPoint(t *testing.T) {
	t.Parallel()
	fs := []field{u64("x", "r:tx"), u32("w1", "w:tx"), u64("y", "r:rx")}
	fs = append(fs, cold("c", 3)...)
	fs = append(fs, u32("w2", "w:rx"), field{"flag", 1, 1, "r:rx"}, u64("z", "r:tx,rx"))
	s := goStruct("mixed", fs...)
	lines := []int64{64, 128}
	r := Analyze(s, lines)
	if r.Proposal == nil || r.NoFix != "" {
		t.Fatalf("no proposal: %s", r.NoFix)
	}
	again := Analyze(r.Proposal.Struct, lines)
	for _, f := range again.Findings {
		t.Errorf("proposal still has %s: %s", f.Check, f.Message)
	}
}

// Members of anonymous members count as hot members, as C lets code name
// them directly.
func TestInnerHotMembers(t *testing.T) {
	t.Parallel()
	s := &Struct{Name: "dev", Size: 128, Align: 8, Members: []Member{
		{Name: "ops", Size: 8, Align: 8, Hot: &Hot{Paths: []string{"tx"}}},
		{Name: "pad", Offset: 8, Size: 64, Align: 1},
		{Name: "", Offset: 72, Size: 8, Align: 8, BitOffset: 72 * 8, Inner: []Member{
			{Name: "ifindex", Offset: 72, Size: 4, Align: 4, BitOffset: 72 * 8, Hot: &Hot{}},
			{Name: "iflink", Offset: 72, Size: 8, Align: 8, BitOffset: 72 * 8},
		}},
		{Name: "rest", Offset: 80, Size: 48, Align: 8, BitOffset: 80 * 8},
	}}
	if l := s.Members[2].Label(); l != "<anonymous at offset 72>" {
		t.Errorf("label %q", l)
	}
	s.ResolvePaths()
	if _, m := s.Lookup("ifindex"); !slices.Equal(m.Hot.Paths, []string{"tx"}) {
		t.Fatalf("ifindex paths %v", m.Hot.Paths)
	}
	if n := s.HotLines("tx", 64); n != 2 {
		t.Errorf("tx lines %d, want 2", n)
	}
	r := Analyze(s, []int64{64})
	if r.Proposal == nil || r.Proposal.Struct.HotLines("tx", 64) != 1 {
		t.Fatalf("proposal %+v (%s)", r.Proposal, r.NoFix)
	}
	// Its members move with it.
	i := slices.IndexFunc(r.Proposal.Struct.Members, func(m Member) bool { return m.Name == "" })
	if got := r.Proposal.Struct.Members[i]; got.Inner[0].Offset != got.Offset || got.Inner[0].BitOffset != 8*got.Offset || got.Inner[1].Offset != got.Offset {
		t.Errorf("anonymous member moved to %+v", got)
	}
}

func TestNumberBitFieldUnits(t *testing.T) {
	t.Parallel()
	ms := []Member{
		{Name: "a", Offset: 0, Size: 4, BitSize: 3},
		{Name: "b", Offset: 0, Size: 4, BitOffset: 3, BitSize: 5},
		{Name: "c", Offset: 4, Size: 4},
		{Name: "d", Offset: 8, Size: 4, BitOffset: 64, BitSize: 1},
		{Name: "e", Offset: 12, Size: 2, BitOffset: 96, BitSize: 2},
		{Name: "f", Offset: 12, Size: 2, BitOffset: 98, BitSize: 2},
	}
	unit := 4
	NumberBitFieldUnits(ms, &unit)
	var got []int
	for _, m := range ms {
		got = append(got, m.Unit)
	}
	if want := []int{5, 5, 0, 0, 6, 6}; !slices.Equal(got, want) || unit != 6 {
		t.Errorf("units %v (last %d), want %v", got, unit, want)
	}
}

// The model carries the width of each atomic access: a split lock is a word
// that crosses a line, not a member that does.
func TestSplitLockWidths(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		m    Member
		want string
	}{
		// zone.vm_stat: atomic_long_t[11] across a boundary, each word
		// aligned.
		{"atomic array", Member{Name: "vm_stat", Offset: 40, Size: 88, Align: 8, ElemSize: 8, Atomic: 8}, ""},
		// A Go atomic.Value at 56: two words, loaded one at a time.
		{"atomic.Value", Member{Name: "v", Offset: 56, Size: 16, Align: 8, Atomic: 8}, ""},
		// A packed array of atomic_t whose third word crosses.
		{"packed array", Member{Name: "refs", Offset: 54, Size: 16, Align: 1, ElemSize: 4, Atomic: 4},
			"atomic refs has word 2 (4 bytes at offset 62) crossing the line boundary at 64: a split lock (64-byte lines)"},
		// A 16-byte _Atomic value is one access.
		{"_Atomic pair", Member{Name: "pair", Offset: 56, Size: 16, Align: 8, Atomic: 16},
			"atomic pair (16 bytes at offset 56) crosses the line boundary at 64: a split lock (64-byte lines)"},
	} {
		m := c.m
		m.BitOffset = m.Offset * 8
		s := &Struct{Name: "s", Size: 128, Align: 8, Members: []Member{m}}
		var got string
		for _, f := range Analyze(s, []int64{64}).Findings {
			got = f.Message
		}
		if got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

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

// One finding per shared line, naming every member on it that takes part.
func TestFalseSharePerLine(t *testing.T) {
	t.Parallel()
	fs := []field{u64("ops", "r:tx"), u64("rto", "w:tx"), u64("cookie", "w:tx"), u64("state", "w:tx"), u64("mss", "r:tx"), u64("ack", "w:rx")}
	fs = append(fs, cold("c", 2)...)
	fs = append(fs, u64("a", "w:tx"), u64("b", "w:tx"))
	s := goStruct("sk", fs...)
	r := Analyze(s, []int64{64})
	got := slices.DeleteFunc(slices.Clone(r.Findings), func(f Finding) bool { return f.Check != CheckFalseShare })
	if len(got) != 1 {
		t.Fatalf("findings %v", r.Findings)
	}
	want := "rto, cookie and state are written on path tx and share line 0 with ops (read-mostly), mss (read-mostly), ack (written on path rx) (64-byte lines)"
	if got[0].Message != want || got[0].Member != 1 || len(got[0].Members) != 6 {
		t.Errorf("got %q on %d %v\nwant %q", got[0].Message, got[0].Member, got[0].Members, want)
	}
}

// A problem at several line sizes is one finding naming them all.
func TestFindingAcrossLineSizes(t *testing.T) {
	t.Parallel()
	fs := append(cold("c", 7), field{"key", 16, 8, "r"})
	fs = append(fs, cold("d", 8)...)
	fs = append(fs, field{"x", 16, 8, "r"})
	s := goStruct("t", fs...)
	r := Analyze(s, []int64{64, 32})
	var got []string
	for _, f := range r.Findings {
		got = append(got, f.Message)
	}
	// key crosses 64 at both sizes, and the path needs 3 lines where 1
	// would do at both: the same words.
	want := []string{
		"hot field key (16 bytes at offset 56) crosses the line boundary at 64 (64- and 32-byte lines)",
		"hot fields occupy 3 lines where 1 would do (64- and 32-byte lines): key, x",
	}
	if !slices.Equal(got, want) || !slices.Equal(r.Findings[0].LineSizes, []int64{64, 32}) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	// At 128 key crosses nothing, and the path needs 2 lines, which the
	// message says for that size.
	r = Analyze(s, []int64{64, 128})
	got = nil
	for _, f := range r.Findings {
		got = append(got, f.Message)
	}
	want = []string{
		"hot field key (16 bytes at offset 56) crosses the line boundary at 64 (64-byte lines)",
		"hot fields occupy 3 lines where 1 would do (64-byte lines; at 128-byte lines, 2 lines where 1 would do): key, x",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// A straddle is not repeated as a spread when it is all the spread is.
func TestSpreadNotRepeatingStraddle(t *testing.T) {
	t.Parallel()
	s := goStruct("t", append(cold("c", 7), field{"key", 16, 8, "r"}, u64("seq", "r"))...)
	r := Analyze(s, []int64{64})
	if got := checks(r.Findings); !slices.Equal(got, []string{CheckStraddle.Name}) {
		t.Errorf("findings %v", r.Findings)
	}
}

// A struct with nothing the reorganizer fixes gets no proposal.
func TestNoProposalWithoutFindings(t *testing.T) {
	t.Parallel()
	s := goStruct("t", u64("a", "r"), u64("b", "r"), u64("c", ""), u64("d", "r"))
	if r := Analyze(s, []int64{64}); len(r.Findings) != 0 || r.Proposal != nil || r.NoFix != "" {
		t.Errorf("findings %v, proposal %v, no fix %q", r.Findings, r.Proposal, r.NoFix)
	}
}

// queue is xsync's MPMCQueue: read-mostly fields, then head and tail, each
// padded onto a line of its own, then the slots.
func queue() *Struct {
	return goStruct("queue", u64("capMask", "r"), u64("capShift", "r"), pad(48), u64("head", "w"), pad(56),
		u64("tail", "w"), pad(56), field{"slots", 24, 8, "r"})
}

// Written fields the declaration pads apart stay apart, though one profile
// of producers and consumers marks both hot on one path: the proposal
// moves slots up to the read-mostly line and keeps head and tail on lines
// of their own.
func TestSeparatedWriters(t *testing.T) {
	t.Parallel()
	s := queue()
	MarkApart(s)
	r := Analyze(s, []int64{64})
	if got := checks(r.Findings); !slices.Equal(got, []string{CheckSpread.Name}) {
		t.Fatalf("findings %v, want spread only", r.Findings)
	}
	if f := find(t, r, CheckSpread); !strings.Contains(f.Message, "4 lines where 3 would do") {
		t.Errorf("spread: %s", f.Message)
	}
	if r.Proposal == nil {
		t.Fatalf("no proposal: %s", r.NoFix)
	}
	p := r.Proposal.Struct
	line := func(name string) int64 {
		_, m := p.Lookup(name)
		return m.Offset / 64
	}
	if line("head") == line("tail") || line("head") == line("capMask") || line("tail") == line("capMask") {
		t.Errorf("head on line %d, tail on %d, capMask on %d: want three lines", line("head"), line("tail"), line("capMask"))
	}
	if line("slots") != line("capMask") {
		t.Errorf("slots on line %d, capMask on %d: want one line", line("slots"), line("capMask"))
	}

	// Without the sides, one path's writers may share a line.
	s = queue()
	r = Analyze(s, []int64{64})
	if r.Proposal == nil {
		t.Fatalf("no proposal: %s", r.NoFix)
	}
	p = r.Proposal.Struct
	if line("head") != line("tail") {
		t.Errorf("without sides, head on line %d and tail on %d: want one line", line("head"), line("tail"))
	}
}

// A separator too short to separate leaves the writers on its two sides on
// one line: falseshare says so, as padding does.
func TestSeparatedWritersShareLine(t *testing.T) {
	t.Parallel()
	s := goStruct("ring", u64("head", "w"), pad(8), u64("tail", "w"), pad(48))
	MarkApart(s)
	r := Analyze(s, []int64{64})
	want := "head is written and shares line 0 with tail (written, on the other side of a separator) (64-byte lines)"
	if f := find(t, r, CheckFalseShare); f.Message != want {
		t.Errorf("falseshare:\n got %s\nwant %s", f.Message, want)
	}
	find(t, r, CheckPadding)
}

// A path that reads every field reads every line the struct spans, in any
// order: a straddle costs it nothing, as ristretto's lockedMap (a
// sync.RWMutex and the three fields it guards, in the 48-byte size class,
// whose objects start 48 bytes past a line in a quarter of cases) shows.
// With a cold field the path no longer reads the whole struct, but its 40
// hot bytes span two lines in a quarter of the objects in any order of the
// fields: only padding every object to 64 bytes would save that, and the
// straddle is not reported. A straddle of a heap object is reported where
// moving the field saves the line, and says which move: an array of
// 16-byte elements 8 bytes in, whose first element crosses a line of its
// own in a quarter of the objects, and none when it is put first.
func TestStraddleWholeStruct(t *testing.T) {
	t.Parallel()
	heapStraddles := func(s *Struct) []string {
		s.Heap = testHeap(t)
		var out []string
		for _, f := range Analyze(s, []int64{64}).Findings {
			if f.Check == CheckStraddle {
				out = append(out, f.Message)
			}
		}
		return out
	}
	s := goStruct("lockedMap", field{"RWMutex", 24, 8, "w"}, u64("data", "r"), u64("em", "r"), u64("shouldUpdate", "r"))
	if fs := heapStraddles(s); len(fs) != 0 {
		t.Errorf("all fields hot: %v", fs)
	}
	s.Members[3].Hot = nil
	if fs := heapStraddles(s); len(fs) != 0 {
		t.Errorf("shouldUpdate cold: %v, want none: no order at 48 bytes saves a line", fs)
	}
	a := goStruct("sketch", u64("mask", ""), field{"rows", 96, 8, "r"}, field{"seed", 32, 8, ""})
	a.Members[1].ElemSize = 16
	want := "hot field rows has element 0 (16 bytes at offset 8) crossing the line boundary at 16 (64-byte lines); " +
		"in 25% of heap objects, those starting 48 bytes past a 64-byte line (the 144-byte size class starts them at 0, 16, 32 or 48); " +
		"putting rows first (offset 0) fixes it in every heap object"
	if fs := heapStraddles(a); len(fs) != 1 || fs[0] != want {
		t.Errorf("an array longer than a line 8 bytes in:\n got %q\nwant %q", fs, want)
	}
	a.Members[1].ElemSize = 24
	if fs := heapStraddles(a); len(fs) != 0 {
		t.Errorf("24-byte elements, which cross at some base wherever the array starts: %v", fs)
	}
}

// TestPerCPUKeepsWritesApart: a transmit queue, one per core, whose
// read-mostly part (read by every core that enqueues: path enqueue) lies
// a line away from its write-mostly part (written by the core
// transmitting), as Linux's netdev_queue is laid out. Its elements, 168
// bytes at 8-byte alignment, let one's writes share a line with the next
// one's reads; the proposal must fix that without putting the writes on
// the line of the reads, which the declared order keeps apart.
func TestPerCPUKeepsWritesApart(t *testing.T) {
	t.Parallel()
	fs := []field{u64("dev", "r:enqueue,tx"), u64("qdisc", "r:enqueue,tx")}
	fs = append(fs, cold("kobj", 14)...)
	fs = append(fs, u64("lock", "w:tx"), u64("owner", "w:tx"), u64("start", "w:tx"), u64("state", "w:tx"), u64("node", ""))
	s := goStruct("txq", fs...)
	s.PerCPU = true
	for _, line := range []int64{64, 128} {
		if fs := falseShare(s, line); len(fs) != 0 {
			t.Fatalf("declared order at %d-byte lines: %v", line, fs)
		}
		r := Analyze(s, []int64{line})
		if r.Proposal == nil {
			t.Fatalf("%d-byte lines: no proposal (%s)", line, r.NoFix)
		}
		p := r.Proposal.Struct
		if fs := falseShare(p, line); len(fs) != 0 {
			t.Errorf("%d-byte lines: the proposal puts writes on the line of reads: %s", line, fs[0].Message)
		}
		if fs := neighbourShare(p, line); len(fs) != 0 {
			t.Errorf("%d-byte lines: the proposal still shares with neighbours: %s", line, fs[0].Message)
		}
		for _, f := range r.Findings {
			if f.Check == CheckSpread {
				t.Errorf("%d-byte lines: %s", line, f.Message)
			}
		}
	}
}

// TestPerCPUOwnerSharesItsLine: a receive queue, one per polling thread,
// as DPDK's af_packet has them: the thread that owns an element reads its
// ring and writes its position and counters, all on one path. Writes and
// reads of one element by its one core are no false sharing; the
// neighbours are, and aligning the struct to a line keeps them apart
// with every member in place, as DPDK's fix (__rte_cache_aligned) did.
func TestPerCPUOwnerSharesItsLine(t *testing.T) {
	t.Parallel()
	s := cStruct("pkt_rx_queue", c32("sockfd", ""), c64("rd", "r:"), c64("map", ""),
		c32("framecount", "r:"), c32("framenum", "w:"), c64("mb_pool", ""), c64("port", "r:"),
		c64("rx_pkts", "w:"), c64("rx_bytes", "w:"))
	s.PerCPU = true
	for _, line := range []int64{64, 128} {
		if fs := falseShare(s, line); len(fs) != 0 {
			t.Errorf("%d-byte lines: one core's element: %s", line, fs[0].Message)
		}
		if fs := neighbourShare(s, line); len(fs) != 1 {
			t.Errorf("%d-byte lines: neighbours: %v, want one finding", line, fs)
		}
		r := Analyze(s, []int64{line})
		if r.Proposal == nil {
			t.Fatalf("%d-byte lines: no proposal (%s)", line, r.NoFix)
		}
		p := r.Proposal
		if p.Align != line || p.Struct.Size != line || len(p.Struct.Members) != len(s.Members) {
			t.Errorf("%d-byte lines: proposal aligned %d, %d bytes, %d members; want the declared order aligned to the line", line, p.Align, p.Struct.Size, len(p.Struct.Members))
		}
		for i, from := range p.From {
			if from != i {
				t.Errorf("%d-byte lines: member %d comes from %d, want none moved", line, i, from)
			}
		}
	}
}

// TestAlignedDropsTailPad: a percpu C queue whose ring fields another
// core reads too (path stats) gets them a line from its writes, by an
// alignment on the first of them; the struct takes that alignment, which
// already rounds its size to the line, so no pad array follows them.
func TestAlignedDropsTailPad(t *testing.T) {
	t.Parallel()
	s := cStruct("pkt_rx_queue", c32("sockfd", ""), c64("rd", "r:rx,stats"), c64("map", ""),
		c32("framecount", "r:rx,stats"), c32("framenum", "w:rx"), c64("mb_pool", ""), c64("port", "r:rx"),
		c64("rx_pkts", "w:rx"), c64("rx_bytes", "w:rx"))
	s.PerCPU = true
	r := Analyze(s, []int64{64})
	if r.Proposal == nil {
		t.Fatalf("no proposal (%s)", r.NoFix)
	}
	p := r.Proposal
	if len(p.Aligned) == 0 || p.Struct.Size != 128 {
		t.Fatalf("proposal: %d bytes, aligned members %v; want 128 bytes, a member aligned to the line", p.Struct.Size, p.Aligned)
	}
	for i, m := range p.Struct.Members {
		if p.Inserted(i) {
			t.Errorf("inserted %s %s at %d: the alignment gives that room already", m.Name, m.Type, m.Offset)
		}
	}
}
