package reorg_test

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/cachelint/cachelint/btfscan"
	"github.com/cachelint/cachelint/hotfile"
	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
)

// TestTCPSockAlongWalks: 6.18's tcp_sock with the kernel's tables. The
// walks move ooo_last_skb into the 8 bytes before tcp_sock_read_tx,
// which puts tx on a line fewer; no further move saves rx a line alone.
// The exhaustive search along that proposal finds two more cold members
// that, put together before tcp_sock_write_txrx, start it and
// tcp_sock_write_rx 24 bytes later, onto one line fewer for rx, at 64-
// and at 128-byte lines.
func TestTCPSockAlongWalks(t *testing.T) {
	td := filepath.Join("..", "testdata")
	f, err := btfscan.Open(filepath.Join(td, "kernel", "linux-6.18", "vmlinux.btf.gz"))
	if err != nil {
		t.Fatal(err)
	}
	ss, err := f.Structs("tcp_sock")
	if err != nil || len(ss) == 0 {
		t.Fatalf("tcp_sock: %v", err)
	}
	set, _, err := hotfile.LoadPaths([]string{filepath.Join(td, "kernel", "net_cachelines")})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := set.Apply(ss[:1]); err != nil {
		t.Fatal(err)
	}
	s := ss[0]
	if err := layout.Prepare(s, layout.BinarySeparators); err != nil {
		t.Fatal(err)
	}
	want := []string{"ooo_last_skb", "tsq_node", "compressed_ack"}
	for _, c := range []struct {
		line             int64
		rx, tx, rx2, tx2 int
	}{{64, 7, 6, 6, 5}, {128, 4, 4, 3, 3}} {
		lines := []int64{c.line}
		if rx, tx := s.HotLines("rx", c.line), s.HotLines("tx", c.line); rx != c.rx || tx != c.tx {
			t.Fatalf("%d: tcp_sock's rx on %d lines, tx on %d; want %d, %d", c.line, rx, tx, c.rx, c.tx)
		}
		p, why := reorg.Propose(s, lines)
		if p == nil {
			t.Fatalf("%d: no proposal: %s", c.line, why)
		}
		if !slices.Equal(p.Moved, want) {
			t.Errorf("%d: moves %v, want %v", c.line, p.Moved, want)
		}
		if rx, tx := p.Struct.HotLines("rx", c.line), p.Struct.HotLines("tx", c.line); rx != c.rx2 || tx != c.tx2 {
			t.Errorf("%d: proposed rx on %d lines, tx on %d; want %d, %d", c.line, rx, tx, c.rx2, c.tx2)
		}
		if p.Struct.Size != s.Size {
			t.Errorf("%d: proposed %d bytes, the struct %d", c.line, p.Struct.Size, s.Size)
		}
		if msg := reorg.Broken(s, p, lines); msg != "" {
			t.Errorf("%d: %s", c.line, msg)
		}
	}
}
