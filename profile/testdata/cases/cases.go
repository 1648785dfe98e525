// Package cases is a workload for the profile tests of the rules that say
// which selectors a sample credits: each type stands for one rule, and Run
// exercises them while a CPU profile is taken.
package cases

import (
	"sync"
	"sync/atomic"
)

// Port is built with a function literal on a line that writes send: the
// literal's samples credit sent, which it increments, not send, written
// once. once guards an initialization a literal does once; inits is cold.
type Port struct {
	name  string
	send  func(p []byte) int
	sent  uint64
	once  sync.Once
	inits int
}

// NewPort returns a port whose send counts what it sends.
func NewPort(name string) *Port {
	p := &Port{name: name}
	p.send = func(b []byte) int { p.sent++; return len(b) }
	return p
}

// Send sends b, initializing the port on first use.
func (p *Port) Send(b []byte) int {
	p.once.Do(func() { p.inits++ })
	return p.send(b)
}

// Tracer counts every event and is consulted on each: on says no, so the
// rare counter after && is never evaluated, though on's samples are on
// its line. verbose is true, so what follows it on its line, after &&,
// runs: level and count, shown by the samples of Allows, which only that
// operand calls.
type Tracer struct {
	enabled bool
	rare    atomic.Int64
	verbose bool
	level   Level
	count   atomic.Int64
	events  uint64
}

//go:noinline
func (t *Tracer) on() bool { return t.enabled }

// Level is the least count traced.
type Level int64

// Allows reports whether count n is traced.
//
//go:noinline
func (l Level) Allows(n int64) bool { return n >= int64(l) }

// Event records one event.
func (t *Tracer) Event() {
	t.events++
	if t.on() && t.rare.Load() > 0 {
		traced++
	}
	if t.verbose && t.level.Allows(t.count.Load()) {
		traced++
	}
}

var traced int

// state is a snapshot a Limiter swaps in whole: Take writes a local copy
// of it, never the snapshot another goroutine may be reading.
type state struct {
	last     int64
	sleepFor int64
}

// Limiter is a lock-free pacer in the manner of go.uber.org/ratelimit's
// atomicLimiter: each try of Take's loop reads the clock, and past a
// first-call guard that continues the loop, reads perRequest in a few
// cheap instructions, which get the weight of the loop's body.
type Limiter struct {
	state      atomic.Pointer[state]
	clock      func() int64
	perRequest int64
}

// Take admits one request and returns its start.
func (l *Limiter) Take() int64 {
	for {
		now := l.clock()
		old := l.state.Load()
		next := *old
		if old.last == 0 {
			next.last = now
			if l.state.CompareAndSwap(old, &next) {
				return now
			}
			continue
		}
		next.sleepFor += l.perRequest - (now - old.last)
		next.last = now
		if l.state.CompareAndSwap(old, &next) {
			return next.last
		}
	}
}

// Table is guarded by mu, held by Get around every access but limit's,
// which Get reads before it locks, and that of grow, a method Get calls
// with mu held.
type Table struct {
	limit int
	mu    sync.Mutex
	hits  uint64
	items map[int]int
	size  int
	name  string
}

