package reorg_test

import (
	"path/filepath"
	"testing"

	"github.com/cachelint/cachelint/btfscan"
	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
)

// sock618 is 6.18's struct sock, marked by its cacheline groups alone.
func sock618(t *testing.T) *layout.Struct {
	t.Helper()
	f, err := btfscan.Open(filepath.Join("..", "testdata", "kernel", "linux-6.18", "vmlinux.btf.gz"))
	if err != nil {
		t.Fatal(err)
	}
	ss, err := f.Structs("sock")
	if err != nil || len(ss) == 0 {
		t.Fatalf("sock: %v", err)
	}
	if err := layout.Prepare(ss[0], layout.BinarySeparators); err != nil {
		t.Fatal(err)
	}
	return ss[0]
}

// 6.18's struct sock at 128-byte lines: sock_write_tx starts on the line
// of sock_read_rx's and sock_read_rxtx's tail, which rx reads. Cold
// members moved in front of sock_write_tx push it onto the next line,
// which no single move does: the exhaustive search finds it, in 784
// bytes, the groups at their sizes, rx on 2 lines and tx on 3.
func TestSockAt128(t *testing.T) {
	s := sock618(t)
	lines := []int64{128}
	r := reorg.Analyze(s, lines)
	p := r.Proposal
	if p == nil {
		t.Fatalf("no proposal: %s", r.NoFix)
	}
	if p.Struct.Size != s.Size {
		t.Errorf("size %d -> %d", s.Size, p.Struct.Size)
	}
	for path, want := range map[string]int{"rx": 2, "tx": 3} {
		if got := p.Struct.HotLines(path, 128); got != want {
			t.Errorf("%s on %d lines, want %d", path, got, want)
		}
	}
	for _, g := range p.Groups {
		if g.After > g.Limit {
			t.Errorf("group %s: %d bytes, at most %d", g.Group, g.After, g.Limit)
		}
	}
	if n := reorg.FalselyShared(p.Struct, 128); n >= reorg.FalselyShared(s, 128) {
		t.Errorf("%d members share lines falsely, %d before", n, reorg.FalselyShared(s, 128))
	}
	if msg := reorg.Broken(s, p, lines); msg != "" {
		t.Error(msg)
	}
	t.Logf("moves %d (at least %d): %v", len(p.Moved), p.MovedAtLeast, p.Moved)
}
