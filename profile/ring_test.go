package profile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/internal/recorded"
)

// Names declared together share one comment, so their marks are joined;
// the join keeps the lock that guards each. ring.Ring's head and tail
// (packetio.Buffer's, reduced) are touched only under mu: the checks and
// -annotate must say so of both, as they do of data, declared alone.
func TestJoinedNamesKeepGuard(t *testing.T) {
	name, err := filepath.Abs(recorded.Profile(t, "testdata/ring/ring.pprof"))
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("testdata/ring/ring.go")
	if err != nil {
		t.Fatal(err)
	}
	// A copy to annotate, in a module of the repository's path, where the
	// profile's -trimpath file names find it.
	dir := t.TempDir()
	file := filepath.Join(dir, "profile", "testdata", "ring", "ring.go")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module github.com/cachelint/cachelint\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, src, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOFLAGS", "")
	t.Setenv("GOWORK", "off")
	p, err := Load(dir, "./profile/testdata/ring")
	if err != nil {
		t.Fatal(err)
	}
	r, err := p.Map([]Input{{File: name}})
	if err != nil {
		t.Fatal(err)
	}
	const key = "github.com/cachelint/cachelint/profile/testdata/ring.Ring"
	s, err := p.Layout(r, key, DefaultMin)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range s.Members {
		switch m.Name {
		case "data", "head", "tail":
			if m.Hot == nil || m.Hot.Guard != "mu" {
				t.Errorf("Ring.%s: hot %v, want guarded by mu", m.Name, m.Hot)
			}
		}
	}
	marks, err := p.Marks(r, DefaultMin)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Annotate(marks); err != nil {
		t.Fatal(err)
	}
	out, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for line := range strings.Lines(string(out)) {
		if strings.Contains(line, "head, tail") {
			found = strings.HasSuffix(line, "//cachelint:hot write guard=mu\n")
		}
	}
	if !found {
		t.Errorf("-annotate: head, tail want //cachelint:hot write guard=mu:\n%s", out)
	}
}
