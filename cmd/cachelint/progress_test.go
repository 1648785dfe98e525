package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"
)

func TestProgress(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	now := time.Unix(0, 0)
	clock := func() time.Time { return now }
	p := newProgress(&out, "vmlinux", clock)

	now = now.Add(100 * time.Millisecond)
	p.update(10, 2000)
	if out.Len() != 0 {
		t.Fatalf("drawn before the delay: %q", out.String())
	}
	now = now.Add(900 * time.Millisecond) // one second in
	p.update(1000, 2000)
	want := "\r\033[Kvmlinux: [===============               ] 1000/2000 compile units, 1000/s"
	if out.String() != want {
		t.Fatalf("got %q, want %q", out.String(), want)
	}
	out.Reset()
	now = now.Add(10 * time.Millisecond)
	p.update(1001, 2000)
	if out.Len() != 0 {
		t.Errorf("redrawn within %v: %q", progressEvery, out.String())
	}
	p.update(2000, 2000) // the last unit is always drawn
	if !strings.Contains(out.String(), "[==============================] 2000/2000") {
		t.Errorf("last update: %q", out.String())
	}
	out.Reset()
	now = now.Add(time.Second)
	p.update(5, 0)
	if !strings.HasSuffix(out.String(), "vmlinux: 5 compile units, 2/s") {
		t.Errorf("without a total: %q", out.String())
	}
	out.Reset()
	p.clear()
	if out.String() != "\r\033[K" {
		t.Errorf("clear: %q", out.String())
	}
	out.Reset()
	p.clear()
	if out.Len() != 0 {
		t.Errorf("cleared twice: %q", out.String())
	}
}

func TestIsTerminal(t *testing.T) {
	t.Parallel()
	if isTerminal(&bytes.Buffer{}) {
		t.Error("a buffer is a terminal")
	}
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	if isTerminal(null) {
		t.Error("/dev/null is a terminal")
	}
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Error("a file is a terminal")
	}
}
