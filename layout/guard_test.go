package layout

import (
	"slices"
	"strings"
	"testing"
)

// guard marks the named members of s as guarded by lock.
func guard(s *Struct, lock string, names ...string) {
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
	limiter := func() *Struct {
		return goStruct("mutexLimiter", u64("Mutex", "w"), field{"last", 24, 8, "w"}, u64("sleepFor", "w"),
			u64("perRequest", "r"), u64("maxSlack", "r"), field{"clock", 16, 8, "r"})
	}
	s := limiter()
	if got := checks(Analyze(s, []int64{64}).Findings); !slices.Contains(got, CheckFalseShare.Name) {
		t.Fatalf("unguarded: findings %v, want a falseshare", got)
	}
	s = limiter()
	guard(s, "Mutex", "last", "sleepFor", "perRequest", "maxSlack", "clock")
	if err := Annotate(s); err != nil {
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
	f := find(t, r, CheckFalseShare)
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

// A guard must name another member.
func TestGuardNames(t *testing.T) {
	t.Parallel()
	s := goStruct("cache", u64("mu", "w"), u64("items", "r"), u64("hits", "w"))
	guard(s, "lock", "items")
	guard(s, "hits", "hits")
	err := Annotate(s)
	want := "cache.items: guard=lock names no other field of cache\ncache.hits: guard=hits names no other field of cache"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
	for _, m := range s.Members {
		if m.Hot.Guard != "" {
			t.Errorf("%s keeps guard %q", m.Name, m.Hot.Guard)
		}
	}
	h, err := ParseHot([]string{"write", "guard=mu", "path=tx"})
	if err != nil || h.String() != "hot write path=tx guard=mu" {
		t.Errorf("ParseHot: %v %v", h.String(), err)
	}
	for args, want := range map[string]string{
		"guard=":          `bad guard field name ""`,
		"guard=a guard=b": "hot: guard= given twice",
		"guard=a.b":       `bad guard field name "a.b"`,
	} {
		if _, err := ParseHot(strings.Fields(args)); err == nil || err.Error() != want {
			t.Errorf("ParseHot(%s): %v, want %s", args, err, want)
		}
	}
}
