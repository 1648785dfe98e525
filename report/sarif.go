package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"strings"
	"unicode/utf16"

	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
)

// SrcRoot is the uriBaseId of the URIs under SARIFOptions.SrcRoot, as
// GitHub code scanning and SARIF viewers expect it.
const SrcRoot = "%SRCROOT%"

// SARIFOptions say what a SARIF log says about its run.
type SARIFOptions struct {
	// ToolVersion is the version of cachelint that wrote the log.
	ToolVersion string
	// SrcRoot is the absolute directory that relative URIs are relative
	// to, recorded as the base %SRCROOT%: files under it are named by
	// their path from it, others by an absolute file: URI. Empty leaves
	// relative paths relative, with no base, and absolute ones absolute.
	SrcRoot string
	// Checks are the checks whose rules the log lists, layout.Checks
	// when nil.
	Checks []*layout.Check
}

// SARIF streams results as a SARIF 2.1.0 log with one run of the tool
// cachelint, in the form GitHub code scanning accepts: rules carry the
// metadata of the checks' rules, every result a physical location.
type SARIF struct {
	// Artifact is the file being read, where the results of a struct
	// with no source position (BTF carries none) are located. A relative
	// path, as a relative source file, is taken from SrcRoot.
	Artifact string

	w     *bufio.Writer
	opts  SARIFOptions
	rules []layout.Rule
	n     int
	begun bool
}

// NewSARIF starts a SARIF log on w; Close ends it.
func NewSARIF(w io.Writer, o SARIFOptions) *SARIF {
	rules := layout.Rules
	if o.Checks != nil {
		rules = layout.RulesOf(o.Checks)
	}
	return &SARIF{w: bufio.NewWriter(w), opts: o, rules: rules}
}

// SARIFResult is one result: a diagnostic of rule Rule at a place in a
// file and, when known, in a struct.
type SARIFResult struct {
	Rule    string
	Message string
	// File is the source file or, for a result with no source position,
	// the binary; Line and Column are 0 when unknown.
	File         string
	Line, Column int
	// Struct names the struct, Member the member when the result is about
	// one; both empty when unknown.
	Struct, Member string
	// Fixes are the fixes that remove the result, none when it has none.
	Fixes []SARIFFix
}

// SARIFFix is a fix of a result: what it does, and its edits.
type SARIFFix struct {
	Description string
	Edits       []SARIFEdit
}

// SARIFEdit replaces bytes [Start, End) of File, whose contents are Src,
// with Text.
type SARIFEdit struct {
	File       string
	Src        []byte
	Start, End int
	Text       string
}

