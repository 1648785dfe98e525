// Package recorded hands tests the CPU profiles that scripts/record-profiles
// took once and committed, after checking that the sources they were taken
// from are unchanged: a profile names source lines, and a test must not
// depend on what a sampling profiler catches on a loaded machine.
package recorded

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Profile returns name, a recorded profile, after checking every source
// listed in name+".sum" (sha256sum's format, paths relative to the
// profile's directory) against its recorded digest.
func Profile(t testing.TB, name string) string {
	t.Helper()
	f, err := os.Open(name + ".sum")
	if err != nil {
		t.Fatalf("recorded profile %s: %v", name, err)
	}
	defer f.Close()
	dir := filepath.Dir(name)
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		sum, file, ok := strings.Cut(sc.Text(), "  ")
		if !ok {
			t.Fatalf("%s.sum: bad line %q", name, sc.Text())
		}
		data, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		got := sha256.Sum256(data)
		if hex.EncodeToString(got[:]) != sum {
			t.Fatalf("%s changed since %s was recorded: its lines no longer match the profile's; run scripts/record-profiles", filepath.Join(dir, file), name)
		}
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatalf("%s.sum lists no source", name)
	}
	return name
}

// wantComment is an analysistest expectation at the end of a line.
var wantComment = regexp.MustCompile(`(?m) // want .*$`)

// Copy checks that copy, a test package's copy of original, a source a
// recorded profile was taken from, is original with the want comments
// analysistest reads: the profile matches the copy only as long as it
// matches original.
func Copy(t testing.TB, copy, original string) {
	t.Helper()
	c, err := os.ReadFile(copy)
	if err != nil {
		t.Fatal(err)
	}
	o, err := os.ReadFile(original)
	if err != nil {
		t.Fatal(err)
	}
	if wantComment.ReplaceAllString(string(c), "") != string(o) {
		t.Fatalf("%s is no longer %s with want comments: copy it again", copy, original)
	}
}
