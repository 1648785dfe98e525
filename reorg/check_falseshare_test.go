package reorg

import (
	"slices"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// A read-mostly config pointer next to an atomic counter everyone bumps.
func TestFalseShareConfigCounter(t *testing.T) {
	t.Parallel()
	s := goStruct("server", u64("cfg", "r"), u64("hits", "w"), u64("name", ""))
	r := Analyze(s, []int64{64, 128})
	fs := slices.DeleteFunc(slices.Clone(r.Findings), func(f layout.Finding) bool { return f.Check != layout.CheckFalseShare })
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
	if got := checks(r.Findings); !slices.Equal(got, []string{layout.CheckFalseShare.Name}) {
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
	f := find(t, r, layout.CheckFalseShare)
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

// One finding per shared line, naming every member on it that takes part.
func TestFalseSharePerLine(t *testing.T) {
	t.Parallel()
	fs := []field{u64("ops", "r:tx"), u64("rto", "w:tx"), u64("cookie", "w:tx"), u64("state", "w:tx"), u64("mss", "r:tx"), u64("ack", "w:rx")}
	fs = append(fs, cold("c", 2)...)
	fs = append(fs, u64("a", "w:tx"), u64("b", "w:tx"))
	s := goStruct("sk", fs...)
	r := Analyze(s, []int64{64})
	got := slices.DeleteFunc(slices.Clone(r.Findings), func(f layout.Finding) bool { return f.Check != layout.CheckFalseShare })
	if len(got) != 1 {
		t.Fatalf("findings %v", r.Findings)
	}
	want := "rto, cookie and state are written on path tx and share line 0 with ops (read-mostly), mss (read-mostly), ack (written on path rx) (64-byte lines)"
	if got[0].Message != want || got[0].Member != 1 || len(got[0].Members) != 6 {
		t.Errorf("got %q on %d %v\nwant %q", got[0].Message, got[0].Member, got[0].Members, want)
	}
}

// Written fields the declaration pads apart stay apart, though one profile
// of producers and consumers marks both hot on one path: the proposal
// moves slots up to the read-mostly line and keeps head and tail on lines
// of their own.
func TestSeparatedWriters(t *testing.T) {
	t.Parallel()
	s := queue()
	layout.MarkApart(s)
	r := Analyze(s, []int64{64})
	if got := checks(r.Findings); !slices.Equal(got, []string{layout.CheckSpread.Name}) {
		t.Fatalf("findings %v, want spread only", r.Findings)
	}
	if f := find(t, r, layout.CheckSpread); !strings.Contains(f.Message, "4 lines where 3 would do") {
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
	layout.MarkApart(s)
	r := Analyze(s, []int64{64})
	want := "head is written and shares line 0 with tail (written, on the other side of a separator) (64-byte lines)"
	if f := find(t, r, layout.CheckFalseShare); f.Message != want {
		t.Errorf("falseshare:\n got %s\nwant %s", f.Message, want)
	}
	find(t, r, layout.CheckPadding)
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
			if f.Check == layout.CheckSpread {
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

// guard marks the named members of s as guarded by lock.
func guard(s *layout.Struct, lock string, names ...string) {
	for _, n := range names {
		_, m := s.Lookup(n)
		m.Hot.Guard = lock
	}
}

// A lock and the fields read or written only while it is held share a
// line without false sharing: ratelimit's mutexLimiter, as its profile
// marks it.
func TestGuardedNoFalseShare(t *testing.T) {
	t.Parallel()
	limiter := func() *layout.Struct {
		return goStruct("mutexLimiter", u64("Mutex", "w"), field{"last", 24, 8, "w"}, u64("sleepFor", "w"),
			u64("perRequest", "r"), u64("maxSlack", "r"), field{"clock", 16, 8, "r"})
	}
	s := limiter()
	if got := checks(Analyze(s, []int64{64}).Findings); !slices.Contains(got, layout.CheckFalseShare.Name) {
		t.Fatalf("unguarded: findings %v, want a falseshare", got)
	}
	s = limiter()
	guard(s, "Mutex", "last", "sleepFor", "perRequest", "maxSlack", "clock")
	if err := layout.Annotate(s); err != nil {
		t.Fatal(err)
	}
	if r := Analyze(s, []int64{64, 128}); len(r.Findings) > 0 {
		t.Errorf("guarded: findings %v", r.Findings)
	}
}

// A field read without the lock still falsely shares the lock's line;
// the fields the lock guards are not named.
func TestGuardedPartners(t *testing.T) {
	t.Parallel()
	s := goStruct("cache", u64("mu", "w"), u64("items", "r"), u64("hits", "w"), u64("cfg", "r"))
	guard(s, "mu", "items", "hits")
	r := Analyze(s, []int64{64})
	f := find(t, r, layout.CheckFalseShare)
	if want := "mu and hits are written and share line 0 with cfg (read-mostly) (64-byte lines)"; f.Message != want {
		t.Errorf("message %q, want %q", f.Message, want)
	}
	if r.Proposal == nil {
		t.Fatalf("no proposal: %s", r.NoFix)
	}
	// The proposal keeps the lock with what it guards and moves cfg off
	// their line, rather than padding the lock away from its fields.
	p := r.Proposal.Struct
	line := func(name string) int64 { _, m := p.Lookup(name); return m.Offset / 64 }
	if line("mu") != line("items") || line("mu") != line("hits") || line("cfg") == line("mu") {
		t.Errorf("proposal %+v", p.Members)
	}
	if again := Analyze(p, []int64{64}); len(again.Findings) > 0 {
		t.Errorf("proposal still has %v", again.Findings)
	}
}

// The reorganizer keeps members apart by the rules of the checks it is
// handed, in Go and in C: with falseshare, the written field gets a line
// of its own; without it, nothing keeps the written field off the reads'
// line, and the proposal puts the three hot fields on one line.
func TestFalseShareSteersProposal(t *testing.T) {
	t.Parallel()
	fs := []field{u64("ra", "r")}
	fs = append(fs, cold("c", 8)...)
	fs = append(fs, u64("w", "w"))
	fs = append(fs, cold("d", 8)...)
	fs = append(fs, u64("rb", "r"))
	// The same in C, where a patch that moves the fewest members competes.
	ms := []cMember{c64("ra", "r")}
	for _, f := range fs[1:] {
		ms = append(ms, c64(f.name, f.hot))
	}
	lineOf := func(p *layout.Proposal, name string) int64 {
		_, m := p.Struct.Lookup(name)
		return m.Offset / 64
	}
	lines := []int64{64}
	without := slices.DeleteFunc(slices.Clone(layout.Checks), func(c *layout.Check) bool { return c == layout.CheckFalseShare })
	for _, s := range []func() *layout.Struct{func() *layout.Struct { return goStruct("conn", fs...) }, func() *layout.Struct { return cStruct("conn", ms...) }} {
		r := AnalyzeWith(s(), lines, layout.Checks)
		if r.Proposal == nil {
			t.Fatalf("%s: no proposal with every check: %s", s().Lang, r.NoFix)
		}
		if p := r.Proposal; lineOf(p, "ra") != lineOf(p, "rb") || lineOf(p, "w") == lineOf(p, "ra") {
			t.Errorf("%s with falseshare: ra, rb, w on lines %d, %d, %d; want the reads on one line, w on another",
				s().Lang, lineOf(p, "ra"), lineOf(p, "rb"), lineOf(p, "w"))
		}

		r = AnalyzeWith(s(), lines, without)
		if r.Proposal == nil {
			t.Fatalf("%s: no proposal without falseshare: %s", s().Lang, r.NoFix)
		}
		if p := r.Proposal; lineOf(p, "ra") != lineOf(p, "w") || lineOf(p, "rb") != lineOf(p, "w") {
			t.Errorf("%s without falseshare: ra, rb, w on lines %d, %d, %d; want one line", s().Lang, lineOf(p, "ra"), lineOf(p, "rb"), lineOf(p, "w"))
		}
		for _, f := range r.Findings {
			if f.Check == layout.CheckFalseShare {
				t.Errorf("%s: a check not handed over reports: %s", s().Lang, f.Message)
			}
		}
		if !slices.ContainsFunc(r.Findings, func(f layout.Finding) bool { return f.Check == layout.CheckSpread && f.Left == "" }) {
			t.Errorf("%s: want spread fixed by the proposal: %v", s().Lang, r.Findings)
		}
	}
}

// The reorganizer pads a percpu struct's elements apart by the rule of the
// checks it is handed (Check.Neighbours): with falseshare, neighbours'
// lines are kept apart; without it, nothing asks for the padding.
func TestFalseShareSteersPerCPUPadding(t *testing.T) {
	t.Parallel()
	s := goStruct("pcpu", u64("a", "w"), u64("b", "r"))
	s.PerCPU = true
	lines := []int64{64}
	p, why := propose(layout.Checks, s, lines)
	if p == nil || p.Struct.Size <= s.Size || layout.CheckFalseShare.Neighbours(p.Struct, 64) {
		t.Fatalf("with falseshare: %v (%s), want the elements padded apart", p, why)
	}
	without := slices.DeleteFunc(slices.Clone(layout.Checks), func(c *layout.Check) bool { return c == layout.CheckFalseShare })
	if p, why = propose(without, s, lines); p == nil || p.Struct.Size != s.Size {
		t.Errorf("without falseshare: %v (%s), want no padding", p, why)
	}
}

// Marks from a profile: a lock written by many goroutines, and fields
// read beside it on the lock-free path. When the code taking the lock
// writes them too (Hot.Wrote), or when only the lock's takers read them,
// the line's sharing is true; otherwise false, and the proposal moves
// them off the lock's line.
func TestTrulyShared(t *testing.T) {
	t.Parallel()
	pool := []layout.Goroutine{{Func: "x.bench.func1", Many: true}}
	bucket := func(muWrote, metaWrote []string) *layout.Struct {
		s := goStruct("bucket", u64("mu", "w"), u64("meta", "r"), u64("next", "r"))
		for i := range s.Members {
			h := s.Members[i].Hot
			h.Profiled, h.Goroutines = true, pool
			if h.Write {
				h.Writers = pool
			}
		}
		s.Members[0].Hot.Wrote = muWrote
		s.Members[1].Hot.Wrote = metaWrote
		return s
	}
	for _, c := range []struct {
		name               string
		muWrote, metaWrote []string
		want               string
	}{
		{"unrelated", []string{"mu"}, nil, "mu is written and shares line 0 with meta (read-mostly), next (read-mostly) (64-byte lines)"},
		{"lock's takers write meta", []string{"meta", "mu"}, nil, "mu is written and shares line 0 with next (read-mostly) (64-byte lines)"},
		{"only the lock's takers read meta", []string{"mu"}, []string{"mu"}, "mu is written and shares line 0 with next (read-mostly) (64-byte lines)"},
		{"both truly", []string{"meta", "mu", "next"}, nil, ""},
	} {
		r := Analyze(bucket(c.muWrote, c.metaWrote), []int64{64})
		var got string
		for _, f := range r.Findings {
			if f.Check == layout.CheckFalseShare {
				got = f.Message
			}
		}
		if got != c.want {
			t.Errorf("%s: falseshare %q, want %q", c.name, got, c.want)
		}
		if c.want == "" || r.Proposal == nil {
			continue
		}
		// The proposal moves next off the lock's line, and meta too only
		// where the sharing is false.
		p := r.Proposal.Struct
		_, mu := p.Lookup("mu")
		_, next := p.Lookup("next")
		if mu.Offset/64 == next.Offset/64 {
			t.Errorf("%s: proposal leaves next on mu's line: %+v", c.name, p.Members)
		}
		for _, f := range Analyze(p, []int64{64}).Findings {
			if f.Check == layout.CheckFalseShare {
				t.Errorf("%s: proposal still has %s", c.name, f.Message)
			}
		}
	}
}

// Members a profile finds used only under the lock of a struct holding
// theirs in place (OuterGuard: a BytesQueue in its cacheShard) are used
// by one lock holder at a time, as members one lock of their own struct
// guards are; a member under another lock, or none, still conflicts.
func TestOuterGuard(t *testing.T) {
	t.Parallel()
	pool := []layout.Goroutine{{Func: "x.bench.func1", Many: true}}
	queue := func(outer ...string) *layout.Struct {
		s := goStruct("queue", u64("tail", "w"), u64("size", "r"), u64("head", "w"))
		for i := range s.Members {
			h := s.Members[i].Hot
			h.Profiled, h.Goroutines, h.OuterGuard = true, pool, outer[i]
			if h.Write {
				h.Writers = pool
			}
		}
		return s
	}
	for _, c := range []struct {
		outer []string
		want  string
	}{
		{[]string{"", "", ""}, "tail and head are written and share line 0 with size (read-mostly) (64-byte lines)"},
		{[]string{"x.shard.mu", "x.shard.mu", "x.shard.mu"}, ""},
		{[]string{"x.shard.mu", "", "x.shard.mu"}, "tail and head are written and share line 0 with size (read-mostly) (64-byte lines)"},
		{[]string{"x.shard.mu", "x.other.mu", "x.shard.mu"}, "tail and head are written and share line 0 with size (read-mostly) (64-byte lines)"},
	} {
		var got []string
		for _, f := range Analyze(queue(c.outer...), []int64{64}).Findings {
			if f.Check == layout.CheckFalseShare {
				got = append(got, f.Message)
			}
		}
		if strings.Join(got, "\n") != c.want {
			t.Errorf("outer guards %v: falseshare %q, want %q", c.outer, got, c.want)
		}
	}
}
