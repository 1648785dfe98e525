package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		in   []int64
		want int64
	}{{nil, 0}, {[]int64{5}, 5}, {[]int64{9, 1, 5}, 5}, {[]int64{4, 1, 3, 2}, 2}, {[]int64{7, 1, 9, 3, 5}, 5}} {
		in := append([]int64(nil), tc.in...)
		if got := median(in); got != tc.want {
			t.Errorf("median(%v) = %d, want %d", tc.in, got, tc.want)
		}
		for i := range in {
			if in[i] != tc.in[i] {
				t.Errorf("median changed its argument: %v", in)
			}
		}
	}
	if got := median([]time.Duration{3 * time.Second, time.Second}); got != 2*time.Second {
		t.Errorf("median of durations = %v", got)
	}
}

func TestFormat(t *testing.T) {
	for d, want := range map[time.Duration]string{
		4200 * time.Microsecond: "4.2 ms", 42 * time.Millisecond: "42 ms", 9710 * time.Millisecond: "9.71 s", 150 * time.Second: "150 s",
	} {
		if got := fmtDur(d); got != want {
			t.Errorf("fmtDur(%v) = %q, want %q", d, got, want)
		}
	}
	if got := fmtKB(716060); got != "699 MiB" {
		t.Errorf("fmtKB = %q", got)
	}
	if got := fmtKB(2986304); got != "2.85 GiB" {
		t.Errorf("fmtKB = %q", got)
	}
}

func TestRun(t *testing.T) {
	h := &harness{timeout: time.Minute}
	ok := &command{tool: "sh", path: "/bin/sh", args: []string{"-c", "echo out; exit 3"}, ok: []int{0, 3}}
	s, err := h.run(ok)
	if err != nil {
		t.Fatal(err)
	}
	if s.wall <= 0 || s.rss <= 0 {
		t.Errorf("run: %+v", s)
	}
	bad := &command{tool: "sh", path: "/bin/sh", args: []string{"-c", "echo oops >&2; exit 3"}, ok: []int{0}}
	if _, err := h.run(bad); err == nil || !strings.Contains(err.Error(), "oops") {
		t.Errorf("run of a command exiting 3, ok 0: %v", err)
	}
	missing := &command{tool: "x", path: "/nonexistent/x", ok: []int{0}}
	if _, err := h.run(missing); err == nil {
		t.Error("run of a missing binary: no error")
	}
}

func TestMeasure(t *testing.T) {
	h := &harness{timeout: time.Minute, n: 3, warmup: 1}
	a := &command{tool: "a", path: "/bin/sh", args: []string{"-c", "exit 0"}, ok: []int{0}}
	b := &command{tool: "b", path: "/bin/sh", args: []string{"-c", "exit 1"}, ok: []int{0}}
	st := h.measure("test", []*command{a, b})
	if st[0].err != nil || len(st[0].wall) != 3 || len(st[0].rss) != 3 {
		t.Errorf("a: %d runs, %v", len(st[0].wall), st[0].err)
	}
	if st[1].err == nil || len(st[1].wall) != 0 || h.errors != 1 {
		t.Errorf("b: %d runs, %v, %d errors", len(st[1].wall), st[1].err, h.errors)
	}
}

func TestTailBuffer(t *testing.T) {
	var tb tailBuffer
	tb.Write(bytes.Repeat([]byte("a"), 3000))
	tb.Write([]byte("end"))
	if s := tb.String(); len(s) != 2048 || !strings.HasSuffix(s, "end") {
		t.Errorf("tail of %d bytes, ends %q", len(s), s[len(s)-3:])
	}
}
