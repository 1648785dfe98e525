package layout

import "slices"

// Proposal is a reorganized layout of a struct.
type Proposal struct {
	// Struct is the struct with its members in the proposed order at their
	// new offsets. Padding the reorganizer inserted has Padding set and no
	// counterpart in the original.
	Struct *Struct
	// From gives, for each member of Struct, the index of the original
	// member it came from, or -1 for inserted padding.
	From []int
	// Align is the alignment the proposal gives the struct by an attribute
	// (C __attribute__((aligned(N)))), 0 when it keeps the struct's own.
	// Struct.Align includes it.
	Align int64
	// Grown, when the proposal pads a Go heap object into a size class
	// that starts every object at the same place past a line, says so and
	// what it costs; when it makes a C struct a line or more bigger, says
	// by how much and what that buys.
	Grown string
	// Aligned lists the members of Struct the proposal gives an alignment
	// attribute (C's ____cacheline_aligned_in_smp) to start them on a
	// line, in place of a pad array before them.
	Aligned []int
	// Moved names the members the proposal moves: the fewest whose
	// removal leaves the others in their order (see reorg's moved).
	Moved []string
	// Groups are the sizes of the kernel cacheline groups before and
	// after, and what they may take; GroupChanges the members the
	// proposal moves into or out of a group.
	Groups       []GroupSize
	GroupChanges []GroupChange
	// MovedAtLeast is a lower bound on the members any order that puts
	// each path on as few lines as this one must move (reorg's
	// movesAtLeast), 0 when the proposal moves none.
	MovedAtLeast int
	// Configs says which configurations the proposal was judged at: the
	// layouts the struct's Variations give, or, for a C struct without
	// any, this binary's alone.
	Configs string
}

// Isolates reports whether the proposal adds space to start members on
// lines: padding, or alignment on a member.
func (p *Proposal) Isolates() bool { return slices.Contains(p.From, -1) || len(p.Aligned) > 0 }

// KeepsOrder reports whether the proposal keeps every original member in
// its place in the order, changing only padding.
func (p *Proposal) KeepsOrder() bool {
	next := 0
	for _, from := range p.From {
		if from < 0 {
			continue
		}
		if from != next {
			return false
		}
		next++
	}
	return true
}

// Inserted reports whether the i-th proposed member is padding the
// reorganizer added.
func (p *Proposal) Inserted(i int) bool { return p.From[i] < 0 }

// GroupSize is a kernel cacheline group's size in a struct and in its
// proposal.
type GroupSize struct {
	Group string
	// Before and After are the group's sizes, as CACHELINE_ASSERT_GROUP_SIZE
	// measures them, in the struct and in the proposal.
	Before, After int64
	// Limit is what the group may take: its assert (Where), or its size
	// in the struct when Where is "".
	Limit int64
	Where string
}

// GroupChange is a member a proposal moves into or out of a cacheline
// group.
type GroupChange struct {
	Member   string
	From, To string // group names, "" for none
}
