package report

import (
	"bufio"
	"encoding/json"
	"io"

	"github.com/cachelint/cachelint/layout"
	"github.com/cachelint/cachelint/reorg"
)

// JSON streams the structs of one report as the JSON document that
// docs/json.md describes, one struct at a time, so that a whole kernel's
// structs never sit in memory together.
type JSON struct {
	w     *bufio.Writer
	opts  Options
	n     int
	begun bool
}

// NewJSON starts a JSON report on w; Close ends it.
func NewJSON(w io.Writer, o Options) *JSON {
	return &JSON{w: bufio.NewWriter(w), opts: o}
}

// JSONStruct is one element of "structs".
type JSONStruct struct {
	Name       string         `json:"name"`
	Kind       string         `json:"kind"`
	Bases      []string       `json:"bases,omitempty"`
	Size       int64          `json:"size"`
	Align      int64          `json:"align"`
	Cachelines int64          `json:"cachelines"`
	DeclFile   string         `json:"decl_file"`
	DeclLine   int            `json:"decl_line"`
	Members    []JSONMember   `json:"members"`
	Holes      []Hole         `json:"holes"`
	HotLines   map[string]int `json:"hot_lines"`
	Findings   []JSONFinding  `json:"findings"`
	// Proposal is null without Options.Reorg and when there is no
	// proposal; NoFix then says why, if a fix was sought. Remains says
	// what a proposal leaves unfixed and why.
	Proposal *JSONProposal `json:"proposal"`
	NoFix    string        `json:"no_fix,omitempty"`
	Remains  string        `json:"remains,omitempty"`
	// Needs says what a better order would need of the kernel
	// cacheline groups' sizes (reorg.Result.Needs).
	Needs string `json:"needs,omitempty"`
}

// JSONMember is a top-level member.
type JSONMember struct {
	Name      string   `json:"name"`
	Type      string   `json:"type"`
	Access    string   `json:"access,omitempty"`
	Offset    int64    `json:"offset"`
	Size      int64    `json:"size"`
	BitOffset int64    `json:"bit_offset"`
	BitSize   int64    `json:"bit_size"`
	Hot       *JSONHot `json:"hot"`
	Group     string   `json:"group"`
	// AlignAttr is the alignment an attribute on the member forces, 0
	// (left out) for none.
	AlignAttr int64 `json:"align_attr,omitempty"`
}

// JSONHot is a member's hot mark.
type JSONHot struct {
	Paths []string `json:"paths"`
	Write bool     `json:"write"`
	// Guard names the lock held whenever the field is touched
	// (guard=FIELD), "" when none is.
	Guard string `json:"guard,omitempty"`
}

// JSONFinding is one finding: LineSize is the first line size it holds at
// and the one its message details, LineSizes every one.
type JSONFinding struct {
	Check     string   `json:"check"`
	LineSize  int64    `json:"line_size"`
	Message   string   `json:"message"`
	Members   []string `json:"members"`
	LineSizes []int64  `json:"line_sizes"`
}

// JSONProposal is the reorganized layout.
type JSONProposal struct {
	Members []JSONMember `json:"members"`
	Size    int64        `json:"size"`
	// Align is the alignment to give the struct with an attribute, 0 for
	// none.
	Align    int64          `json:"align"`
	HotLines map[string]int `json:"hot_lines"`
	// Grown says how much bigger the proposal makes the struct and what
	// that buys, "" (left out) when it does not grow it.
	Grown string `json:"grown,omitempty"`
	// Moved names the members the proposal moves, the fewest whose
	// removal leaves the others in their order: what a patch moves.
	Moved []string `json:"moved"`
	// MovedAtLeast is a lower bound on the members any order with these
	// hot lines moves, 0 (left out) when the proposal moves none.
	MovedAtLeast int `json:"moved_at_least,omitempty"`
	// Configs says which configurations the proposal was judged at.
	Configs string `json:"configs,omitempty"`
	// Groups are the kernel cacheline groups' sizes before and after;
	// GroupChanges the members that enter or leave a group.
	Groups       []JSONGroup       `json:"groups,omitempty"`
	GroupChanges []JSONGroupChange `json:"group_changes,omitempty"`
}

