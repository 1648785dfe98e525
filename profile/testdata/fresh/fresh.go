// Package fresh holds writes to objects their function allocates: those
// that set up an object no other goroutine sees yet write nothing shared;
// the others write. Each write's line says which it is.
package fresh

import "io"

type T struct {
	active io.Reader
	buf    []byte
	n      int
}

var shared *T

func newT(r io.Reader) *T {
	t := &T{}
	t.active = r      // set-up
	t.buf = t.buf[:0] // set-up
	return t
}

func newPublished(r io.Reader) *T {
	t := new(T)
	shared = t
	t.active = r // write
	return t
}

func newAfterMethod(r io.Reader) *T {
	t := &T{}
	t.reset()
	t.active = r // write
	return t
}

func loop(r io.Reader) int {
	t := &T{}
	for range 10 {
		t.n++ // write
	}
	return t.n
}

func perIteration(rs []io.Reader) {
	for _, r := range rs {
		t := &T{}
		t.active = r // set-up
		shared = t
	}
}

func captured(r io.Reader) *T {
	t := &T{}
	go func() { _ = t }()
	t.active = r // write
	return t
}

func param(t *T, r io.Reader) {
	t.active = r // write
}

func (t *T) reset() { t.n = 0 } // write
