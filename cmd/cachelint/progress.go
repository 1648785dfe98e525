package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// progress draws a bar of compile units read on a terminal: a whole
// vmlinux takes seconds. It draws nothing for the first quarter second,
// so that short scans stay quiet, and at most ten times a second.
type progress struct {
	w     io.Writer
	label string
	now   func() time.Time
	start time.Time
	last  time.Time
	drawn bool
}

const (
	progressDelay = 250 * time.Millisecond
	progressEvery = 100 * time.Millisecond
	progressWidth = 30
)

func newProgress(w io.Writer, label string, now func() time.Time) *progress {
	t := now()
	return &progress{w: w, label: label, now: now, start: t}
}

// update shows done of total units (total 0 when not known).
func (p *progress) update(done, total int) {
	t := p.now()
	if t.Sub(p.start) < progressDelay || t.Sub(p.last) < progressEvery && done != total {
		return
	}
	p.last = t
	rate := float64(done) / t.Sub(p.start).Seconds()
	var bar string
	if total > 0 {
		n := min(done*progressWidth/total, progressWidth)
		bar = fmt.Sprintf("[%s%s] %d/%d", strings.Repeat("=", n), strings.Repeat(" ", progressWidth-n), done, total)
	} else {
		bar = fmt.Sprintf("%d", done)
	}
	fmt.Fprintf(p.w, "\r\033[K%s: %s compile units, %.0f/s", p.label, bar, rate)
	p.drawn = true
}

// clear removes the bar, if one was drawn.
func (p *progress) clear() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\033[K")
		p.drawn = false
	}
}

// isTerminal reports whether w is a terminal: a character device other
// than /dev/null.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return false
	}
	null, err := os.Stat(os.DevNull)
	return err != nil || !os.SameFile(st, null)
}