// JSONGroup is a kernel cacheline group's size in the struct and in the
// proposal, and what it may take: its assertion (Assert, at Where), or its
// size when there is none.
type JSONGroup struct {
	Name   string `json:"name"`
	Before int64  `json:"before"`
	After  int64  `json:"after"`
	Limit  int64  `json:"limit"`
	Where  string `json:"where,omitempty"`
}

// JSONGroupChange is a member that a proposal moves into or out of a
// cacheline group; From or To is "" for none.
type JSONGroupChange struct {
	Member string `json:"member"`
	From   string `json:"from"`
	To     string `json:"to"`
}

// Struct encodes s and what r found in it.
func (j *JSON) Struct(s *layout.Struct, r *reorg.Result) error {
	if !j.begun {
		j.begin()
	}
	if j.n > 0 {
		j.w.WriteString(",\n")
	}
	j.n++
	b, err := json.Marshal(jsonStructOf(s, r, j.opts))
	if err != nil {
		return err
	}
	_, err = j.w.Write(b)
	return err
}

func (j *JSON) begin() {
	j.begun = true
	b, _ := json.Marshal(j.opts.line())
	j.w.WriteString(`{"line_size": ` + string(b) + `, "structs": [` + "\n")
}

// Close ends the document and flushes it.
func (j *JSON) Close() error {
	if !j.begun {
		j.begin()
	}
	j.w.WriteString("\n]}\n")
	return j.w.Flush()
}

// jsonStructOf is the JSON form of s and r.
func jsonStructOf(s *layout.Struct, r *reorg.Result, o Options) JSONStruct {
	line := o.line()
	js := JSONStruct{
		Name: s.Name, Kind: s.Keyword(), Bases: s.BaseClasses, Size: s.Size, Align: s.Align, Cachelines: s.Lines(line),
		DeclFile: s.DeclFile, DeclLine: s.DeclLine,
		Members:  jsonMembers(s.Members),
		Holes:    Holes(s),
		HotLines: hotLines(s, line),
		Findings: []JSONFinding{},
	}
	if js.Holes == nil {
		js.Holes = []Hole{}
	}
	if r == nil {
		return js
	}
	for _, f := range r.Findings {
		names := f.Members
		if names == nil {
			names = []string{}
		}
		js.Findings = append(js.Findings, JSONFinding{f.Check.Name, f.LineSize, f.Message, names, f.LineSizes})
	}
	if o.Reorg {
		js.NoFix, js.Remains, js.Needs = r.NoFix, r.Remains, r.Needs
		if r.Proposal != nil {
			ps := cStruct(r.Proposal)
			hl := map[string]int{}
			for _, p := range s.Paths() {
				hl[p] = ps.HotLines(p, line)
			}
			js.Proposal = &JSONProposal{Members: jsonMembers(ps.Members), Size: ps.Size, Align: r.Proposal.Align, HotLines: hl, Grown: r.Proposal.Grown,
				Moved: r.Proposal.Moved, MovedAtLeast: r.Proposal.MovedAtLeast, Configs: r.Proposal.Configs}
			if js.Proposal.Moved == nil {
				js.Proposal.Moved = []string{}
			}
			for _, g := range r.Proposal.Groups {
				js.Proposal.Groups = append(js.Proposal.Groups, JSONGroup{g.Group, g.Before, g.After, g.Limit, g.Where})
			}
			for _, c := range r.Proposal.GroupChanges {
				js.Proposal.GroupChanges = append(js.Proposal.GroupChanges, JSONGroupChange{c.Member, c.From, c.To})
			}
		}
	}
	return js
}

func jsonMembers(ms []layout.Member) []JSONMember {
	out := make([]JSONMember, len(ms))
	for i := range ms {
		m := &ms[i]
		out[i] = JSONMember{Name: m.Name, Type: m.Type, Access: m.Access, Offset: m.Offset, Size: m.Size,
			BitOffset: m.BitOffset, BitSize: m.BitSize, Group: m.Group, AlignAttr: m.AlignAttr}
		if h := m.HotWithin(); h != nil {
			out[i].Hot = &JSONHot{Paths: h.Paths, Write: h.Write, Guard: h.Guard}
			if out[i].Hot.Paths == nil {
				out[i].Hot.Paths = []string{}
			}
		}
	}
	return out
}

func hotLines(s *layout.Struct, line int64) map[string]int {
	out := map[string]int{}
	for _, p := range s.Paths() {
		out[p] = s.HotLines(p, line)
	}
	return out
}
