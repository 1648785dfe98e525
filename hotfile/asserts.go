package hotfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/cachelint/cachelint/layout"
)

// assertMacro is the kernel's size assertion (include/linux/cache.h).
const assertMacro = "CACHELINE_ASSERT_GROUP_SIZE"

// lineDirective matches a C #line directive, which an extract of a kernel
// source carries to keep the line numbers and file name of the original.
var lineDirective = regexp.MustCompile(`^[ \t]*#[ \t]*line[ \t]+([0-9]+)(?:[ \t]+"([^"]*)")?`)

// LoadAsserts reads the CACHELINE_ASSERT_GROUP_SIZE lines of kernel sources:
// C files, or trees whose .c and .h files are searched. A path holding
// none is an error. An assertion whose size is no number (page_pool's
// PAGE_POOL_FRAG_GROUP_ALIGN) is skipped with a note, as is a second
// assertion of a group with another size.
func LoadAsserts(paths []string) (set *Set, notes []string, err error) {
	set = &Set{}
	seen := map[string]GroupLimit{}
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, nil, err
		}
		var files []string
		if fi.IsDir() {
			err := filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
				if err != nil {
					return err
				}
				if d.IsDir() && path != p && strings.HasPrefix(d.Name(), ".") {
					return filepath.SkipDir
				}
				if !d.IsDir() && (strings.HasSuffix(path, ".c") || strings.HasSuffix(path, ".h")) {
					files = append(files, path)
				}
				return nil
			})
			if err != nil {
				return nil, nil, err
			}
		} else {
			files = []string{p}
		}
		found := 0
		for _, f := range files {
			gs, skipped, err := loadAssertFile(f)
			if err != nil {
				return nil, nil, err
			}
			notes = append(notes, skipped...)
			for _, g := range gs {
				found++
				key := g.Struct + "\x00" + g.Group
				if prev, ok := seen[key]; ok {
					if prev.Size != g.Size {
						notes = append(notes, fmt.Sprintf("%s: %s asserts %d bytes for %s of struct %s, %s %d: the first is kept",
							g.Pos, assertMacro, g.Size, g.Group, g.Struct, prev.Pos, prev.Size))
					}
					continue
				}
				seen[key] = g
				set.Groups = append(set.Groups, g)
			}
		}
		if found == 0 {
			return nil, nil, fmt.Errorf("%s: no %s(struct S, GROUP, SIZE) line", p, assertMacro)
		}
	}
	return set, notes, nil
}

// loadAssertFile reads the assertions of one source file.
func loadAssertFile(path string) ([]GroupLimit, []string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(data) > MaxFileSize {
		// Generated register headers are this big; no kernel source
		// that asserts a group is.
		return nil, []string{fmt.Sprintf("%s: larger than %d MiB, not searched for %s", path, MaxFileSize>>20, assertMacro)}, nil
	}
	if !bytes.Contains(data, []byte(assertMacro)) {
		return nil, nil, nil
	}
	return parseAsserts(path, string(data))
}

// parseAsserts finds the assertions in src, named name, honouring #line
// directives. The macro's own definition and #ifndef are not assertions.
func parseAsserts(name, src string) (out []GroupLimit, notes []string, err error) {
	lines := strings.Split(src, "\n")
	file, delta := name, 0 // reported line = index + 1 + delta
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if m := lineDirective.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[1])
			// The line after the directive is line n.
			delta = n - (i + 2)
			if m[2] != "" {
				file = m[2]
			}
			continue
		}
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue // #define, #ifndef, #undef of the macro
		}
		at := strings.Index(line, assertMacro)
		if at < 0 {
			continue
		}
		pos := Pos{file, i + 1 + delta}
		rest := strings.TrimLeft(line[at+len(assertMacro):], " \t")
		if !strings.HasPrefix(rest, "(") {
			continue // a mention in a comment or a longer name
		}
		// The call may run over several lines.
		call, j := rest, i
		for strings.Count(call, "(") > strings.Count(call, ")") && j+1 < len(lines) && j-i < 8 {
			j++
			call += " " + strings.TrimSpace(lines[j])
		}
		g, err := parseAssertCall(call)
		if err != nil {
			if errors.Is(err, errSizeNotNumber) {
				notes = append(notes, fmt.Sprintf("%s: %s: skipped", pos, err))
				i = j
				continue
			}
			return nil, nil, fmt.Errorf("%s: %w", pos, err)
		}
		g.Pos = pos
		out = append(out, g)
		i = j
	}
	return out, notes, nil
}

var errSizeNotNumber = errors.New("size is no number")

// parseAssertCall reads "(struct S, GROUP, SIZE)" and what follows it.
func parseAssertCall(call string) (GroupLimit, error) {
	end := strings.IndexByte(call, ')')
	if end < 0 {
		return GroupLimit{}, fmt.Errorf("%s%s: no closing parenthesis", assertMacro, call)
	}
	text := assertMacro + strings.Join(strings.Fields(call[:end+1]), " ")
	args := strings.Split(call[1:end], ",")
	if len(args) != 3 {
		return GroupLimit{}, fmt.Errorf("%s: want 3 arguments (struct S, GROUP, SIZE)", text)
	}
	typ := strings.Fields(args[0])
	group := strings.TrimSpace(args[1])
	size := strings.TrimSpace(args[2])
	if len(typ) != 2 || typ[0] != "struct" || !layout.IsIdent(typ[1]) || !layout.IsIdent(group) {
		return GroupLimit{}, fmt.Errorf("%s: want struct NAME and a group name", text)
	}
	n, err := strconv.ParseInt(strings.TrimRight(size, "uUlL"), 0, 64)
	if err != nil || n < 0 {
		return GroupLimit{}, fmt.Errorf("%s: %w", text, errSizeNotNumber)
	}
	return GroupLimit{Struct: typ[1], Group: group, Size: n, Assert: text}, nil
}
