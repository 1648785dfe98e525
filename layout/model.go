// Package layout is cachelint's model of a struct's memory layout, the
// cache-line arithmetic over it and the checks.
//
// It is fed by Go source (golayout, from go/types) and by the binary
// readers (dwarfscan, btfscan) alike, so it knows nothing of either:
// members carry byte and bit offsets, sizes and alignments as the compiler
// chose them, plus what annotations, hot files and profiles say about them.
// Every source ends with Prepare; the checks (each a Check value,
// registered in Checks) then judge the struct, and package reorg's
// Analyze runs them and proposes a better order.
package layout

import (
	"fmt"
	"slices"
	"strings"
)

// DefaultPath names the single fast path of a struct whose hot fields name
// no path.
const DefaultPath = "hot"

// Kind says whether a type lays its members out one after another or on top
// of each other.
type Kind uint8

const (
	KindStruct Kind = iota
	KindUnion
)

func (k Kind) String() string {
	if k == KindUnion {
		return "union"
	}
	return "struct"
}

// Keyword is the word that declares s: "struct", "union" or "class".
func (s *Struct) Keyword() string {
	if s.Class {
		return "class"
	}
	return s.Kind.String()
}

// Lang is the language a struct is declared in, which decides what a
// reorganization may move: C code casts a struct to its first member and
// relies on a flexible array ending it; Go has neither, but gc pads after a
// trailing zero-size field.
type Lang uint8

const (
	// LangC is C and every language laid out by the C ABI (C++, and
	// whatever BTF describes): the default for binaries.
	LangC Lang = iota
	// LangGo is Go, from go/types or from the DWARF of a Go binary.
	LangGo
)

func (l Lang) String() string {
	if l == LangGo {
		return "Go"
	}
	return "C"
}

// Struct is one laid-out aggregate type.
type Struct struct {
	Name  string
	Kind  Kind
	Lang  Lang
	Size  int64
	Align int64
	// AlignAttr is the alignment an attribute on the type itself forces
	// (C's struct { ... } __attribute__((aligned(N)))), 0 when none.
	// DWARF says so with DW_AT_alignment; BTF does not, so the BTF reader
	// infers it as pahole does, from padding at the end that the
	// members' alignment does not explain.
	AlignAttr int64
	// AlignsInferred says that the aligned attributes of the struct and its
	// members were inferred from offsets, as for BTF, not read: pahole
	// infers none for zero-size members, and prints none there.
	AlignsInferred bool
	// Class marks a C++ class declared with the class keyword, whose
	// members are private by default; it is laid out as a struct.
	Class bool
	// BaseClasses are a C++ class's direct base classes as its declaration
	// lists them after the name: "Base", "virtual Base", "private Impl".
	BaseClasses []string
	// Members are the top-level members in declaration order. Members of
	// anonymous struct and union members are in Inner of that member.
	Members []Member

	// PadZeroSizeTail is the gc compiler's rule that a struct whose last
	// field has zero size gets one more byte (rounded to its alignment), so
	// that a pointer to that field never points past the object.
	PadZeroSizeTail bool
	// Packed means the members are not at their natural alignment (C
	// __attribute__((packed))); the reorganizer keeps each member's own
	// alignment as the model gives it.
	Packed bool

	// Heap, when set, is the Go allocator that places the struct, which
	// holds pointers or not (that decides the malloc header): the checks
	// count lines at every base it gives objects of the struct. Without
	// it the struct starts on a line boundary, as pahole assumes; that is
	// the rule for C, whose allocators differ by program.
	Heap     *GoHeap
	Pointers bool
	// GlobalAlign, when set, says that the struct's only values are Go
	// package-level variables, which the linker places, not the
	// allocator: each at a multiple of GlobalAlign bytes (the linker's
	// alignment for a variable of the struct's size), after variables no
	// larger, which anyone may write. The checks count lines at each
	// such base, and Heap is not consulted.
	GlobalAlign int64
	// InPlace, when set, says that the struct's values are never heap
	// objects of their own: the program holds them only by value in
	// fields of these structs, heap objects each. The checks count lines
	// where those place it: each container's heap bases plus the field's
	// offset, every container taking an equal share.
	InPlace []Container
	// Elements says that the struct's values are only elements of
	// arrays and slices, by value: they start at multiples of its size
	// from where the array does, not where a size class of its own puts
	// them. A percpu struct is judged so too.
	Elements bool
	// origin is how far past a line boundary the struct starts in a copy
	// made by at, 0 otherwise.
	origin int64
	// PadTo is the size a proposal pads the struct to, to move it into a
	// size class that starts every object at the same place.
	PadTo int64

	PerCPU bool
	// Alone says that the program never writes values of the struct as
	// elements of an array or slice (a Go type no code indexes to write):
	// each is an object of its own, and a pad at its end keeps it from the
	// next object of its size class, not from a next element.
	Alone bool
	// KernelPaths says that the struct's paths are the Linux kernel's fast
	// paths, from its cacheline groups or a net_cachelines table, which
	// run on one CPU at a time for one object: a field written on a path
	// shares its line freely with the other fields of that path (see
	// conflicts).
	KernelPaths bool
	// GroupLimits are the sizes the kernel asserts for cacheline groups of
	// the struct (CACHELINE_ASSERT_GROUP_SIZE): a proposal may grow such a
	// group up to its limit; any other group keeps at most its size.
	GroupLimits []GroupLimit
	// Grow is the bytes a C proposal may add to the struct, which also
	// lets it pad inside a cacheline group (within the group's limit);
	// 0 keeps the struct its size.
	Grow int64
	// Variations are the members whose size, or the bytes in front of
	// which, differ in the other configurations the struct is built
	// with (see Variation): a C proposal is scored at every layout they
	// give. nil judges the binary's own configuration alone.
	Variations []Variation
	Budgets    []Budget
	Ignores    []Ignore

	DeclFile string
	DeclLine int
}

