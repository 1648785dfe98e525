package hotfile

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

// Editors on Windows write a byte order mark and CRLF line ends; neither
// may change what a hot file or a table says.
func TestBOMAndCRLF(t *testing.T) {
	hot := "net_device.priv_flags hot path=tx\nnet_device.state hot write # c\nnet_device percpu\n"
	table, err := os.ReadFile(filepath.Join(tables, "net_device.rst"))
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string][]byte{"hot.txt": []byte(hot), "net_device.rst": table} {
		want, err := parse(name, src)
		if err != nil {
			t.Fatal(err)
		}
		crlf := bytes.ReplaceAll(src, []byte("\n"), []byte("\r\n"))
		for variant, data := range map[string][]byte{
			"BOM":      append([]byte("\uFEFF"), src...),
			"CRLF":     crlf,
			"BOM+CRLF": append([]byte("\uFEFF"), crlf...),
		} {
			got, err := parse(name, data)
			if err != nil {
				t.Errorf("%s with %s: %v", name, variant, err)
				continue
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s with %s:\n got %+v\nwant %+v", name, variant, got, want)
			}
		}
	}
}

func TestLimits(t *testing.T) {
	long := "s.f hot path=" + strings.Repeat("p", MaxLineLength) + "\n"
	_, err := parse("long.txt", []byte("# fine\n"+long))
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "long.txt:2: line longer than the 1 MiB limit") {
		t.Errorf("a line over the limit: %v", err)
	}
	_, err = parse("big.txt", bytes.Repeat([]byte("# a comment\n"), MaxFileSize/12+1))
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "big.txt: file larger than the 16 MiB limit") {
		t.Errorf("a file over the limit: %v", err)
	}
	// An endless file is read only up to the limit.
	if _, err := os.Stat("/dev/zero"); err == nil {
		_, err := Load("/dev/zero")
		if !errors.Is(err, ErrTooLarge) {
			t.Errorf("/dev/zero: %v", err)
		}
	}
	// At the limit is fine.
	line := strings.Repeat(" ", MaxLineLength-2) + "#\n"
	if _, err := parse("edge.txt", []byte(line)); err != nil {
		t.Errorf("a line at the limit: %v", err)
	}
}

// Marks on one field from many lines merge into one, as one line naming
// every path would.
func TestManyMarksOnOneField(t *testing.T) {
	const n = 5000
	var many, one strings.Builder
	one.WriteString("net_device.state hot path=")
	for i := range n {
		fmt.Fprintf(&many, "net_device.state hot path=p%d\n", i)
		if i > 0 {
			one.WriteString(",")
		}
		fmt.Fprintf(&one, "p%d", i)
	}
	many.WriteString("net_device.state hot write path=p0\n")
	one.WriteString(" write\n")
	var got []*layout.Hot
	for _, src := range []string{many.String(), one.String()} {
		set, err := parse("hot.txt", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		s := netDevice()
		if _, err := set.Apply([]*layout.Struct{s}); err != nil {
			t.Fatal(err)
		}
		got = append(got, member(t, s, "state").Hot)
	}
	if !reflect.DeepEqual(got[0], got[1]) {
		t.Errorf("many lines give %d paths, write %v; one line %d paths, write %v", len(got[0].Paths), got[0].Write, len(got[1].Paths), got[1].Write)
	}
	if len(got[1].Paths) != n || !got[1].Write || !got[1].On("p4999") {
		t.Errorf("one line: %d paths, write %v", len(got[1].Paths), got[1].Write)
	}
}
