package report

import (
	"bufio"
	"encoding/json"
	"io"

	"github.com/cachelint/cachelint/layout"
)

// ruleText describes each check for SARIF's rule metadata.
var ruleText = map[string]string{
	layout.CheckStraddle:   "A hot field or atomic word crosses a cache-line boundary.",
	layout.CheckSpread:     "The hot fields of a path occupy more cache lines than a reordering needs.",
	layout.CheckFalseShare: "A written hot field shares a cache line with fields other paths or CPUs use.",
	layout.CheckPadding:    "Separator padding fails to separate, or wastes a whole line.",
	layout.CheckBudget:     "The hot fields of a path occupy more lines than their budget.",
}

// SARIF streams findings as a SARIF 2.1.0 log with one run of the tool
// cachelint.
type SARIF struct {
	w     *bufio.Writer
	n     int
	begun bool
}

// NewSARIF starts a SARIF log on w; Close ends it.
func NewSARIF(w io.Writer) *SARIF { return &SARIF{w: bufio.NewWriter(w)} }

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifLocation struct {
	Physical *sarifPhysical `json:"physicalLocation,omitempty"`
	Logical  []sarifLogical `json:"logicalLocations"`
}

type sarifPhysical struct {
	Artifact struct {
		URI string `json:"uri"`
	} `json:"artifactLocation"`
	Region *sarifRegion `json:"region,omitempty"`
}

type sarifRegion struct {
	StartLine int `json:"startLine"`
}

type sarifLogical struct {
	Name               string `json:"name"`
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind"`
}

func (x *SARIF) begin() {
	x.begun = true
	type rule struct {
		ID    string    `json:"id"`
		Short sarifText `json:"shortDescription"`
	}
	var rules []rule
	for _, c := range layout.Checks {
		rules = append(rules, rule{c, sarifText{ruleText[c]}})
	}
	driver, _ := json.Marshal(map[string]any{
		"name":           "cachelint",
		"informationUri": "https://github.com/cachelint/cachelint",
		"rules":          rules,
	})
	x.w.WriteString(`{"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": [{"tool": {"driver": `)
	x.w.Write(driver)
	x.w.WriteString(`}, "results": [` + "\n")
}

// Struct adds the findings of r on s. Each is located at the declaration
// of the member it points at (of the struct when it points at none or the
// member's is unknown), and logically at STRUCT.MEMBER.
func (x *SARIF) Struct(s *layout.Struct, r *layout.Result) error {
	if !x.begun {
		x.begin()
	}
	for _, f := range r.Findings {
		file, line, fq := s.DeclFile, s.DeclLine, s.Name
		if f.Member >= 0 && f.Member < len(s.Members) {
			m := &s.Members[f.Member]
			if m.DeclFile != "" {
				file, line = m.DeclFile, m.DeclLine
			}
			if m.Name != "" {
				fq += "." + m.Name
			}
		}
		loc := sarifLocation{Logical: []sarifLogical{{s.Name, fq, "type"}}}
		if file != "" {
			loc.Physical = &sarifPhysical{}
			loc.Physical.Artifact.URI = file
			if line > 0 {
				loc.Physical.Region = &sarifRegion{line}
			}
		}
		b, err := json.Marshal(sarifResult{f.Check, "warning", sarifText{s.Kind.String() + " " + s.Name + ": " + f.Message}, []sarifLocation{loc}})
		if err != nil {
			return err
		}
		if x.n > 0 {
			x.w.WriteString(",\n")
		}
		x.n++
		x.w.Write(b)
	}
	return nil
}

// Close ends the log and flushes it.
func (x *SARIF) Close() error {
	if !x.begun {
		x.begin()
	}
	x.w.WriteString("\n]}]}\n")
	return x.w.Flush()
}
