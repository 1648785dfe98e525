package main

import (
	gobuild "go/build"
	"slices"
	"strings"
	"testing"
)

// Each line size is checked on a GOARCH with lines of that size: a pad of
// the GOARCH's own line (archmod's CacheLinePad, 64 bytes on amd64, 128 on
// arm64) separates at 128 on arm64, where 128-byte lines are, and is not
// reported; a literal 56-byte pad fails there. A package that does not
// type-check is reported, once, and the others are checked: exit 1. A
// type another package of the load writes as slice elements, or generic
// code it instantiates does, has neighbours that its end pad keeps apart.
func TestLineSizesPerGOARCH(t *testing.T) {
	t.Parallel()
	if gobuild.Default.GOARCH != "amd64" && gobuild.Default.GOARCH != "arm64" {
		t.Skip("the fixture's pad sizes are for amd64 and arm64")
	}
	out, code := run(t, "testdata/archmod", bin, "-line=64,128", "./...")
	if code != 1 {
		t.Errorf("exit %d, want 1 (a package with errors)\n%s", code, out)
	}
	for _, want := range []string{
		"pad.go:21:2: Fixed: padding _ [56]byte (56 bytes) leaves head and tail on one line (128-byte lines)",
		`broken/broken.go:5:13: cannot use "not an int"`,
		// Written as elements in package user, which the load holds.
		"stripe.go:10:2: Stripe: padding _ [56]byte (56 bytes) leaves N and N of the next element on one line (128-byte lines): it needs 64 more bytes",
		// Written as elements by the generic Striped it instantiates.
		"user/user.go:14:2: Cell: padding _ [56]byte (56 bytes) leaves n and n of the next element on one line (128-byte lines): it needs 64 more bytes",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, "Shard") {
		t.Errorf("Shard's pad is its GOARCH's line, yet reported:\n%s", out)
	}
	if n := strings.Count(out, "not an int"); n != 1 {
		t.Errorf("the type error reported %d times, want once:\n%s", n, out)
	}
	// At 64 alone, on amd64, both pads separate.
	if out, code := run(t, "testdata/archmod", bin, "-line=64", "."); code != 0 {
		t.Errorf("-line=64: exit %d, want 0\n%s", code, out)
	}
}

// A package that builds for the user's GOARCH but not for the GOARCH of
// another line size (archonly's amd64only: code for amd64 without build
// constraints) is checked at the user's sizes alone, with one note for it
// and one for its importer, naming the GOARCH; the exit status is its
// findings'. So is a package whose tests alone do not build for arm64
// (teststoo). A package that does not build for the user's GOARCH
// (arm64only) is an error.
func TestSkipsPackagesOtherGOARCHCannotBuild(t *testing.T) {
	t.Parallel()
	if gobuild.Default.GOARCH != "amd64" {
		t.Skip("the fixture's package builds for amd64 alone, and -line=64,128 builds arm64 beside amd64")
	}
	out, code := run(t, "testdata/archonly", bin, "-line=64,128", "./amd64only", "./user")
	if code != 3 {
		t.Errorf("exit %d, want 3 (amd64only's finding at 64)\n%s", code, out)
	}
	for _, want := range []string{
		"cachelint: GOARCH=arm64: example.com/archonly/amd64only: not checked at 128-byte lines: it does not build for arm64: amd64only/jit.go:12:9: undefined: Reg (and 1 more error)\n",
		"cachelint: GOARCH=arm64: example.com/archonly/user: not checked at 128-byte lines: it imports example.com/archonly/amd64only, which does not build for arm64\n",
		"amd64only/jit.go:18:2: Stats: padding _ [48]byte (48 bytes) leaves programs and bytes on one line (64-byte lines)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	// One note per package: none for the test variant or the test's main.
	if n := strings.Count(out, "not checked"); n != 2 {
		t.Errorf("%d notes, want 2:\n%s", n, out)
	}

	// A package whose tests alone do not build for arm64 is checked there
	// still, without them.
	out, code = run(t, "testdata/archonly", bin, "-line=64,128", "./teststoo")
	for _, want := range []string{
		"cachelint: GOARCH=arm64: example.com/archonly/teststoo [example.com/archonly/teststoo.test]: not checked at 128-byte lines: it does not build for arm64: teststoo/queue_test.go:7:13: undefined: hostWord\n",
		"teststoo/queue.go:10:2: Queue: padding _ [56]byte (56 bytes) leaves head and tail on one line (128-byte lines)",
	} {
		if code != 3 || !strings.Contains(out, want) {
			t.Errorf("./teststoo: exit %d, want 3 and %q in\n%s", code, want, out)
		}
	}

	out, code = run(t, "testdata/archonly", bin, "-line=64,128", "./...")
	if code != 1 {
		t.Errorf("./...: exit %d, want 1 (arm64only does not build for amd64)\n%s", code, out)
	}
	if want := "cachelint: arm64only/jit.go:7:9: undefined: Reg\n"; !strings.Contains(out, want) {
		t.Errorf("./...: missing %q in\n%s", want, out)
	}
}

// A struct whose only values are package-level variables is judged where
// the linker puts them, not as heap objects; one that no code of a
// GOARCH reads or writes has no finding there. flagmod's cpu, as
// x/sys/cpu, has a flags struct per GOARCH, each the type of one
// variable that code for its GOARCH alone writes, padded with a 64-byte
// line on both sides: at 128-byte lines, on arm64, only arm64Flags is
// written, and its pad is judged against the next variable; state, of
// the same shape but allocated, against the next heap object.
func TestGlobalsWhereTheLinkerPutsThem(t *testing.T) {
	t.Parallel()
	if gobuild.Default.GOARCH != "amd64" && gobuild.Default.GOARCH != "arm64" {
		t.Skip("-line=64,128 builds amd64 and arm64")
	}
	out, code := run(t, "testdata/flagmod", bin, "-line=64,128", "./...")
	if code != 3 {
		t.Errorf("exit %d, want 3\n%s", code, out)
	}
	want := []string{
		"cpu/cpu.go:24:2: arm64Flags: padding _ CacheLinePad (64 bytes) leaves HasATOMICS on the line where the next package-level variable may start (128-byte lines); its values are package-level variables, which the linker places, not the allocator: where it starts one 64 bytes past a 128-byte line (it starts a 136-byte variable at a multiple of 32 bytes, after a variable no larger: 0, 32, 64 or 96 past a line)",
		"cpu/cpu.go:54:2: state: padding _ CacheLinePad (64 bytes) leaves k on the line where the next object of the 144-byte size class starts (128-byte lines); in 38% of heap objects, those starting 64, 80 or 96 bytes past a 128-byte line (the 144-byte size class starts them at 0, 16, 32, 48, 64, 80, 96 or 112)",
	}
	if got := strings.Split(strings.TrimSuffix(out, "\n"), "\n"); !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", out, strings.Join(want, "\n"))
	}
}

// A package with a test file is checked through its test variant, and
// the uses of package-level variables are sought over every package of
// the first build, the package itself included: its variable is judged
// where the linker puts it, at both line sizes.
func TestTestedPackageGlobals(t *testing.T) {
	t.Parallel()
	out, code := run(t, "testdata/testedglobal", bin, "-line=64,128", "./...")
	want := "flags.go:12:2: flags: padding _ cacheLinePad (64 bytes) leaves n on the line where the next package-level variable may start (128-byte lines); its values are package-level variables, which the linker places, not the allocator"
	if code != 3 || !strings.Contains(out, want) || strings.Contains(out, "panic") {
		t.Errorf("exit %d\n%s\nwant exit 3 and\n%s", code, out, want)
	}
}
