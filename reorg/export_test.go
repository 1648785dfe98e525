package reorg

import "github.com/cachelint/cachelint/layout"

// Broken says which of the reorganizer's promises p breaks for s, "" if
// none; tests outside the package check real structs with it.
var Broken = broken

// Describe renders a struct's members for a failure message.
var Describe = describe

// FalselyShared counts the members in s's false-sharing findings at one
// line size, by layout.Checks.
func FalselyShared(s *layout.Struct, line int64) int { return falselyShared(layout.Checks, s, line) }

// Propose is the reorganizer handed layout.Checks, for tests of real
// structs outside the package.
func Propose(s *layout.Struct, lines []int64) (*layout.Proposal, string) {
	return propose(layout.Checks, s, lines)
}