type sarifMessage struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifRule struct {
	ID                   string       `json:"id"`
	Name                 string       `json:"name"`
	ShortDescription     sarifMessage `json:"shortDescription"`
	FullDescription      sarifMessage `json:"fullDescription"`
	Help                 sarifMessage `json:"help"`
	HelpURI              string       `json:"helpUri"`
	DefaultConfiguration struct {
		Level string `json:"level"`
	} `json:"defaultConfiguration"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
	Fixes     []sarifFix      `json:"fixes,omitempty"`
}

// sarifFix is SARIF's fix object (§3.55): the changes to each file.
type sarifFix struct {
	Description *sarifMessage         `json:"description,omitempty"`
	Changes     []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	Artifact     sarifArtifact      `json:"artifactLocation"`
	Replacements []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	Deleted  sarifTextRegion `json:"deletedRegion"`
	Inserted *struct {
		Text string `json:"text"`
	} `json:"insertedContent,omitempty"`
}

// sarifTextRegion is a region of a text file, by line and column (in
// UTF-16 code units, SARIF's default columnKind) and by byte.
type sarifTextRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
	ByteOffset  int `json:"byteOffset"`
	ByteLength  int `json:"byteLength"`
}

type sarifLocation struct {
	Physical sarifPhysical  `json:"physicalLocation"`
	Logical  []sarifLogical `json:"logicalLocations,omitempty"`
}

type sarifPhysical struct {
	Artifact sarifArtifact `json:"artifactLocation"`
	Region   *sarifRegion  `json:"region"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

type sarifLogical struct {
	Name               string `json:"name"`
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind"`
}

const helpBase = "https://github.com/cachelint/cachelint/blob/main/docs/checks.md#"

func (x *SARIF) begin() {
	x.begun = true
	var rules []sarifRule
	for _, r := range x.rules {
		sr := sarifRule{
			ID:               r.Name,
			Name:             r.SARIFName,
			ShortDescription: sarifMessage{Text: r.Summary},
			FullDescription:  sarifMessage{Text: r.Summary + ". " + strings.SplitN(r.Help, "\n\n", 2)[0]},
			Help:             sarifMessage{Text: r.Help, Markdown: r.Help},
			HelpURI:          helpBase + r.Name,
		}
		sr.DefaultConfiguration.Level = r.Severity
		rules = append(rules, sr)
	}
	driver := map[string]any{
		"name":           "cachelint",
		"informationUri": "https://github.com/cachelint/cachelint",
		"rules":          rules,
	}
	if x.opts.ToolVersion != "" {
		driver["version"] = x.opts.ToolVersion
	}
	run := map[string]any{"tool": map[string]any{"driver": driver}}
	if x.opts.SrcRoot != "" {
		root := fileURI(x.opts.SrcRoot)
		if !strings.HasSuffix(root, "/") {
			root += "/"
		}
		run["originalUriBaseIds"] = map[string]any{SrcRoot: map[string]string{"uri": root}}
	}
	b, _ := json.Marshal(run)
	// The run's results follow, streamed: cut the run's closing brace.
	x.w.WriteString(`{"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": [`)
	x.w.Write(b[:len(b)-1])
	x.w.WriteString(`, "results": [` + "\n")
}

// Struct adds the findings of r on s. Each is located at the declaration
// of the member it points at (of the struct when it points at none or the
// member's is unknown; in the artifact being read when neither is known),
// and logically at the member or the struct.
func (x *SARIF) Struct(s *layout.Struct, r *reorg.Result) error {
	for _, f := range r.Findings {
		res := SARIFResult{Rule: f.Check.Name, Message: s.Keyword() + " " + s.Name + ": " + f.Message,
			File: s.DeclFile, Line: s.DeclLine, Struct: s.Name}
		if f.Member >= 0 && f.Member < len(s.Members) {
			m := &s.Members[f.Member]
			if m.DeclFile != "" {
				res.File, res.Line = m.DeclFile, m.DeclLine
			}
			res.Member = m.Name
		}
		if res.File == "" {
			res.File, res.Line = x.Artifact, 0
		}
		if err := x.Result(res); err != nil {
			return err
		}
	}
	return nil
}

// Result adds one result.
func (x *SARIF) Result(r SARIFResult) error {
	if !x.begun {
		x.begin()
	}
	index, level := 0, "warning"
	for i, rule := range x.rules {
		if rule.Name == r.Rule {
			index, level = i, rule.Severity
		}
	}
	// Code scanning shows a result only at a line (GH1003): one with none,
	// located in a binary, is at its first.
	loc := sarifLocation{Physical: sarifPhysical{Artifact: x.artifact(r.File), Region: &sarifRegion{StartLine: 1}}}
	if r.Line > 0 {
		loc.Physical.Region = &sarifRegion{r.Line, r.Column}
	}
	switch {
	case r.Member != "":
		loc.Logical = []sarifLogical{{r.Member, r.Struct + "." + r.Member, "member"}}
	case r.Struct != "":
		loc.Logical = []sarifLogical{{r.Struct, r.Struct, "type"}}
	}
	res := sarifResult{RuleID: r.Rule, RuleIndex: index, Level: level, Message: sarifMessage{Text: r.Message}, Locations: []sarifLocation{loc}}
	for _, f := range r.Fixes {
		res.Fixes = append(res.Fixes, x.fix(f))
	}
	b, err := json.Marshal(res)
	if err != nil {
		return err
	}
	if x.n > 0 {
		x.w.WriteString(",\n")
	}
	x.n++
	_, err = x.w.Write(b)
	return err
}

// fix is f as SARIF's fix object: its edits by file, in the order the
// files come first.
func (x *SARIF) fix(f SARIFFix) sarifFix {
	out := sarifFix{}
	if f.Description != "" {
		out.Description = &sarifMessage{Text: f.Description}
	}
	at := map[string]int{}
	for _, e := range f.Edits {
		i, ok := at[e.File]
		if !ok {
			i = len(out.Changes)
			at[e.File] = i
			out.Changes = append(out.Changes, sarifArtifactChange{Artifact: x.artifact(e.File)})
		}
		r := sarifReplacement{Deleted: textRegion(e.Src, e.Start, e.End)}
		if e.Text != "" {
			r.Inserted = &struct {
				Text string `json:"text"`
			}{e.Text}
		}
		out.Changes[i].Replacements = append(out.Changes[i].Replacements, r)
	}
	return out
}

// textRegion is bytes [start, end) of src as a region.
func textRegion(src []byte, start, end int) sarifTextRegion {
	pos := func(off int) (line, col int) {
		before := src[:off]
		nl := bytes.LastIndexByte(before, '\n')
		return bytes.Count(before, []byte("\n")) + 1, len(utf16.Encode([]rune(string(before[nl+1:])))) + 1
	}
	r := sarifTextRegion{ByteOffset: start, ByteLength: end - start}
	r.StartLine, r.StartColumn = pos(start)
	r.EndLine, r.EndColumn = pos(end)
	return r
}

// artifact names file: by its path from SrcRoot when under it, by an
// absolute file: URI when elsewhere.
func (x *SARIF) artifact(file string) sarifArtifact {
	root := x.opts.SrcRoot
	if root == "" {
		if filepath.IsAbs(file) {
			return sarifArtifact{URI: fileURI(file)}
		}
		return sarifArtifact{URI: relURI(file)}
	}
	abs := file
	if !filepath.IsAbs(file) {
		// A relative path (a DWARF decl_file from a build run in the
		// source tree) is taken as relative to the root.
		abs = filepath.Join(root, file)
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return sarifArtifact{URI: fileURI(abs)}
	}
	return sarifArtifact{URI: relURI(rel), URIBaseID: SrcRoot}
}

// relURI is a relative path as a relative URI reference.
func relURI(p string) string {
	u := url.URL{Path: filepath.ToSlash(filepath.Clean(p))}
	return u.EscapedPath()
}

// fileURI is an absolute path as a file: URI.
func fileURI(p string) string {
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Clean(p))}
	if !strings.HasPrefix(u.Path, "/") {
		u.Path = "/" + u.Path // a Windows drive
	}
	return u.String()
}

// Close ends the log and flushes it.
func (x *SARIF) Close() error {
	if !x.begun {
		x.begin()
	}
	x.w.WriteString("\n]}]}\n")
	return x.w.Flush()
}
