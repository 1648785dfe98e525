// Package shared has one type per rule of whether a line a profile marks
// is falsely shared, for the profile package's tests: Run runs each on
// many goroutines at once, and its recorded profile gives the marks.
package shared

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Stats is falsely shared: the workers bump hits, and the readers, other
// goroutines that write nothing of it, read scale beside it.
type Stats struct {
	hits  atomic.Int64
	scale int64
}

// Pipe hands counts from a writer to a reader under its condition
// variable's lock, which both take around n and size; Full reads size and
// n under it too. NewPipe sets size before any goroutine sees the pipe.
type Pipe struct {
	n    int
	size int
	done bool
	cond sync.Cond
}

// NewPipe returns a pipe that holds up to size counts.
func NewPipe(size int) *Pipe {
	p := &Pipe{cond: sync.Cond{L: &sync.Mutex{}}}
	p.size = size
	return p
}

// Put adds a count, waiting while the pipe is full.
func (p *Pipe) Put() {
	p.cond.L.Lock()
	for p.n == p.size {
		p.cond.Wait()
	}
	p.n++
	p.cond.L.Unlock()
	p.cond.Signal()
}

// Get takes a count, waiting while the pipe is empty; false once the
// pipe is done and empty.
func (p *Pipe) Get() bool {
	p.cond.L.Lock()
	for p.n == 0 && !p.done {
		p.cond.Wait()
	}
	ok := p.n > 0
	if ok {
		p.n--
	}
	p.cond.L.Unlock()
	p.cond.Signal()
	return ok
}

// Full reports whether the pipe is full.
func (p *Pipe) Full() bool {
	p.cond.L.Lock()
	full := p.n == p.size
	p.cond.L.Unlock()
	return full
}

// Close ends the pipe: Get returns false once it is empty.
func (p *Pipe) Close() {
	p.cond.L.Lock()
	p.done = true
	p.cond.L.Unlock()
	p.cond.Broadcast()
}

// Queue is bigcache's BytesQueue, reduced: a ring each Shard holds in
// place and uses only under the shard's lock. Push writes tail, Pop
// head, and both read size; Len reads head and tail.
type Queue struct {
	head, tail uint64
	size       uint64
	buf        [8]uint64
}

// Push adds v, dropping the oldest value when the ring is full.
func (q *Queue) Push(v uint64) {
	if q.tail-q.head == q.size {
		q.head++
	}
	q.buf[q.tail%q.size] = v
	q.tail++
}

// Pop removes the oldest value; 0 when the ring is empty.
func (q *Queue) Pop() uint64 {
	if q.head == q.tail {
		return 0
	}
	v := q.buf[q.head%q.size]
	q.head++
	return v
}

// Len is the number of values in the ring.
func (q *Queue) Len() uint64 { return q.tail - q.head }

// Shard is a cache shard: its queue, under its lock.
type Shard struct {
	mu sync.Mutex
	q  Queue
}

// Add pushes v onto the shard's queue.
func (s *Shard) Add(v uint64) {
	s.mu.Lock()
	s.q.Push(v)
	s.mu.Unlock()
}

// Take pops the shard's oldest value.
func (s *Shard) Take() uint64 {
	s.mu.Lock()
	v := s.q.Pop()
	s.mu.Unlock()
	return v
}

// Count is the number of values in the shard's queue.
func (s *Shard) Count() uint64 {
	s.mu.Lock()
	n := s.q.Len()
	s.mu.Unlock()
	return n
}

// Run runs every type on GOMAXPROCS goroutines of each kind, rounds
// operations each, and returns a sum of what they read.
func Run(rounds int) uint64 {
	procs := runtime.GOMAXPROCS(0)
	var sum atomic.Uint64
	var wg sync.WaitGroup
	stats := &Stats{scale: 3}
	shards := make([]Shard, 16)
	for i := range shards {
		shards[i].q.size = uint64(len(shards[i].q.buf))
	}
	// The goroutines of each literal share what they use: a goroutine
	// draws its own number from seq rather than taking the iteration's.
	var seq atomic.Int64
	for range procs {
		wg.Go(func() { sum.Add(useShards(shards, int(seq.Add(1)), rounds)) })
		wg.Go(func() { bumpHits(stats, rounds) })
		wg.Go(func() { sum.Add(readScale(stats, 8*rounds)) })
	}
	wg.Go(func() { sum.Add(usePipes(rounds / 16)) })
	wg.Wait()
	return sum.Load()
}

func useShards(shards []Shard, g, rounds int) uint64 {
	var sum uint64
	for i := range rounds {
		s := &shards[(i*5+g)%len(shards)]
		switch i % 3 {
		case 0:
			s.Add(uint64(i))
		case 1:
			sum += s.Take()
		default:
			sum += s.Count()
		}
	}
	return sum
}

func bumpHits(s *Stats, rounds int) {
	for range rounds {
		s.hits.Add(1)
	}
}

func readScale(s *Stats, rounds int) uint64 {
	var sum uint64
	for i := range rounds {
		sum += uint64(s.scale * int64(i))
	}
	return sum
}

// usePipes hands counts through a new pipe every 64 rounds, a writer
// goroutine putting, this one getting and asking whether it is full.
func usePipes(rounds int) uint64 {
	var sum uint64
	for i := 0; i < rounds; i += 64 {
		p := NewPipe(4)
		done := make(chan struct{})
		go func() {
			for range 64 {
				p.Put()
			}
			p.Close()
			close(done)
		}()
		for p.Get() {
			if p.Full() {
				sum++
			}
			sum++
		}
		<-done
	}
	return sum
}
