// Package pahole reads the text that pahole (v1.24, from dwarves) prints for
// structs and unions, so that cachelint's DWARF and BTF readers can be
// compared with it. The goldens in testdata/pahole are its input.
//
// The parser knows every line shape those goldens contain and fails with
// the line number on anything else, rather than guessing.
package pahole

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// Struct is one top-level struct or union as pahole printed it.
type Struct struct {
	Name string // as printed after the keyword; Go names may contain spaces and braces
	Kind string // "struct" or "union"
	Line int    // line of the opening "struct NAME {"

	// Size is the size from the summary comment. pahole prints no summary
	// for unions; their Size is then the largest member end, and
	// HasSummary is false.
	Size int64
	Summary

	Members []Member

	// Packed and Aligned are the __attribute__((__packed__)) and
	// __attribute__((__aligned__(N))) after the closing brace (inferred by
	// pahole, not read from the debug info).
	Packed  bool
	Aligned int64

	// Fillers counts pahole's own "TYPE :N;" lines (no offset comment)
	// after a bit hole; they are not members of the debug info and are not
	// in Members.
	Fillers int

	// Errors holds pahole's complaints printed inside the body: lines
	// "<ERROR(...)>" (a member it could not print, e.g. an _Atomic one) and
	// "BRAIN FART ALERT!" summaries.
	Errors []string
}

// Summary is what the comments at the end of a body say. Zero values mean
// the line was absent (pahole omits zero counts).
type Summary struct {
	HasSummary bool // a "size: ..., cachelines: ..., members: ..." line was read
	// SummarySize is the size that line gives (Struct.Size is the same
	// when HasSummary).
	SummarySize int64
	Cachelines  int
	// NumMembers is the summary's member count: top-level members (an
	// inline anonymous struct counts as one), without the Fillers.
	NumMembers int

	SumMembers int64 // bytes, "sum members:"
	Holes      int
	SumHoles   int64

	SumBitfieldBits int64 // "sum bitfield members: N bits"
	BitHoles        int
	SumBitHoles     int64 // bits

	PaddingBytes int64 // tail padding, "padding:"
	BitPadding   int64 // bits, "bit_padding:"

	// Paddings counts members whose own type ends in padding ("paddings:
	// N, sum paddings: M").
	Paddings    int
	SumPaddings int64

	ForcedAlignments int
	ForcedHoles      int
	SumForcedHoles   int64

	LastCacheline int64 // bytes used in the last cache line; 0 when absent
}

// Member is one member line, or one inline anonymous struct/union/enum
// block.
type Member struct {
	Name string // "" for an anonymous inline struct or union
	// Type is the type as printed with the name taken out and spaces
	// collapsed: "char[16]", "struct rte_mbuf * *", "void (*)(int)". For an
	// inline block it is the keyword: "struct", "union", "enum",
	// "const struct" (plus array dimensions when the block is an array).
	Type string
	// Decl is the declaration as printed, spaces collapsed, without the
	// ";" and without __attribute__ groups (for an inline block, the part
	// after the closing brace).
	Decl string
	Line int

	Offset int64 // byte offset from the start of the outermost struct
	Size   int64 // bytes; for a bit-field, the size of its storage unit
	// BitOffset is the bit offset within the storage unit at Offset, as
	// pahole prints it in "/* Offset:BitOffset Size */"; BitSize is the
	// width, 0 if the member is not a bit-field.
	BitOffset int64
	BitSize   int64

	Aligned int64 // __attribute__((__aligned__(N))) on the member, 0 if none
	Packed  bool  // __attribute__((__packed__)) on an inline block

	// HoleAfter and BitHoleAfter are the "XXX N bytes hole" / "XXX N bits
	// hole" comments printed after the member; TypePadding is "XXX last
	// struct has N bytes of padding" (the member's type ends in padding).
	HoleAfter    int64
	BitHoleAfter int64
	TypePadding  int64
	// HoleBefore and BitHoleBefore are hole comments printed before the
	// first member of a body (BTF: "XXX 31 bits hole" before a bit-field
	// at bit 31).
	HoleBefore    int64
	BitHoleBefore int64

	// Nested holds the members of an inline struct or union block, with
	// offsets from the start of the outermost struct; Enumerators the
	// "NAME = VALUE" lines of an inline enum block. BlockSummary is set
	// when pahole printed a summary inside the block.
	Nested       []Member
	Enumerators  []string
	BlockSummary *Summary
}