// Member is one member of a struct.
type Member struct {
	Name string // "" for an anonymous member (C), "_" for a Go blank field
	Type string // the type as the source language spells it
	// Offset is the byte offset from the start of the struct; for a
	// bit-field, the offset of its storage unit.
	Offset int64
	// Size is the size in bytes; for a bit-field, the size of its storage
	// unit.
	Size int64
	// Align is the member's alignment as pahole reports it: its type's,
	// raised by an aligned attribute on a member that takes space.
	Align int64
	// AlignAttr is the alignment an attribute on the member itself forces
	// (C __attribute__((aligned(N))), the kernel's ____cacheline_aligned),
	// 0 when none, zero-size members included (a kernel group's aligned
	// begin marker, an aligned flexible array). DWARF says so with
	// DW_AT_alignment; BTF does not, so the BTF reader infers it as pahole
	// does, from a member lying further past the previous one than its
	// type's alignment explains. A reorganization keeps it.
	AlignAttr int64
	// BitOffset is the absolute bit offset from the start of the struct.
	BitOffset int64
	// BitSize is the width of a bit-field, 0 otherwise.
	BitSize int64
	// ElemSize is the size of one element when the member is an array, 0
	// otherwise; straddle checks arrays per element.
	ElemSize int64
	// Atomic is the width of one atomic access to the member (AtomicWidth),
	// 0 when the program does not update it atomically. The member is a
	// run of such words: an array of atomic_t is 4-byte words, a Go
	// atomic.Value two 8-byte words each accessed on its own. A word that
	// crosses a line is a split lock; the member as a whole may cross
	// freely.
	Atomic int64
	// Padding marks a member whose only purpose is to take space (a Go
	// blank array field or cpu.CacheLinePad, a C pad array).
	Padding bool
	// Embedded marks a Go embedded field or a C anonymous member.
	Embedded bool
	// Aggregate marks a member whose type is a struct or union, through
	// typedefs and qualifiers: C code casts a pointer to a struct to the
	// type of such a first member (the kernel's inet_csk(sk)).
	Aggregate bool
	// Unit groups members that must stay together, in order, when the
	// struct is reorganized: bit-fields sharing a storage unit, names
	// declared together. Members of one unit have the same non-zero Unit;
	// 0 means the member stands alone.
	Unit int
	// Access is a C++ member's access, "public", "protected" or
	// "private", the default of its class or struct where the
	// declaration gives none; "" in C and Go, and in a union.
	Access string
	// Inner holds the members of an anonymous struct or union member, with
	// offsets relative to the outer struct.
	Inner []Member

	// Expansion is what pahole prints of the member's type beyond its
	// spelling: with -E, nil when the reader was not asked to expand
	// types; and always the attributes of an unnamed struct in Inner and
	// the enumerators of an unnamed enum. nil
	// when there is nothing to print: a pointer, as most members have none
	// and readers share them.
	Expansion *Expansion

	Hot   *Hot
	Group string // the kernel cacheline group the member lies in, if any
	// Side numbers, from 1, the run of top-level members between the
	// declaration's separator pads the member lies in (MarkApart); 0 when
	// unknown. Written hot members on different sides stay on different
	// lines even when they are hot on the same paths.
	Side int
	// Pinned keeps the member at its offset in any reorganization (a
	// hot-file "pin" line, //cachelint:pin): code the struct's declaration
	// does not show depends on where it is.
	Pinned bool
	// Parts are, for a hot member whose type is a struct, the bytes of it
	// the paths touch (EmbedHot): the checks count them instead of the
	// member's whole extent. nil for any other member.
	Parts []HotPart
	// Join names a kernel cacheline group a hot file lets a proposal move
	// the member into ("" for none): hot members outside every group stay
	// outside otherwise, as the kernel placed them.
	Join string

	DeclFile string
	DeclLine int
}

