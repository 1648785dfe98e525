package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// goCmd runs the go command in dir for GOARCH arch, failing the test
// when it fails.
func goCmd(t *testing.T, dir, arch string, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOARCH="+arch, "GOWORK=off", "GOFLAGS=", "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Errorf("GOARCH=%s go %s: %v\n%s", arch, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// relatedLine starts a line of go vet's output that holds the related
// information of the diagnostic above it: "FILE:LINE:COL: \tNOTE".
var relatedLine = regexp.MustCompile(`\n[^\n]*?: \t`)

// fixsafeBlockers are the reasons the fixes of testdata/fixsafe are
// withheld, one per way its code depends on a layout, by the struct
// each is reported on.
var fixsafeBlockers = map[string]string{
	"litS":    `no fix: an unkeyed composite literal at .*view.go:\d+:\d+ depends on the field order`,
	"offS":    `no fix: unsafe.Offsetof\(v.j\) at .*view.go:\d+:\d+ depends on where j is, which the fix moves`,
	"wireS":   `no fix: a value of type \*WireView converted to any at .*view.go:\d+:\d+: it is given to encoding/binary.Write at .*view.go:\d+:\d+`,
	"nameS":   `no fix: a value of type NameView converted to any at .*view.go:\d+:\d+: it is given to reflect.TypeOf at .*view.go:\d+:\d+`,
	"castS":   `no fix: a value of type unsafe.Pointer is converted to \*CastView at .*view.go:\d+:\d+, reading other memory as it`,
	"convS":   `no fix: the conversion of a value of type convS to convTwin at .*view.go:\d+:\d+ needs both to keep the same fields in the same order`,
	"anonS":   `no fix: the conversion of a value of type anonS to struct\{a uint64; b \[7\]uint64; j uint64\} at .*view.go:\d+:\d+`,
	"walkS":   `no fix: a value of type walkS converted to any at .*view.go:\d+:\d+: it is given to reflect.ValueOf at .*view.go:\d+:\d+`,
	"sizeS":   `no fix: unsafe.Sizeof\(sizeS\{\}\) at .*view.go:\d+:\d+ depends on its size and alignment, which the fix changes`,
	"pair":    `no fix: the pads it would drop hold the file's last use of "fixsafe/internal/xr" \(.*pair.go:\d+:\d+\)`,
	"printed": `no fix: a value of type printed converted to any at .*main.go:\d+:\d+: it is given to fmt.Printf at .*main.go:\d+:\d+`,
	"encoded": `no fix: a value of type encoded converted to any at .*main.go:\d+:\d+: it is given to encoding/json.Marshal at .*main.go:\d+:\d+`,
	// Issue 27's classes, and cases of each it did not name.
	"fmtD":           `no fix: a value of type fmtD converted to any at .*classes.go:\d+:\d+: it is given to fmt.Sprintf at`,
	"fmtGo":          `no fix: a value of type fmtGo converted to any at .*classes.go:\d+:\d+: it is given to fmt.Sprintf at`,
	"ptrStr":         `no fix: a value of type \[\]ptrStr converted to any at .*classes.go:\d+:\d+: it is given to fmt.Sprint at`,
	"logged":         `no fix: a value of type logged converted to any at .*classes.go:\d+:\d+: it is given to \(\*log.Logger\).Print at`,
	"mapped":         `no fix: a value of type mapped converted to any at .*classes.go:\d+:\d+: it is given to \(\*sync.Map\).Store at`,
	"ctxVal":         `no fix: a value of type ctxVal converted to any at .*classes.go:\d+:\d+: it is given to context.WithValue at`,
	"channed":        `no fix: a value of type channed converted to any at .*classes.go:\d+:\d+: it is sent on a channel at`,
	"boxed":          `no fix: a value of type boxed converted to any at .*classes.go:\d+:\d+: it is stored at`,
	"sliced":         `no fix: the address of field a at .*classes.go:\d+:\d+: it is given to unsafe.Slice at`,
	"added":          `no fix: the address of field a at .*classes.go:\d+:\d+: it is converted to unsafe.Pointer at`,
	"helped":         `no fix: the address of field a at .*classes.go:\d+:\d+: it is given to fixsafe/classes.two at .*classes.go:\d+:\d+, where it is converted to unsafe.Pointer`,
	"kept":           `no fix: a value of type \*kept is converted to unsafe.Pointer at .*classes.go:\d+:\d+`,
	"offsetByName":   `no fix: a value of type offsetByName converted to any at .*classes.go:\d+:\d+: it is given to reflect.TypeOf at`,
	"genericReflect": `no fix: it is a type argument of fixsafe/classes.fieldNames at .*classes.go:\d+:\d+, whose code, given a value of its type parameter, may see the order: it is a type argument of reflect.TypeFor`,
	"setByIndex":     `no fix: a value of type \*setByIndex converted to any at .*classes.go:\d+:\d+: it is given to reflect.ValueOf at`,
	"folded":         `no fix: a value of type \*folded converted to any at .*classes.go:\d+:\d+: it is given to encoding/json.Unmarshal at`,
	"xmlEnc":         `no fix: a value of type xmlEnc converted to any at .*classes.go:\d+:\d+: it is given to encoding/xml.Marshal at`,
	"debugOnly":      `no fix: debug.go mentions debugOnly at .*debug.go:\d+:\d+ and is not`,
	"armOnly":        `no fix: classes_arm64.go mentions archShow at .*classes_arm64.go:\d+:\d+ and is not`,
	"winOnly":        `no fix: classes_windows.go mentions winShow at .*classes_windows.go:\d+:\d+ and is not`,
	"entry":          `no fix: entry has only exported fields and it reaches other packages through Entries \(.*classes.go:\d+:\d+\), so code importing fixsafe/classes that cachelint does not see may build it with an unkeyed literal`,
	"pairing":        `no fix: pairing has only exported fields and it reaches other packages through Pairs \(.*classes.go:\d+:\d+\)`,
	"cycled":         `no fix: the address of field a at .*classes.go:\d+:\d+: it is given to fixsafe/classes.walkA at .*classes.go:\d+:\d+, where it is given to fixsafe/classes.walkB at .*classes.go:\d+:\d+, where it is converted to unsafe.Pointer`,
	"asValue":        `no fix: it is a type argument of reflect.TypeFor at .*classes.go:\d+:\d+, generic code outside the package`,
	"shown":          `no fix: a value of type shown is converted to namer at .*classes.go:\d+:\d+, and namer at .*classes.go:\d+:\d+: a value of type namer converted to any at .*classes.go:\d+:\d+: it is given to fmt.Sprint at`,
}

// fixsafeFixed are the structs whose fixes both drivers write, and what
// each file holds after.
var fixsafeFixed = map[string][]string{
	"internal/view/view.go":         {"type plain struct {\n\ta uint64 //cachelint:hot\n\tj uint64 //cachelint:hot\n\tb [7]uint64\n}"},
	"internal/counters/counters.go": {"type hits struct {\n\tn    uint64 //cachelint:hot write\n\t_    [56]byte\n\tp    *int   //cachelint:hot", "type tally struct {\n\tlabels []string     //cachelint:hot\n\tex     [2]any       //cachelint:hot\n\tnow    func() int64 //cachelint:hot\n\n\tvalBits uint64 //cachelint:hot write\n\tvalInt  uint64 //cachelint:hot write\n\n\tdesc *int\n", "type counter struct {\n\t// valBits", "\tvalBits uint64 //cachelint:hot write\n\tvalInt  uint64 //cachelint:hot write\n\n\tdesc   *int\n\t_      [40]byte\n\tlabels []string"},
	"internal/pads/queue.go":        {"\t_     [xr.CacheLineSize - 32]byte\n\ttail  uint64"},
	"classes/classes.go": {"type fine struct {\n\ta  uint64 //cachelint:hot\n\tj  uint64 //cachelint:hot\n\tb  [7]uint64\n\tmu sync.Mutex\n}",
		"type carried struct {\n\ta uint64 //cachelint:hot\n\tj uint64 //cachelint:hot\n\tb [7]uint64\n}",
		"type pooled struct {\n\ta uint64 //cachelint:hot\n\tj uint64 //cachelint:hot\n\tb [7]uint64\n}",
		"type buffered struct {\n\ta  uint64 //cachelint:hot\n\tj  uint64 //cachelint:hot\n\tb  [7]uint64\n\tsb strings.Builder\n}"},
}

// -fix on a module with a case of each way code depends on a struct's
// layout through the types that share it, in its own package and
// another, and of 64-bit atomics, comments that keep a field first, pads
// written from another package's constant and CRLF files: with
// cachelint -fix and with go vet -vettool -fix, the package tests pass
// for amd64 and 386 before and after (for 386 built, not run, where this
// machine cannot run it), no 64-bit atomic is off an 8-byte boundary on
// 386 or arm after, cmd/show prints the same (also with -tags debug), the
// module builds and vets for amd64, arm64, 386 and arm, and what is not
// fixed says why, naming the use and its place. Package classes has a
// case of each class of use issue 27 found fixed, and others of each.
func TestFixKeepsWhatProgramsCompute(t *testing.T) {
	t.Parallel()
	if testing.Short() || !e2e {
		t.Skip("builds, vets and tests a module for four GOARCHes: go test -tags e2e -run TestFixKeepsWhatProgramsCompute ./cmd/cachelint")
	}
	for _, driver := range []string{"cachelint", "go vet"} {
		t.Run(driver, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			copyDir(t, "testdata/fixsafe", dir)
			before := map[string][]byte{}
			filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					before[path], _ = os.ReadFile(path)
				}
				return nil
			})
			for _, arch := range []string{"amd64", "386"} {
				testFor(t, dir, arch)
			}
			show := goCmd(t, dir, "amd64", "run", "./cmd/show")
			debug := goCmd(t, dir, "amd64", "run", "-tags", "debug", "./cmd/show")

			var out string
			var code int
			if driver == "cachelint" {
				out, code = run(t, dir, bin, "-fix", "./...")
				if code != 3 {
					t.Errorf("cachelint -fix: exit %d, want 3 for the findings left\n%s", code, out)
				}
			} else {
				// go vet -fix prints no diagnostics: ask first. go
				// vet prints the note on a fix as a line of its own
				// under the diagnostic; cachelint, after it.
				out, _ = run(t, dir, "go", "vet", "-vettool="+bin, "./...")
				out = relatedLine.ReplaceAllString(out, "; ")
				if fixed, code := run(t, dir, "go", "vet", "-vettool="+bin, "-fix", "./..."); code != 0 {
					t.Errorf("go vet -fix: exit %d\n%s", code, fixed)
				}
			}
			for name, why := range fixsafeBlockers {
				re := regexp.MustCompile(`(?m)^.*: ` + name + `: .*; ` + why)
				if !re.MatchString(out) {
					t.Errorf("no %s: ...; %s in\n%s", name, why, out)
				}
			}

			for file, wants := range fixsafeFixed {
				got, _ := os.ReadFile(filepath.Join(dir, file))
				for _, want := range wants {
					if !strings.Contains(string(got), want) {
						t.Errorf("%s after the fix lacks\n%s\nin\n%s", file, want, got)
					}
				}
			}
			crlf, _ := os.ReadFile(filepath.Join(dir, "internal/crlf/crlf.go"))
			wire, _ := os.ReadFile(filepath.Join(dir, "internal/wire/wire.go"))
			if driver == "cachelint" {
				// Free is reordered, Header and Frame are not; the CRLF
				// file is fixed and keeps its line endings.
				if !strings.Contains(string(wire), "type Free struct {\n\tKind uint64 //cachelint:hot\n\tLen  uint64 //cachelint:hot\n\tbody [7]uint64\n}") {
					t.Errorf("wire.go after the fix:\n%s", wire)
				}
				if !bytes.Contains(crlf, []byte("\ta uint64 //cachelint:hot\r\n\tj uint64 //cachelint:hot\r\n\tb [7]uint64\r\n}")) ||
					bytes.Count(crlf, []byte("\n")) != bytes.Count(crlf, []byte("\r\n")) {
					t.Errorf("crlf.go after the fix: %q", crlf)
				}
			} else {
				for name, why := range map[string]string{
					"Free": `no fix: it reaches other packages through Free \(.*wire.go:\d+:\d+\); the driver checks one package at a time`,
					"pair": `no fix: .*crlf.go has CRLF line endings, and a driver that formats the files it fixes \(go vet -fix\) writes them back with LF`,
				} {
					if !regexp.MustCompile(`(?m)^.*: ` + name + `: .*; ` + why).MatchString(out) {
						t.Errorf("no %s: ...; %s in\n%s", name, why, out)
					}
				}
				for _, f := range []string{"internal/wire/wire.go", "internal/crlf/crlf.go"} {
					if now, _ := os.ReadFile(filepath.Join(dir, f)); !bytes.Equal(now, before[filepath.Join(dir, f)]) {
						t.Errorf("go vet -fix changed %s:\n%s", f, now)
					}
				}
			}
			// The files the blockers are in are as they were.
			for _, f := range []string{"internal/codec/codec.go", "cmd/show/main.go", "internal/pads/pair.go"} {
				if now, _ := os.ReadFile(filepath.Join(dir, f)); !bytes.Equal(now, before[filepath.Join(dir, f)]) {
					t.Errorf("-fix changed %s:\n%s", f, now)
				}
			}

			for _, arch := range []string{"amd64", "386"} {
				testFor(t, dir, arch)
			}
			for _, arch := range []string{"386", "arm"} {
				if bad := misalignedAtomics(t, dir, arch); len(bad) > 0 {
					t.Errorf("after the fix, sync/atomic would panic on %s:\n%s", arch, strings.Join(bad, "\n"))
				}
			}
			if after := goCmd(t, dir, "amd64", "run", "./cmd/show"); after != show {
				t.Errorf("cmd/show after the fix:\n%s\nbefore:\n%s", after, show)
			}
			if after := goCmd(t, dir, "amd64", "run", "-tags", "debug", "./cmd/show"); after != debug {
				t.Errorf("cmd/show -tags debug after the fix:\n%s\nbefore:\n%s", after, debug)
			}
			for _, arch := range []string{"amd64", "arm64", "386", "arm"} {
				goCmd(t, dir, arch, "build", "./...")
				goCmd(t, dir, arch, "vet", "./...")
			}
		})
	}
}

