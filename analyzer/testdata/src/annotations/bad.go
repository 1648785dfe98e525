// Package annotations holds every kind of annotation error.
package annotations

/* want `//cachelint:hot belongs on a field, not on a type` */ //cachelint:hot
type notAField struct {
	a uint64 /* want `//cachelint:percpu belongs in the doc comment of a struct type, not on a field` */ //cachelint:percpu
	b uint64 /* want `bad path name ""` */ //cachelint:hot path=
	c uint64 /* want `hot: unknown option "read" \(want write, path=NAME\[,NAME\] or guard=FIELD\)` */ //cachelint:hot read
	d uint64 /* want `unknown directive //cachelint:hott: want hot, pin, percpu, budget or ignore` */ //cachelint:hott
	e uint64 /* want `write //cachelint: with no space after //: as written it is an ordinary comment` */ // cachelint:hot
	f uint64 /* want `hot: unknown option "extra"` */ //cachelint:hot write path=tx extra
	g uint64 //cachelint:hot path=tx
	//cachelint:hot
	h uint64 /* want `duplicate //cachelint:hot on one field` */ //cachelint:hot write
	i uint64 /* want `pin takes no arguments, got "here"` */ //cachelint:pin here
	//cachelint:pin
	j uint64 /* want `duplicate //cachelint:pin on one field` */ //cachelint:pin
	k uint64 /* want `hot: guard= given twice` */ //cachelint:hot guard=j guard=i
}

// grouped has the kernel's cacheline group markers, which are not fields.
type grouped struct {
	__cacheline_group_begin__rx [0]byte /* want `__cacheline_group_begin__rx is a cacheline group marker, not a field: mark the group's members \(pinning one keeps the group where it is\)` */ //cachelint:hot
	a                           uint64  //cachelint:hot path=rx
	__cacheline_group_end__rx   [0]byte /* want `__cacheline_group_end__rx is a cacheline group marker, not a field` */ //cachelint:pin
	b                           uint64
}

/* want `//cachelint:pin belongs on a field, not on a type` */ //cachelint:pin
type pinnedType struct {
	a uint64
}

// needsReason is ignored without saying why.
//
/* want `ignore needs a reason` */ //cachelint:ignore spread
/* want `ignore: unknown check "bogus" in "spread,bogus" \(checks: straddle, spread, falseshare, padding, budget\)` */ //cachelint:ignore spread,bogus it is fine
/* want `budget: lines=0 is not a positive integer` */ //cachelint:budget lines=0
//cachelint:budget path=rx lines=2
/* want `budget: unknown option "size=3" \(want \[path=NAME\] lines=N\)` */ //cachelint:budget size=3
/* want `percpu takes no arguments, got "now"` */ //cachelint:percpu now
/* want `empty directive: want hot, pin, percpu, budget or ignore` */ //cachelint:
type needsReason /* want `budget names path rx, which no hot field of needsReason is on \(paths: tx\)` */ struct {
	a uint64 //cachelint:hot path=tx
}

// badGuard names a lock it does not have.
type badGuard /* want `badGuard.a: guard=mu names no other field of badGuard` */ struct {
	a uint64 //cachelint:hot write guard=mu
	b uint64 //cachelint:hot write guard=b
}

//cachelint:budget lines=1
type noHot /* want `budget on noHot, which has no hot fields` */ struct {
	a uint64
}

/* want `misplaced //cachelint:percpu: directives go in the doc comment of a struct type or on a field of one` */ //cachelint:percpu
type notAStruct int

/* want `misplaced //cachelint:hot` */ //cachelint:hot
var notAType int

// generic depends on T and the package instantiates it nowhere, so no
// layout of it can be checked.
type generic /* want `generic is generic: its layout depends on its type arguments, so cachelint does not check it` */ [T any] struct {
	v T //cachelint:hot
}

func f() {
	/* want `misplaced //cachelint:hot` */ //cachelint:hot
	_ = 1
}

// local declares a struct whose layout depends on its type parameter.
func local[T any]() {
	type cell /* want `cell depends on type parameters, so cachelint does not check it` */ struct {
		v T //cachelint:hot
	}
	_ = cell{}
}
