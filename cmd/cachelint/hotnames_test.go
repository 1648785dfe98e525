package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every name in a hot file that matches nothing is said, with its file and
// line and a did-you-mean: against a binary, a struct not found is a
// warning and a field the struct lacks an error; a table's rows (real
// names the build lacks) get no did-you-mean.
func TestHotFileTyposBinary(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	hot := filepath.Join(dir, "q.hot")
	os.WriteFile(hot, []byte("pkt_rx_queu.rx_pkts hot write\npkt_rx_queue.rx_bytes hot write\n"), 0o644)
	_, errs, code := runCmd(t, "-hot", hot, td("c/queues.o"))
	// A warning leaves the status as the findings make it.
	if code != 0 || errs != "cachelint: warning: "+hot+":1: struct pkt_rx_queu not found; did you mean pkt_rx_queue?\n" {
		t.Errorf("struct typo: exit %d, stderr:\n%s", code, errs)
	}
	os.WriteFile(hot, []byte("pkt_rx_queue.rx_pkst hot write\n"), 0o644)
	out, errs, code := runCmd(t, "-hot", hot, td("c/queues.o"))
	if code != 1 || out != "" || errs != "cachelint: "+hot+":1: struct pkt_rx_queue has no field rx_pkst; did you mean rx_pkts?\n" {
		t.Errorf("field typo: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	_, errs, _ = runCmd(t, "-hot", td("kernel/net_cachelines/inet_sock.rst"), "-C", "inet_sock", "-v", linux618)
	if !strings.Contains(errs, "struct inet_sock has no field inet_daddr\n") {
		t.Errorf("table row: stderr:\n%s", errs)
	}
}

// The same for Go, whose hot files name types as PKGPATH.TYPE. Standalone,
// cachelint sees every package checked: a package path none has is a
// warning. Each package says what it lacks of the types named with its
// path, and which type named without one it declares: a diagnostic at its
// package clause, under go vet too. A type only the test files declare is
// no typo.
func TestHotFileTyposGo(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod":       "module example.com/netq\n\ngo 1.24\n",
		"conn.go":      "package netq\n\n// Conn is a connection.\ntype Conn struct {\n\tsend   uint64\n\trecv   uint64\n\tname   string\n\tclosed bool\n}\n\ntype Mode int\n",
		"conn_test.go": "package netq\n\ntype testConn struct{ a, b int }\n",
		"hot.txt": "example.com/netq.Conn.send hot\n" +
			"example.com/netq.Con.send hot\n" +
			"example.com/netqq.Conn.send hot\n" +
			"Conn.send hot\n" +
			"example.com/netq.Conn.sned hot\n" +
			"example.com/netq.Mode.x hot\n" +
			"example.com/netq.testConn.a hot\n" +
			"Nothing.x hot\n",
	})
	diags := "conn.go:1:1: hot.txt:2: example.com/netq declares no type Con; did you mean example.com/netq.Conn?\n" +
		"conn.go:1:1: hot.txt:4: Conn names no package: a Go type is PKGPATH.TYPE; did you mean example.com/netq.Conn?\n" +
		"conn.go:1:1: hot.txt:6: example.com/netq.Mode is not a struct type\n" +
		"conn.go:4:6: hot.txt:5: struct example.com/netq.Conn has no field sned; did you mean send?\n"
	warnings := "cachelint: warning: hot.txt:3: no package example.com/netqq among the packages checked; did you mean example.com/netq.Conn?\n" +
		"cachelint: warning: hot.txt:8: Nothing names no package: a Go type is PKGPATH.TYPE\n"
	for _, args := range [][]string{{"-hotfile", "hot.txt", "./..."}, {"-test=false", "-hotfile", "hot.txt", "./..."}} {
		stdout, stderr, code := runSplit(t, dir, bin, args...)
		if code != 3 || stdout != "" || stderr != warnings+diags {
			t.Errorf("%q: exit %d, stdout %q, stderr:\n%s\nwant exit 3, stderr:\n%s", args, code, stdout, stderr, warnings+diags)
		}
	}
	// go vet sees one package at a time: what the package tells.
	_, stderr, code := runSplit(t, dir, "go", "vet", "-vettool="+bin, "-cachelint.hotfile="+filepath.Join(dir, "hot.txt"), "./...")
	want := strings.ReplaceAll(diags, " hot.txt:", " "+filepath.Join(dir, "hot.txt")+":")
	if code != 1 || strings.TrimPrefix(stderr, "# example.com/netq\n") != want {
		t.Errorf("go vet: exit %d, stderr:\n%s\nwant\n%s", code, stderr, want)
	}
}