// -fix -diff prints what -fix writes, as a unified diff, and changes no
// file: applied to the files, the diff gives them as -fix leaves them.
func TestFixDiffIsTheFix(t *testing.T) {
	t.Parallel()
	dir, fixed := t.TempDir(), t.TempDir()
	copyDir(t, "testdata/fixsafe", dir)
	copyDir(t, "testdata/fixsafe", fixed)
	diff, code := run(t, dir, bin, "-fix", "-diff", "./...")
	if code != 3 {
		t.Fatalf("-fix -diff: exit %d\n%s", code, diff)
	}
	if _, code := run(t, fixed, bin, "-fix", "./..."); code != 3 {
		t.Fatalf("-fix: exit %d", code)
	}
	// The diff on stdout, the findings on stderr: run's output has both,
	// so read the hunks from the lines a diff has.
	shift := map[string]int{}
	files := map[string][]string{}
	var name string
	var hunk []string
	var oldStart int
	flush := func() {
		if name == "" || hunk == nil {
			return
		}
		src := files[name]
		// Hunks number the lines of the file before the diff; those
		// applied before moved them.
		i := oldStart - 1 + shift[name]
		var out []string
		out = append(out, src[:i]...)
		for _, l := range hunk {
			switch l[0] {
			case ' ':
				if src[i] != l[1:] {
					t.Fatalf("%s:%d: context %q, file has %q", name, i+1, l[1:], src[i])
				}
				out = append(out, l[1:])
				i++
			case '-':
				if src[i] != l[1:] {
					t.Fatalf("%s:%d: removes %q, file has %q", name, i+1, l[1:], src[i])
				}
				i++
				shift[name]--
			case '+':
				out = append(out, l[1:])
				shift[name]++
			}
		}
		files[name] = append(out, src[i:]...)
		hunk = nil
	}
	hunkHead := regexp.MustCompile(`^@@ -(\d+),\d+ \+\d+,\d+ @@$`)
	for _, l := range strings.SplitAfter(diff, "\n") {
		switch {
		case strings.HasPrefix(l, "+++ "):
			flush()
			name = strings.TrimSpace(strings.TrimPrefix(l, "+++ "))
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			files[name] = strings.SplitAfter(string(data), "\n")
		case strings.HasPrefix(l, "--- "):
		case hunkHead.MatchString(strings.TrimRight(l, "\n")):
			flush()
			hunk = []string{}
			oldStart, _ = strconv.Atoi(hunkHead.FindStringSubmatch(strings.TrimRight(l, "\n"))[1])
		case hunk != nil && l != "" && strings.ContainsRune(" -+", rune(l[0])):
			hunk = append(hunk, l)
		default:
			flush()
		}
	}
	flush()
	if len(files) == 0 {
		t.Fatalf("no diff in\n%s", diff)
	}
	filepath.WalkDir(fixed, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(fixed, path)
		was, _ := os.ReadFile(filepath.Join(dir, rel))
		if now, _ := os.ReadFile(path); !bytes.Equal(now, was) && files[filepath.ToSlash(rel)] == nil {
			t.Errorf("-fix changed %s, which the diff leaves out", rel)
		}
		return nil
	})
	for name, lines := range files {
		want, _ := os.ReadFile(filepath.Join(fixed, name))
		if got := strings.Join(lines, ""); got != string(want) {
			t.Errorf("%s with the diff applied:\n%s\nwant, as -fix writes it:\n%s", name, got, want)
		}
		if now, _ := os.ReadFile(filepath.Join(dir, name)); bytes.Equal(now, want) {
			t.Errorf("-diff changed %s", name)
		}
	}
}

// A file this build does not compile but another GOARCH checked does
// (-line=64,128 type-checks arm64) goes through the allowlist as that
// build has it: armOnly's refusal names the use in classes_arm64.go, not
// only its mention; files no build compiles still refuse what they
// mention.
func TestFixChecksOtherBuilds(t *testing.T) {
	t.Parallel()
	out, code := run(t, "testdata/fixsafe", bin, "-line=64,128", "./classes")
	if code != 3 {
		t.Fatalf("exit %d, want 3\n%s", code, out)
	}
	for name, why := range map[string]string{
		"armOnly":   `no fix: a value of type armOnly converted to any at .*classes_arm64.go:\d+:\d+: it is given to fmt.Sprint at`,
		"winOnly":   `no fix: classes_windows.go mentions winShow at .*classes_windows.go:\d+:\d+ and is not compiled in this build`,
		"debugOnly": `no fix: debug.go mentions debugOnly at .*debug.go:\d+:\d+ and is not compiled in this build`,
	} {
		if !regexp.MustCompile(`(?m)^.*: ` + name + `: .*; ` + why).MatchString(out) {
			t.Errorf("no %s: ...; %s in\n%s", name, why, out)
		}
	}
}