// AbsBitOffset is the member's bit offset from the start of the outermost
// struct.
func (m *Member) AbsBitOffset() int64 { return m.Offset*8 + m.BitOffset }

// IsBitfield reports whether the member is a bit-field.
func (m *Member) IsBitfield() bool { return m.BitSize > 0 }

// Member returns the member named name, looking into anonymous inline
// blocks (as C does: their members are reachable by name) but not into
// named ones. It returns nil if there is none.
func (s *Struct) Member(name string) *Member { return findMember(s.Members, name) }

func findMember(ms []Member, name string) *Member {
	for i := range ms {
		if ms[i].Name == name {
			return &ms[i]
		}
		if ms[i].Name == "" && len(ms[i].Nested) > 0 {
			if m := findMember(ms[i].Nested, name); m != nil {
				return m
			}
		}
	}
	return nil
}

// Path returns the member reached by a dotted path such as "named.lo"
// (anonymous blocks are looked through at each step), or nil.
func (s *Struct) Path(path string) *Member {
	ms := s.Members
	var m *Member
	for _, part := range strings.Split(path, ".") {
		if m = findMember(ms, part); m == nil {
			return nil
		}
		ms = m.Nested
	}
	return m
}

// Lookup returns the first struct or union named name.
func Lookup(structs []Struct, name string) (*Struct, bool) {
	for i := range structs {
		if structs[i].Name == name {
			return &structs[i], true
		}
	}
	return nil, false
}

// ParseError is a line the parser cannot read.
type ParseError struct {
	Line int
	Text string
	Msg  string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("pahole: line %d: %s: %q", e.Line, e.Msg, e.Text)
}

// ReadGolden parses a pahole output file, gunzipping it when its name ends
// in ".gz".
func ReadGolden(path string) ([]Struct, error) {
	lines, err := GoldenLines(path)
	if err != nil {
		return nil, err
	}
	s, err := Parse(strings.NewReader(strings.Join(lines, "\n")))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// GoldenLines returns the lines of a recorded pahole output, gunzipped
// when the name ends in .gz.
func GoldenLines(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		defer zr.Close()
		r = zr
	}
	var lines []string
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return lines, nil
}

