package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/cachelint/cachelint/report"
)

// env is what a command runs in, which main takes from the process once:
// the working directory, which packages are loaded from and which the
// files named in what the command prints are relative to, and the output
// streams. Files are opened by name, relative to the process's working
// directory: a caller with another Dir names them in full (-pgo auto,
// which names each default.pgo relative to Dir, needs the process's).
type env struct {
	Dir            string // "" when the process's cannot be told: files are then named as they are
	Stdout, Stderr io.Writer
}

// rel names file relative to the working directory when it lies under
// it, as go vet names the files of its diagnostics.
func (e env) rel(file string) string {
	if e.Dir == "" {
		return file
	}
	if r, err := filepath.Rel(e.Dir, file); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return file
}

// sarifOptions are the options of a SARIF log with URIs relative to
// srcroot.
func sarifOptions(srcroot string) (report.SARIFOptions, error) {
	root, err := filepath.Abs(srcroot)
	if err == nil {
		var fi os.FileInfo
		if fi, err = os.Stat(root); err == nil && !fi.IsDir() {
			err = errors.New("not a directory")
		}
	}
	if err != nil {
		return report.SARIFOptions{}, fmt.Errorf("-srcroot=%s: %v", srcroot, unwrapPath(err))
	}
	return report.SARIFOptions{ToolVersion: moduleVersion(), SrcRoot: root}, nil
}

// unwrapPath drops the path and operation from an os error, which a message
// names already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// moduleVersion is the main module's version, with the commit when the
// build recorded one.
func moduleVersion() string {
	v := "(unknown)"
	bi, ok := debug.ReadBuildInfo()
	if ok {
		v = bi.Main.Version
		var rev, modified string
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				if s.Value == "true" {
					modified = "+modified"
				}
			}
		}
		if rev != "" && !strings.Contains(v, rev[:min(12, len(rev))]) {
			v += " " + rev[:min(12, len(rev))] + modified
		}
	}
	return v
}