// GroupLimit is the size a kernel cacheline group may take.
type GroupLimit struct {
	Group string
	Size  int64
	// Where is the assertion that sets it, FILE:LINE, with the assertion
	// as the source spells it when it is the kernel's.
	Where  string
	Assert string
}

// Expansion is what pahole -E (--expand_types) shows of a member's type.
type Expansion struct {
	// Typedefs names the typedefs that the type, or an array's element
	// type, goes through before reaching a type that is no typedef,
	// outermost first ("uint32_t", "__uint32_t"); Resolved is the
	// member's Type with them resolved ("unsigned int"). pahole -E prints
	// both: "/* typedef uint32_t -> __uint32_t */ unsigned int". Empty
	// when the type is no typedef (a qualified one included, as pahole
	// does not follow it).
	Typedefs []string
	Resolved string
	// Def is the struct or union the member is, or is an array of,
	// through Typedefs or const, with offsets from its own start: pahole
	// -E prints its members inline, recursively. nil for any other type
	// and for an unnamed struct or union reached without a typedef (its
	// members are in Inner). Readers convert each such type once and
	// share it among the members that use it: Def is read-only.
	Def *Struct
	// Packed and AlignAttr are those of the unnamed struct whose members
	// are in Inner (Struct.Packed, Struct.AlignAttr): pahole prints them
	// after its closing brace, as after a named struct's.
	Packed    bool
	AlignAttr int64
	// Enum is the unnamed enum the member is, or is an array of (with -E,
	// also through Typedefs): pahole prints its enumerators in place.
	// Readers share it among the members of that type: read-only.
	Enum *Enum
	// Pointee is the unnamed struct or union the member points to, with
	// offsets from its own start: pahole prints its members in place,
	// then "} * name". Shared like Def: read-only.
	Pointee *Struct
}

// Enum is an enum type's definition.
type Enum struct {
	Size        int64
	Enumerators []Enumerator
	// Unsigned says the values are Size-byte unsigned numbers, as BTF
	// keeps them; otherwise they are as DWARF gives them, signed where
	// its form is.
	Unsigned bool
}

// Enumerator is one named constant of an enum.
type Enumerator struct {
	Name  string
	Value int64
}

// OrNil returns x, or nil when x says nothing.
func (x Expansion) OrNil() *Expansion {
	if x.Def == nil && len(x.Typedefs) == 0 && !x.Packed && x.AlignAttr == 0 && x.Enum == nil && x.Pointee == nil {
		return nil
	}
	return &x
}

