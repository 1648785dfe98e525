package layout

// Broken says which of the reorganizer's promises p breaks for s, "" if
// none; tests outside the package check real structs with it.
var Broken = broken

// Describe renders a struct's members for a failure message.
var Describe = describe

// FalselyShared counts the members in s's false-sharing findings at one
// line size, by Checks.
func FalselyShared(s *Struct, line int64) int { return falselyShared(Checks, s, line) }

// Propose is the reorganizer handed Checks, for tests of real structs
// outside the package.
func Propose(s *Struct, lines []int64) (*Proposal, string) { return propose(Checks, s, lines) }
