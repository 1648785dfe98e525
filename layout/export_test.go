package layout

// Broken says which of the reorganizer's promises p breaks for s, "" if
// none; tests outside the package check real structs with it.
var Broken = broken

// Describe renders a struct's members for a failure message.
var Describe = describe

// FalselyShared counts the members in s's false-sharing findings at one
// line size.
var FalselyShared = falselyShared

// Propose is the reorganizer, for tests of real structs outside the
// package.
var Propose = propose