// Hot says that a member is on a fast path.
type Hot struct {
	Paths []string // sorted; never empty once Resolve has run
	Write bool
	// Guard names the member, a lock, that the fast paths hold whenever
	// they touch this one: each access follows the core's own write of the
	// lock, so the lock and the members it guards share lines without
	// false sharing.
	Guard string
	// OuterGuard, from a profile, names (PKG.TYPE.FIELD) a lock of a
	// struct that holds this one in place, held at every access: members
	// with the same one are used by one lock holder at a time.
	OuterGuard string
	// Profiled says a CPU profile gave the mark. A profile carries no
	// core, only the goroutine each sample ran on, told by the function
	// at the bottom of its stack: Goroutines are those whose samples
	// touch the member, Writers those whose samples write it. A line
	// moves between cores for two marks from a profile only when two
	// goroutines run them: another touches one while one writes the
	// other.
	Profiled            bool
	Goroutines, Writers []Goroutine
	// Wrote, from a profile, names the members of the struct (sorted)
	// that every function busy with this one writes, on some sampled line
	// however seldom: the code using this member writes them as well.
	Wrote []string
	// Unsampled, from a profile, are the sets of members of the struct
	// (names, sorted; this one among them) that one function no sample
	// is in reads together, not writing them: code the profile did not
	// see, which the declared order may serve (theine's RBMutex.RLock
	// fast path, reading rslots, rmask and rbias).
	Unsampled [][]string
	// Few says the mark is a profile's on a type no slice, map, array or
	// channel holds and no loop makes: its values are few, so the mark
	// says which code runs, not that many objects are visited in turn,
	// and spread does not count it.
	Few bool
}

// Container is a field of another struct, a Go heap object, that holds
// a struct in place.
type Container struct {
	Field string // TYPE.FIELD, for messages
	// Offset is the field's offset in the container, Size and Pointers
	// the container's, which set where the allocator starts it.
	Offset, Size int64
	Pointers     bool
}

// Goroutine names the goroutines of a profile's samples by the function
// a go statement started them with (main.main for the main goroutine).
type Goroutine struct {
	Func string
	// Many says one go statement starts many goroutines of Func: in a
	// loop, or testing.B.RunParallel's, one per core.
	Many bool
	// Phases, for a profile of benchmarks, which run one after another,
	// names the benchmarks the goroutine may have run in (comma-separated,
	// sorted); "" when unknown. Goroutines of no common benchmark never
	// run at once.
	Phases string
}

func (g Goroutine) String() string {
	if g.Many {
		return g.Func + " (many)"
	}
	return g.Func
}

// String renders h as the annotation that would declare it.
func (h *Hot) String() string {
	var b strings.Builder
	b.WriteString("hot")
	if h.Write {
		b.WriteString(" write")
	}
	if len(h.Paths) > 0 {
		b.WriteString(" path=" + strings.Join(h.Paths, ","))
	}
	if h.Guard != "" {
		b.WriteString(" guard=" + h.Guard)
	}
	return b.String()
}

// On reports whether h is hot on path p.
func (h *Hot) On(p string) bool {
	if h == nil {
		return false
	}
	_, ok := slices.BinarySearch(h.Paths, p)
	return ok
}

// Budget limits the lines the hot fields of a path may occupy.
type Budget struct {
	Path  string // "" for every path
	Lines int
}

// Ignore silences checks on a struct.
type Ignore struct {
	Checks []string // check names and kinds (splitlock); empty for every check
	Reason string
}

// Ignored reports whether the ignore directives of s silence the check or
// kind of problem named word.
func (s *Struct) Ignored(word string) bool {
	for _, ig := range s.Ignores {
		if len(ig.Checks) == 0 || slices.Contains(ig.Checks, word) {
			return true
		}
	}
	return false
}

// End is the offset just past m's last byte.
func (m *Member) End() int64 { return m.Offset + m.Size }

// Label names m in messages: its name, or where it lies when it is an
// anonymous struct or union.
func (m *Member) Label() string {
	if m.Name != "" {
		return m.Name
	}
	return fmt.Sprintf("<anonymous at offset %d>", m.Offset)
}

// HotWithin is what the lines of m see: m's own hot mark joined with those
// of the members inside it (an anonymous union holding hot fields is hot
// on their paths, written if one of them is); nil when none is hot.
func (m *Member) HotWithin() *Hot {
	var h *Hot
	var walk func(x *Member)
	walk = func(x *Member) {
		if x.Hot != nil {
			if h == nil {
				h = &Hot{}
			}
			h.Paths = append(h.Paths, x.Hot.Paths...)
			h.Write = h.Write || x.Hot.Write
		}
		for i := range x.Inner {
			walk(&x.Inner[i])
		}
	}
	walk(m)
	if h != nil {
		// Sorted, then each once: a member hot on thousands of paths
		// costs their number, not its square.
		slices.Sort(h.Paths)
		h.Paths = slices.Compact(h.Paths)
	}
	return h
}

// IsBitField reports whether m is a bit-field.
func (m *Member) IsBitField() bool { return m.BitSize > 0 }