var (
	reOpenTop  = regexp.MustCompile(`^(struct|union) (.+) \{$`)
	reOpenIn   = regexp.MustCompile(`^((?:const |volatile )*(?:struct|union|enum)) \{$`)
	reOffset   = regexp.MustCompile(`^(.*;)\s*/\*\s*(-?\d+)(?::\s*(-?\d+))?\s+(-?\d+)\s*\*/$`)
	reFiller   = regexp.MustCompile(`^[^;{}]*\S\s+:(\d+);$`)
	reAttr     = regexp.MustCompile(`\s*__attribute__\(\((__packed__|__aligned__\((\d+)\))\)\)`)
	reBits     = regexp.MustCompile(`\s*:(\d+)$`)
	reFnName   = regexp.MustCompile(`\(\*\s*([A-Za-z_$][\w$]*)\)`)
	reDims     = regexp.MustCompile(`(\[\d*\])+$`)
	reSpaces   = regexp.MustCompile(`\s+`)
	reEnumItem = regexp.MustCompile(`^[A-Za-z_]\w*\s*=\s*-?\d+,$`)
	reHole     = regexp.MustCompile(`^XXX (\d+) (bytes?|bits?) hole, try to pack$`)
	reTypePad  = regexp.MustCompile(`^XXX last struct has (\d+) bytes? of padding$`)
	reBoundary = regexp.MustCompile(`^--- cacheline \d+ boundary \(\d+ bytes\)( was \d+ bytes? ago)? ---$`)
	reSize     = regexp.MustCompile(`^size: (\d+), cachelines: (\d+), members: (\d+)$`)
	reSumMem   = regexp.MustCompile(`^sum members: (\d+)(?:, holes: (\d+), sum holes: (\d+))?$`)
	reSumBits  = regexp.MustCompile(`^sum bitfield members: (\d+) bits(?:, bit holes: (\d+), sum bit holes: (\d+) bits| \(\d+ bytes\))?$`)
	rePadding  = regexp.MustCompile(`^padding: (-?\d+)$`)
	reBitPad   = regexp.MustCompile(`^bit_padding: (\d+) bits$`)
	rePaddings = regexp.MustCompile(`^paddings: (\d+), sum paddings: (\d+)$`)
	reForced   = regexp.MustCompile(`^forced alignments: (\d+)(?:, forced holes: (\d+), sum forced holes: (\d+))?$`)
	reLastLine = regexp.MustCompile(`^last cacheline: (\d+) bytes$`)
)

// frame is one open brace: the top-level struct or an inline block.
type frame struct {
	kind    string // keyword(s) before "{"
	line    int
	members []Member
	enums   []string
	summary Summary
	// holes printed before the first member, for it
	holeBefore, bitHoleBefore int64
}

func (f *frame) add(m Member) {
	if len(f.members) == 0 {
		m.HoleBefore, m.BitHoleBefore = f.holeBefore, f.bitHoleBefore
	}
	f.members = append(f.members, m)
}

// Parse reads pahole's output: any number of "struct NAME { ... };" and
// "union NAME { ... };" blocks separated by nothing or blank lines.
func Parse(r io.Reader) ([]Struct, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1024*1024)
	var (
		out    []Struct
		cur    *Struct
		stack  []*frame
		lineNo int
	)
	for sc.Scan() {
		lineNo++
		raw := sc.Text()
		text := strings.TrimSpace(raw)
		fail := func(msg string) error {
			return &ParseError{Line: lineNo, Text: raw, Msg: msg}
		}
		if cur == nil {
			if text == "" {
				continue
			}
			m := reOpenTop.FindStringSubmatch(text)
			if m == nil {
				return nil, fail("expected \"struct NAME {\" or \"union NAME {\"")
			}
			cur = &Struct{Kind: m[1], Name: m[2], Line: lineNo}
			stack = []*frame{{kind: m[1], line: lineNo}}
			continue
		}
		top := stack[len(stack)-1]
		switch {
		case text == "":
			continue

		case strings.HasPrefix(text, "<ERROR("):
			cur.Errors = append(cur.Errors, text)

		case strings.HasPrefix(text, "/*") && strings.HasSuffix(text, "*/"):
			c := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(text, "/*"), "*/"))
			if strings.HasPrefix(c, "BRAIN FART ALERT!") {
				cur.Errors = append(cur.Errors, c)
				continue
			}
			if err := comment(top, c); err != nil {
				return nil, fail(err.Error())
			}

		case top.kind == "enum" && reEnumItem.MatchString(text):
			top.enums = append(top.enums, strings.TrimSuffix(text, ","))

		case strings.HasSuffix(text, "{"):
			m := reOpenIn.FindStringSubmatch(text)
			if m == nil {
				return nil, fail("unknown block opening")
			}
			stack = append(stack, &frame{kind: m[1], line: lineNo})

		case strings.HasPrefix(text, "}"):
			if len(stack) == 1 {
				rest, packed, aligned := stripAttrs(strings.TrimPrefix(text, "}"))
				if strings.TrimSpace(rest) != ";" {
					return nil, fail("bad closing line")
				}
				cur.Packed, cur.Aligned = packed, aligned
				cur.Members = top.members
				cur.Summary = top.summary
				if cur.HasSummary {
					cur.Size = top.summary.SummarySize
				} else {
					for _, m := range cur.Members {
						cur.Size = max(cur.Size, m.Offset+m.Size)
					}
				}
				out = append(out, *cur)
				cur, stack = nil, nil
				continue
			}
			m := reOffset.FindStringSubmatch(text)
			if m == nil {
				return nil, fail("inline block closing without an offset comment")
			}
			mem, err := member(top.kind+" "+strings.TrimPrefix(m[1], "}"), m, lineNo, true)
			if err != nil {
				return nil, fail(err.Error())
			}
			mem.Nested, mem.Enumerators = top.members, top.enums
			if top.summary.HasSummary {
				s := top.summary
				mem.BlockSummary = &s
			}
			stack = stack[:len(stack)-1]
			parent := stack[len(stack)-1]
			parent.add(mem)

		default:
			if m := reOffset.FindStringSubmatch(text); m != nil {
				mem, err := member(m[1], m, lineNo, false)
				if err != nil {
					return nil, fail(err.Error())
				}
				top.add(mem)
				continue
			}
			if reFiller.MatchString(text) {
				cur.Fillers++
				continue
			}
			return nil, fail("unrecognized line")
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("pahole: line %d: %w", lineNo+1, err)
	}
	if cur != nil {
		return nil, &ParseError{Line: lineNo, Msg: fmt.Sprintf("end of input inside %s %s opened at line %d", cur.Kind, cur.Name, cur.Line)}
	}
	return out, nil
}

