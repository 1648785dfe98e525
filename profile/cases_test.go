package profile

import (
	"strings"
	"sync"
	"testing"

	"github.com/cachelint/cachelint/internal/recorded"
	"github.com/cachelint/cachelint/reorg"
)

const casesPkg = "github.com/cachelint/cachelint/profile/testdata/cases"

var (
	casesOnce sync.Once
	casesProg *Program
	casesRes  *Result
	casesErr  error
)

// casesResult maps the recorded profile of the cases package's workload
// (scripts/record-profiles).
func casesResult(t *testing.T) (*Program, *Result) {
	t.Helper()
	name := recorded.Profile(t, "testdata/cases/cases.pprof")
	casesOnce.Do(func() {
		casesProg, casesErr = Load("", "./testdata/cases")
		if casesErr == nil {
			casesRes, casesErr = casesProg.Map([]Input{{File: name}})
		}
	})
	if casesErr != nil {
		t.Fatal(casesErr)
	}
	return casesProg, casesRes
}

// caseMarks renders the marks of struct name of the cases package at
// share min, "-" for cold.
func caseMarks(r *Result, name string, min float64) string {
	s := r.Struct(casesPkg + "." + name)
	if s == nil {
		return "untouched"
	}
	var out []string
	for i := range s.Fields {
		m := "-"
		if h := r.Hot(&s.Fields[i], min); h != nil {
			m = h.String()
		}
		out = append(out, s.Fields[i].Name+":"+m)
	}
	return strings.Join(out, " ")
}

// Each type of the cases package stands for one rule of what a sample
// credits; the recorded profile gives each its marks.
func TestCases(t *testing.T) {
	_, r := casesResult(t)
	if st := r.Profiles[0]; st.Matched*10 < st.Samples*9 {
		t.Errorf("only %d of %d samples matched the load", st.Matched, st.Samples)
	}
	for _, c := range []struct {
		name string
		min  float64
		want string
	}{
		// A function literal's samples credit its body, not the line it
		// is on: send is written once, when the port is built, and read
		// by every Send; the literal increments sent. The literal once
		// runs is cold.
		{"Port", DefaultMin, "name:- send:hot sent:hot write once:hot inits:-"},
		// rare, after && whose first operand is false, never runs, though
		// the samples of that operand's call are on its line; level and
		// count, after && whose first operand is true, show in the
		// samples of Allows, which only their operand calls.
		{"Tracer", DefaultMin, "enabled:hot rare:- verbose:hot level:hot count:hot events:hot write"},
		// Take writes a local copy of the state it swaps in, and only
		// reads the one others read. Each try of its loop spends its time
		// in the clock, the swap and the copy's allocation, and past a
		// guard that took no sample reads perRequest: at 3% it is as hot
		// as the clock, with the weight of the loop's body, which the
		// allocation's samples are not.
		{"Limiter", 0.03, "state:hot write clock:hot perRequest:hot"},
		{"state", DefaultMin, "last:hot sleepFor:hot"},
		// mu guards what Get touches after it locks and what grow, called
		// with it held, reads; Get reads limit before it locks.
		{"Table", DefaultMin, "limit:hot mu:hot write hits:hot write guard=mu items:hot guard=mu size:hot guard=mu name:-"},
		// RLock guards what is read while it is held.
		{"Registry", DefaultMin, "mu:hot write byName:hot guard=mu"},
		// Next spends its time in the clock; the cheap reads and writes
		// after it run on every call but the first, whose guard took no
		// sample: at 10% they are as hot as the clock.
		{"Pacer", 0.10, "clock:hot last:hot write perRequest:hot maxSlack:hot debt:hot write"},
		// Get returns from its guard on a hit, which took samples: the
		// miss path after it does not get Get's weight.
		{"Cache", DefaultMin, "keys:hot vals:hot misses:- loads:-"},
		// Flush's goroutine literal writes deadline and green once a
		// flush; its other samples are in waking the goroutine waiting
		// for its turn and in allocating the shard's new map, which show
		// that it ran, not how often, and in the shard's loop, which
		// works on keys and sum.
		{"Batch", DefaultMin, "keys:hot write sum:hot write deadline:- green:-"},
	} {
		if got := caseMarks(r, c.name, c.min); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
			if s := r.Struct(casesPkg + "." + c.name); s != nil {
				for _, f := range s.Fields {
					t.Logf("  %s: %v of %d, writes %v, guard %q", f.Name, f.Samples, r.Total[""], f.Writes, f.Guard)
				}
			}
		}
	}
}

// The marks drive the checks: state, written only through local copies,
// has no false sharing; Table's lock shares its line with what it guards,
// and with limit, read without it, but the workload calls Get on the main
// goroutine alone: a profile that shows one goroutine shows no line moving
// between cores.
func TestCasesFindings(t *testing.T) {
	p, r := casesResult(t)
	for _, c := range []struct{ name, want string }{
		{"state", ""},
		{"Table", ""},
	} {
		s, err := p.Layout(r, casesPkg+"."+c.name, DefaultMin)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range reorg.Analyze(s, []int64{64}).Findings {
			got = append(got, f.Check.Name+": "+f.Message)
		}
		if strings.Join(got, "\n") != c.want {
			t.Errorf("%s: findings\n%s\nwant\n%s", c.name, strings.Join(got, "\n"), c.want)
		}
	}
}

// The hot file carries the guards.
func TestCasesHotFile(t *testing.T) {
	p, r := casesResult(t)
	marks, err := p.Marks(r, DefaultMin)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := WriteHotFile(&b, marks, ""); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		casesPkg + ".Table.hits hot write guard=mu\n",
		casesPkg + ".Table.items hot guard=mu\n",
		casesPkg + ".Table.limit hot\n",
		casesPkg + ".Registry.byName hot guard=mu\n",
	} {
		if !strings.Contains(b.String(), line) {
			t.Errorf("hot file lacks %q:\n%s", line, b.String())
		}
	}
}
