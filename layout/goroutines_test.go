package layout

import "testing"

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
