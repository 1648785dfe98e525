package main

import (
	"strings"
	"testing"
)

// go vet shows cachelint one package: an unexported queue that package
// alone holds, in place in shards only pointers keep, is judged where the
// shards put it; its exported twin, which importers may hold anywhere, as
// a heap object, saying why.
func TestGoVetOnePackageHolders(t *testing.T) {
	t.Parallel()
	out, code := run(t, root, "go", "vet", "-vettool="+bin, "./analyzer/testdata/src/oneholder")
	for _, want := range []string{
		"bytesQueue: tail and count are written and share line 1 with headerBuffer (read-mostly) (64-byte lines); in every object holding it (bytesQueue is no heap object of its own: it lies in cacheShard.entries at offset 8 of a 280-byte object, which starts it 8 or 40 bytes past a line)",
		"Queue: hot field headerBuffer (24 bytes at offset 80) crosses the line boundary at 96 (64-byte lines); in 25% of heap objects",
		"judged as a heap object of its own: this package holds it only in place or as elements, but the driver shows cachelint one package at a time, and other packages' holders are not seen: Queue is exported",
	} {
		if code != 1 || !strings.Contains(out, want) {
			t.Errorf("go vet: exit %d, want 1 and %q in\n%s", code, want, out)
		}
	}
	if strings.Contains(out, "bytesQueue: hot field headerBuffer") {
		t.Errorf("go vet: bytesQueue judged as a heap object:\n%s", out)
	}
}