// Lookup finds the member named name, looking into anonymous members as C
// does. It returns the index of the top-level member that holds it and the
// member itself.
func (s *Struct) Lookup(name string) (int, *Member) {
	for i := range s.Members {
		m := &s.Members[i]
		if m.Name == name {
			return i, m
		}
		if m.Name == "" {
			if in := lookupInner(m.Inner, name); in != nil {
				return i, in
			}
		}
	}
	return -1, nil
}

func lookupInner(ms []Member, name string) *Member {
	for i := range ms {
		if ms[i].Name == name {
			return &ms[i]
		}
		if ms[i].Name == "" {
			if in := lookupInner(ms[i].Inner, name); in != nil {
				return in
			}
		}
	}
	return nil
}

// Validate reports a model that breaks its own invariants: members out of
// order in a struct, members past the end, alignments that are not powers of
// two. Readers call it so that a corrupt input never reaches the checks.
func (s *Struct) Validate() error {
	if s.Size < 0 || s.Align <= 0 || s.Align&(s.Align-1) != 0 {
		return fmt.Errorf("%s %s: bad size %d or alignment %d", s.Kind, s.Name, s.Size, s.Align)
	}
	for i := range s.Members {
		m := &s.Members[i]
		if m.Offset < 0 || m.Size < 0 || m.Offset > s.Size || m.Size > s.Size-m.Offset {
			return fmt.Errorf("%s %s: member %s at %d size %d lies outside the %d-byte type", s.Kind, s.Name, m.Name, m.Offset, m.Size, s.Size)
		}
		if m.Align <= 0 || m.Align&(m.Align-1) != 0 {
			return fmt.Errorf("%s %s: member %s has bad alignment %d", s.Kind, s.Name, m.Name, m.Align)
		}
	}
	return nil
}

// Variation is a place where the struct's layout differs between the
// configurations it is built with, not only the one the binary was: a
// member whose size depends on the configuration (members of its own in
// an #if block, an embedded struct with such members), or the members of
// a conditional block this build lacks, which other builds have in front
// of a member. Every offset after it moves by one of Deltas in some
// build.
type Variation struct {
	// Member is the top-level member it is at.
	Member string
	// Before says the bytes come in front of Member, not at its end.
	Before bool
	// Anchored says the bytes are a block this build lacks, which the
	// source keeps next to Member: a proposal keeps Member between the
	// group markers it lies between, so that the block keeps its place
	// relative to the groups.
	Anchored bool
	// Deltas are the bytes other builds add there (negative: remove).
	Deltas []int64
	// Block, when not 0, joins the variations of one conditional
	// block's members left out, one for each: a build leaves out all of
	// them or none, and a proposal that moves some of them moves their
	// bytes with them.
	Block int
	// Why says what varies, for messages ("the #if IS_ENABLED(CONFIG_X)
	// block on line 12 (tcp_clean_acked)"); "" for Member's own size.
	Why string
}

// AnyPinned reports whether m or a member it holds is pinned.
func AnyPinned(m *Member) bool {
	return m.Pinned || slices.ContainsFunc(m.Inner, func(in Member) bool { return AnyPinned(&in) })
}

// KeptAlign is the alignment a reorganization keeps for m: what the model
// says, as far as m's offset shows it holds (a kernel compat_u64 is a u64
// aligned to 4).
func (m *Member) KeptAlign() int64 {
	a := max(m.Align, m.AlignAttr, 1)
	for a > 1 && m.Offset%a != 0 {
		a /= 2
	}
	return a
}

// ShiftBits moves a member's bit offsets, and those of what it holds, along
// with its bytes.
func ShiftBits(m *Member, d int64) {
	m.BitOffset += d
	if len(m.Inner) == 0 {
		return
	}
	m.Inner = slices.Clone(m.Inner)
	for i := range m.Inner {
		m.Inner[i].Offset += d / 8
		ShiftBits(&m.Inner[i], d)
	}
}

// HotPart is a hot field inside a member whose type is a struct: where it
// lies from the member's start, and how it is hot.
type HotPart struct {
	Name   string // the field's path inside the member, "" for the first line
	Offset int64
	Size   int64
	Hot    *Hot
	// Guess says the part is the first byte of a member whose type marks
	// no field hot: where code that takes its address starts, not what
	// the paths read.
	Guess bool
}
