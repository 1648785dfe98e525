package layout

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

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

// Percpu neighbours that meet only at bases no slice from make gives.
func TestPercpuSliceNote(t *testing.T) {
	t.Parallel()
	fs := append([]field{u64("n", "w")}, cold("c", 7)...)
	s := goStruct("stripe", fs...) // 64 bytes, 8-aligned
	s.PerCPU, s.Heap = true, testHeap(t)
	f := neighbourShare(s, 64)
	if len(f) != 1 || !strings.HasSuffix(f[0].Message, "; make([]stripe, n) never starts an element there, but an array of them in a global or another struct may") {
		t.Errorf("noscan: %v", f)
	}
	s.Pointers = true
	f = neighbourShare(s, 64)
	if len(f) != 1 || !strings.HasSuffix(f[0].Message, "; make([]stripe, n) starts elements there from n = 9, behind the 8-byte malloc header") {
		t.Errorf("with pointers: %v", f)
	}
}

// guard marks the named members of s as guarded by lock.
func guard(s *Struct, lock string, names ...string) {
	for _, n := range names {
		_, m := s.Lookup(n)
		m.Hot.Guard = lock
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

// pairwiseConflict is the search neighbourConflict makes, done pair by
// pair: every written member of one element against every member of the
// other, at every base and neighbour. It is the oracle for the search
// along the one line two elements can share.
func pairwiseConflict(s *Struct, line int64) (base, k int64, w, x *Member, next bool) {
	if s.Size == 0 {
		return 0, 0, nil, nil, false
	}
	written, all := percpuMembers(s)
	reach := (line+s.Size-1)/s.Size + 1
	for base := int64(0); base < line; base += min(s.Align, line) {
		for k := int64(1); k <= reach; k++ {
			d := k * s.Size
			for _, w := range written {
				for _, x := range all {
					wb, xb := w.m.bytes().shift(base), x.m.bytes().shift(base)
					switch {
					case wb.shares(xb.shift(d), line):
						return base, k, w.m, x.m, true
					case wb.shift(d).shares(xb, line):
						return base, k, w.m, x.m, false
					}
				}
			}
		}
	}
	return 0, 0, nil, nil, false
}

// The search along the shared line finds what the pairwise one finds, on
// random percpu structs at line sizes from 32 to 4096 bytes.
func TestNeighbourConflictAgrees(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	checked, found := 0, 0
	for range 3000 {
		raw := make([]byte, 80)
		for i := range raw {
			raw[i] = byte(r.Uint32())
		}
		in := bytesIn(raw)
		s, _ := randomStruct(&in)
		if s == nil {
			continue
		}
		s.PerCPU = true
		for _, line := range []int64{32, 64, 128, 4096} {
			checked++
			f, base := neighbourConflict(s, line)
			wantBase, k, w, x, next := pairwiseConflict(s, line)
			if (f != nil) != (w != nil) {
				t.Fatalf("%s at %d: found %v, pairwise %v", describe(s), line, f, w)
			}
			if f == nil {
				continue
			}
			found++
			where := "previous"
			if next {
				where = "next"
			}
			if k > 1 {
				where = fmt.Sprintf("%s but %d", where, k-1)
			}
			want := fmt.Sprintf("at base offset %d, written %s of one element shares a line with %s of the %s element", wantBase, w.Label(), x.Label(), where)
			if base != wantBase || !strings.Contains(f.Message, want) {
				t.Fatalf("%s at %d: %q at base %d, want %q", describe(s), line, f.Message, base, want)
			}
		}
	}
	t.Logf("%d conflicts in %d searches", found, checked)
	if found == 0 || found == checked {
		t.Errorf("%d conflicts in %d searches: the structs test nothing", found, checked)
	}
}

// manyMembers is a percpu struct of n 8-byte fields whose middle half is
// written: when a quarter of the struct is more than a line, no written
// field reaches an element's edge, so every base and neighbour is searched
// and nothing is found.
func manyMembers(n int) *Struct {
	var fs []field
	for i := range n {
		hot := ""
		if i >= n/4 && i < 3*n/4 {
			hot = "w"
		}
		fs = append(fs, u64(fmt.Sprintf("f%d", i), hot))
	}
	s := goStruct("many", fs...)
	s.PerCPU = true
	return s
}

func BenchmarkNeighbourConflict(b *testing.B) {
	for _, n := range []int{100, 1000, 4000} {
		for _, line := range []int64{64, 4096} {
			s := manyMembers(n)
			b.Run(fmt.Sprintf("members=%d/line=%d", n, line), func(b *testing.B) {
				for b.Loop() {
					if f, _ := neighbourConflict(s, line); f != nil && n*8/4 > int(line) {
						b.Fatal(f.Message)
					}
				}
			})
		}
	}
}

// Marks from a profile show a line moving between cores only for two
// goroutines that may run at once: started by different functions, or
// many of one; in a profile of benchmarks, of a common benchmark.
func TestTwoGoroutines(t *testing.T) {
	main := Goroutine{Func: "main.main"}
	worker := Goroutine{Func: "main.serve.func1"}
	pool := Goroutine{Func: "main.serve.func2", Many: true}
	benchA := Goroutine{Func: "testing.(*B).launch", Phases: "x.BenchmarkA"}
	workerAB := Goroutine{Func: "x.conc.func1", Many: true, Phases: "x.BenchmarkA,x.BenchmarkB"}
	workerB := Goroutine{Func: "x.conc.func1", Many: true, Phases: "x.BenchmarkB"}
	for _, c := range []struct {
		writers, users []Goroutine
		want           bool
	}{
		{[]Goroutine{main}, []Goroutine{main}, false},
		{[]Goroutine{main}, []Goroutine{worker}, true},
		{[]Goroutine{worker}, []Goroutine{main, worker}, true},
		{[]Goroutine{pool}, []Goroutine{pool}, true},
		{[]Goroutine{}, []Goroutine{main, worker}, false},
		{[]Goroutine{workerAB}, []Goroutine{benchA}, true},
		{[]Goroutine{workerB}, []Goroutine{benchA}, false},
		{[]Goroutine{workerB}, []Goroutine{{Func: "main.main"}}, true},
	} {
		if got := twoGoroutines(c.writers, c.users); got != c.want {
			t.Errorf("writers %v, users %v: %v, want %v", c.writers, c.users, got, c.want)
		}
	}
}
