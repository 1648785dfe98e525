package layout

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

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
