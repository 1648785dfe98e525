// Package limiter paces calls as go.uber.org/ratelimit's mutex-based
// limiter does: every field is touched with the mutex held.
package limiter

import (
	"sync"
	"time"
)

// Limiter admits a call every perRequest, with maxSlack of credit.
type Limiter struct {
	sync.Mutex
	last       time.Time
	sleepFor   time.Duration
	perRequest time.Duration
	maxSlack   time.Duration
	clock      Clock
}

// Clock is the time source.
type Clock interface {
	Now() time.Time
	Sleep(time.Duration)
}

type systemClock struct{}

func (systemClock) Now() time.Time        { return time.Now() }
func (systemClock) Sleep(d time.Duration) { time.Sleep(d) }

// New returns a limiter admitting rate calls a second.
func New(rate int) *Limiter {
	per := time.Second / time.Duration(rate)
	return &Limiter{perRequest: per, maxSlack: -10 * per, clock: systemClock{}}
}

// Take blocks until the next call is due and returns its time.
func (t *Limiter) Take() time.Time {
	t.Lock()
	defer t.Unlock()

	now := t.clock.Now()
	if t.last.IsZero() {
		t.last = now
		return t.last
	}
	t.sleepFor += t.perRequest - now.Sub(t.last)
	if t.sleepFor < t.maxSlack {
		t.sleepFor = t.maxSlack
	}
	if t.sleepFor > 0 {
		t.clock.Sleep(t.sleepFor)
		t.last = now.Add(t.sleepFor)
		t.sleepFor = 0
	} else {
		t.last = now
	}
	return t.last
}