// member parses a member declaration decl (ending in ";") whose offset
// comment matched m.
func member(decl string, m []string, line int, block bool) (Member, error) {
	var mem Member
	mem.Line = line
	mem.Offset, _ = strconv.ParseInt(m[2], 10, 64)
	if m[3] != "" {
		mem.BitOffset, _ = strconv.ParseInt(m[3], 10, 64)
	}
	mem.Size, _ = strconv.ParseInt(m[4], 10, 64)

	d := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(decl), ";"))
	d, mem.Packed, mem.Aligned = stripAttrs(d)
	d = reSpaces.ReplaceAllString(strings.TrimSpace(d), " ")
	if bm := reBits.FindStringSubmatchIndex(d); bm != nil {
		mem.BitSize, _ = strconv.ParseInt(d[bm[2]:bm[3]], 10, 64)
		if mem.BitSize == 0 {
			return mem, fmt.Errorf("zero-width bit-field with an offset")
		}
		d = d[:bm[0]]
	} else if m[3] != "" {
		return mem, fmt.Errorf("bit offset on a member that is not a bit-field")
	}
	if mem.BitSize > 0 && m[3] == "" {
		return mem, fmt.Errorf("bit-field without a bit offset")
	}

	if block {
		// d is "KIND", "KIND name" or "KIND name[dims]".
		kw := strings.Fields(d)
		kind := strings.Join(kw[:len(kw)-1], " ")
		last := kw[len(kw)-1]
		if last == "struct" || last == "union" || last == "enum" {
			mem.Type = d
			return mem, nil
		}
		dims := reDims.FindString(last)
		mem.Name = strings.TrimSuffix(last, dims)
		mem.Type = kind + dims
		mem.Decl = strings.TrimSpace(strings.TrimPrefix(d, kind))
		if !validName(mem.Name) {
			return mem, fmt.Errorf("bad member name %q", mem.Name)
		}
		return mem, nil
	}

	mem.Decl = d
	if fm := reFnName.FindStringSubmatchIndex(d); fm != nil {
		mem.Name = d[fm[2]:fm[3]]
		mem.Type = d[:fm[0]] + "(*)" + d[fm[1]:]
		mem.Type = strings.TrimSpace(mem.Type)
		return mem, nil
	}
	dims := reDims.FindString(d)
	base := strings.TrimSuffix(d, dims)
	i := strings.LastIndexByte(base, ' ')
	if i < 0 {
		return mem, fmt.Errorf("no type before the member name")
	}
	mem.Name = base[i+1:]
	mem.Type = base[:i] + dims
	if !validName(mem.Name) {
		return mem, fmt.Errorf("bad member name %q", mem.Name)
	}
	return mem, nil
}