// Get looks k up.
func (t *Table) Get(k int) int {
	if k > t.limit {
		return 0
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.hits++
	t.grow()
	return t.items[k&7]
}

func (t *Table) grow() {
	if t.size < 0 {
		t.size = 0
	}
}

// Registry is read under an RWMutex's RLock: each reader's RLock takes
// the lock's line for writing just before it reads byName, which the lock
// guards as a Mutex would.
type Registry struct {
	mu     sync.RWMutex
	byName map[string]int
}

// Lookup finds name.
func (r *Registry) Lookup(name string) int {
	r.mu.RLock()
	v := r.byName[name]
	r.mu.RUnlock()
	return v
}

// Pacer spends its time in clock, and then reads perRequest and maxSlack
// and writes debt and last in a few cheap instructions, on every call but
// the first: the function's weight is theirs.
type Pacer struct {
	clock      func() int64
	last       int64
	perRequest int64
	maxSlack   int64
	debt       int64
}

// Next paces one call.
func (p *Pacer) Next() int64 {
	now := p.clock()
	if p.last == 0 {
		p.last = now
		return now
	}
	p.debt += p.perRequest - (now - p.last)
	if p.debt < p.maxSlack {
		p.debt = p.maxSlack
	}
	if p.debt > 0 {
		p.last = now + p.debt
		p.debt = 0
	} else {
		p.last = now
	}
	return p.last
}

// Cache hits nearly always: the guard that returns on a hit takes samples,
// so what follows it, the miss path, is not credited with Get's weight.
type Cache struct {
	keys   [64]int
	vals   [64]int
	misses uint64
	loads  uint64
}

// Get returns the value of k.
func (c *Cache) Get(k int) int {
	i := k & 63
	if c.keys[i] == k {
		return c.vals[i] / 3
	}
	c.misses++
	c.loads += uint64(k)
	c.keys[i], c.vals[i] = k, k*2
	return c.vals[i]
}

// Sink keeps results alive so the compiler drops no work.
var Sink int64

// Run runs every case for rounds rounds of a thousand operations, in
// order. A fixed amount of work, not a time, gives a profile the same
// number of samples however busy the machine is.
func Run(rounds int) int64 {
	var sum int64
	sum += ports(rounds)
	sum += tracer(rounds)
	sum += limiter(rounds)
	sum += table(rounds)
	sum += registry(rounds)
	sum += pacer(rounds)
	sum += cache(rounds)
	sum += flushes(rounds)
	Sink = sum
	return sum
}

func ports(rounds int) int64 {
	p := NewPort("eth0")
	pkt := make([]byte, 64)
	var n int64
	for range rounds * 4 {
		for range 1000 {
			n += int64(p.Send(pkt))
		}
	}
	return n + int64(p.sent)
}

func tracer(rounds int) int64 {
	t := &Tracer{verbose: true}
	for range rounds * 12 {
		for range 1000 {
			t.Event()
		}
	}
	return int64(t.events)
}

func limiter(rounds int) int64 {
	l := &Limiter{clock: slowClock, perRequest: 10}
	l.state.Store(&state{})
	var sum int64
	for range rounds / 4 {
		for range 1000 {
			sum += l.Take()
		}
	}
	return sum
}

func table(rounds int) int64 {
	t := &Table{limit: 1 << 30, items: map[int]int{1: 2, 3: 4}, name: "t"}
	var sum int64
	for range rounds / 2 {
		for j := range 1000 {
			sum += int64(t.Get(j))
		}
	}
	return sum
}

func registry(rounds int) int64 {
	r := &Registry{byName: map[string]int{"a": 1, "b": 2}}
	var sum int64
	for range rounds / 2 {
		for range 1000 {
			sum += int64(r.Lookup("a"))
		}
	}
	return sum
}

// tick stands for a clock: a call that costs more than the reads after
// it, with no loop of its own, like time.Now.
var tick int64 = 1 << 40

//go:noinline
func slowClock() int64 {
	t := tick
	t = t/3 + t/5
	t = t/7 + t/11
	t = t/13 + t/17
	t = t/19 + t/23
	return t + 1
}

func pacer(rounds int) int64 {
	p := &Pacer{clock: slowClock, perRequest: 1, maxSlack: -5}
	var sum int64
	for range rounds * 2 {
		for range 1000 {
			sum += p.Next()
		}
	}
	return sum
}

func cache(rounds int) int64 {
	c := &Cache{}
	var sum int64
	for i := range rounds * 8 {
		for j := range 1000 {
			k := j & 31
			if j == 999 {
				k = i // a miss a round
			}
			sum += int64(c.Get(k))
		}
	}
	return sum + int64(c.misses)
}

// Batch is what a flush of a shard fills, in the manner of
// VictoriaMetrics' dedupFlushCtx: Flush's goroutine literal writes
// deadline and green once a flush, has the shard swap in a new map and
// waits for its turn on a channel, which all cost more than those two
// stores and none of which is work on the batch; keys and sum are its
// work, done in the shard's loop.
type Batch struct {
	keys     []int
	sum      int64
	deadline int64
	green    bool
}

// Shard holds what is pushed between flushes.
type Shard struct {
	m map[int]int64
}

// flush moves what s holds into b.
func (s *Shard) flush(b *Batch) {
	m := s.m
	s.m = make(map[int]int64, len(m))
	for k, v := range m {
		b.keys = append(b.keys, k)
		b.sum += v
	}
}

// Flush flushes every shard on a goroutine of its own, each taking its
// turn from turns, which holds as many as may run at once.
func Flush(shards []Shard, batches []Batch, turns chan struct{}, deadline int64, green bool) {
	var wg sync.WaitGroup
	for i := range shards {
		turns <- struct{}{}
		wg.Go(func() {
			b := &batches[i]
			b.deadline = deadline
			b.green = green
			shards[i].flush(b)
			b.keys = b.keys[:0]
			<-turns
		})
	}
	wg.Wait()
}

func flushes(rounds int) int64 {
	shards := make([]Shard, 8)
	for i := range shards {
		shards[i].m = map[int]int64{}
	}
	batches := make([]Batch, len(shards))
	turns := make(chan struct{}, 1)
	for r := range rounds {
		for k := range 128 {
			shards[k&7].m[k] = int64(r)
		}
		Flush(shards, batches, turns, int64(r), r&1 == 0)
	}
	var sum int64
	for i := range batches {
		sum += batches[i].sum
	}
	return sum
}
