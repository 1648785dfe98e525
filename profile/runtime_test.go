package profile

import (
	"bufio"
	"bytes"
	"go/build"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every runtime function named in shared is one of the toolchain's, in Go
// or in assembly: a rename in a new Go release would otherwise silently
// credit its samples to the callers' straight lines again.
func TestSharedInRuntime(t *testing.T) {
	dir := filepath.Join(build.Default.GOROOT, "src", "runtime")
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Skipf("no runtime sources: %v", err)
	}
	declared := map[string]bool{}
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, ".s") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		for sc := bufio.NewScanner(bytes.NewReader(b)); sc.Scan(); {
			line := sc.Text()
			rest, ok := strings.CutPrefix(line, "func ")
			if !ok {
				rest, ok = strings.CutPrefix(line, "TEXT runtime·")
			}
			if name, _, found := strings.Cut(rest, "("); ok && found {
				declared["runtime."+name] = true
			}
		}
	}
	for name := range sharedRuntime {
		if !declared[name] {
			t.Errorf("%s is not a function of %s", name, dir)
		}
	}
}

// The slow paths of sync's locks are told from their fast paths and from
// the other functions of sync.
func TestSyncSlowPath(t *testing.T) {
	for name, want := range map[string]bool{
		"internal/sync.(*Mutex).lockSlow":    true,
		"internal/sync.(*Mutex).unlockSlow":  true,
		"sync.(*Mutex).lockSlow":             true,
		"sync.(*RWMutex).rUnlockSlow":        true,
		"sync.(*Mutex).Lock":                 false,
		"internal/sync.(*Mutex).Lock":        false,
		"sync.(*Pool).getSlow":               false,
		"sync.(*WaitGroup).Wait":             false,
		"example.com/sync.(*Mutex).lockSlow": false,
		"sync.runtime_doSpin":                false,
	} {
		if got := syncSlowPath(name); got != want {
			t.Errorf("syncSlowPath(%q) = %v, want %v", name, got, want)
		}
	}
}