func validName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r == '*' || r == '(' || r == ')' || r == '[' || r == ']' || r == '{' || r == '}' || r == ';' || r == ',' {
			return false
		}
	}
	return true
}

// stripAttrs removes the __packed__ and __aligned__(N) attribute groups
// from s.
func stripAttrs(s string) (rest string, packed bool, aligned int64) {
	for _, m := range reAttr.FindAllStringSubmatch(s, -1) {
		if m[1] == "__packed__" {
			packed = true
		} else {
			n, _ := strconv.ParseInt(m[2], 10, 64)
			aligned = max(aligned, n)
		}
	}
	return reAttr.ReplaceAllString(s, ""), packed, aligned
}

// comment applies the comment body c (without "/*" and "*/") to frame f.
func comment(f *frame, c string) error {
	last := func() *Member {
		if len(f.members) == 0 {
			return nil
		}
		return &f.members[len(f.members)-1]
	}
	atoi := func(s string) int64 {
		n, _ := strconv.ParseInt(s, 10, 64)
		return n
	}
	s := &f.summary
	if m := reHole.FindStringSubmatch(c); m != nil {
		l := last()
		if l == nil {
			if strings.HasPrefix(m[2], "bit") {
				f.bitHoleBefore += atoi(m[1])
			} else {
				f.holeBefore += atoi(m[1])
			}
			return nil
		}
		if strings.HasPrefix(m[2], "bit") {
			l.BitHoleAfter += atoi(m[1])
		} else {
			l.HoleAfter += atoi(m[1])
		}
		return nil
	}
	if m := reTypePad.FindStringSubmatch(c); m != nil {
		l := last()
		if l == nil {
			return fmt.Errorf("padding note before the first member")
		}
		l.TypePadding = atoi(m[1])
		return nil
	}
	switch c {
	case "Force alignment to the next boundary:",
		"Bitfield combined with next fields",
		"Bitfield combined with previous fields":
		return nil
	}
	if reBoundary.MatchString(c) {
		return nil
	}
	if m := reSize.FindStringSubmatch(c); m != nil {
		s.HasSummary = true
		s.SummarySize = atoi(m[1])
		s.Cachelines = int(atoi(m[2]))
		s.NumMembers = int(atoi(m[3]))
		return nil
	}
	if !s.HasSummary {
		return fmt.Errorf("summary comment before the size line")
	}
	var m []string
	match := func(re *regexp.Regexp) bool {
		m = re.FindStringSubmatch(c)
		return m != nil
	}
	switch {
	case match(reSumMem):
		s.SumMembers, s.Holes, s.SumHoles = atoi(m[1]), int(atoi(m[2])), atoi(m[3])
	case match(reSumBits):
		s.SumBitfieldBits, s.BitHoles, s.SumBitHoles = atoi(m[1]), int(atoi(m[2])), atoi(m[3])
	case match(rePadding):
		s.PaddingBytes = atoi(m[1])
	case match(reBitPad):
		s.BitPadding = atoi(m[1])
	case match(rePaddings):
		s.Paddings, s.SumPaddings = int(atoi(m[1])), atoi(m[2])
	case match(reForced):
		s.ForcedAlignments, s.ForcedHoles, s.SumForcedHoles = int(atoi(m[1])), int(atoi(m[2])), atoi(m[3])
	case match(reLastLine):
		s.LastCacheline = atoi(m[1])
	default:
		return fmt.Errorf("unknown comment")
	}
	return nil
}
