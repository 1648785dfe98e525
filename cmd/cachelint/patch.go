package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/cachelint/cachelint/csource"
	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
)

// patcher is -patch: each proposal rewritten in the C source that
// defines the struct, printed as one diff once every input is read. A
// struct whose source cannot be rewritten gets an error and no hunk, and
// the exit status is 1.
type patcher struct {
	src    *csource.Sources
	lines  []int64
	plans  []*csource.Plan
	stderr io.Writer
	failed bool
}

// newPatcher rewrites the sources at paths, writing the diff's paths
// relative to e's working directory, for git apply.
func newPatcher(paths []string, lines []int64, e env) (*patcher, error) {
	if e.Dir == "" {
		return nil, errors.New("the working directory is unknown: the diff could not name the files for git apply")
	}
	src, err := csource.Open(paths, e.Dir)
	if err != nil {
		return nil, err
	}
	return &patcher{src: src, lines: lines, stderr: e.Stderr}, nil
}

// add plans the rewrite of s, whose analysis r has a proposal; a struct
// with findings and no proposal gets a note saying why it gets no patch.
// The source's definition of a struct named (-C) is checked against the
// binary whether or not there is a proposal: a patch to other source, or
// none for it, says nothing of the source given.
func (p *patcher) add(s *layout.Struct, r *reorg.Result, named bool) {
	if r.Proposal == nil {
		if named {
			if err := p.src.Check(s); err != nil {
				fmt.Fprintf(p.stderr, "cachelint: %v\n", err)
				p.failed = true
				return
			}
		}
		if r.NoFix != "" {
			fmt.Fprintf(p.stderr, "cachelint: note: struct %s: no patch: %s\n", s.Name, r.NoFix)
		}
		return
	}
	pl, err := p.src.Plan(s, p.lines)
	if err != nil {
		fmt.Fprintf(p.stderr, "cachelint: %v\n", err)
		p.failed = true
		return
	}
	for _, n := range pl.Notes {
		fmt.Fprintf(p.stderr, "cachelint: note: %s\n", n)
	}
	if pl.Result.Proposal == nil {
		// The source's configurations defeat the binary's proposal.
		if pl.Result.NoFix != "" {
			fmt.Fprintf(p.stderr, "cachelint: note: struct %s: no patch: %s\n", s.Name, pl.Result.NoFix)
		}
		return
	}
	p.plans = append(p.plans, pl)
}

// finish writes the diff and returns the exit status.
func (p *patcher) finish(w io.Writer) int {
	if err := csource.WriteDiff(w, p.plans); err != nil {
		fmt.Fprintf(p.stderr, "cachelint: %v\n", err)
		return 1
	}
	if p.failed {
		return 1
	}
	return 0
}
