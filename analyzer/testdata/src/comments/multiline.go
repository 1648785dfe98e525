package comments

// afterBlock has a line comment after a multi-line block comment: Go's
// parser makes it the next field's doc, but it follows cold, and stays
// with it.
type afterBlock struct {
	head uint64 /* want `afterBlock: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail` */ //cachelint:hot
	pad  [64]byte
	cold uint64 /* a note
	on two lines */ // of cold
	tail uint64 //cachelint:hot
	x    uint64
}

// directiveAfterBlock has its directive after a multi-line block
// comment: it marks cold, the field it follows, never tail.
type directiveAfterBlock struct {
	head uint64 /* want `directiveAfterBlock: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, cold, tail` */ //cachelint:hot
	pad  [64]byte
	cold uint64 /* a note
	on two lines */ //cachelint:hot
	tail uint64 //cachelint:hot
	x    uint64
}

// chained has three comments after its field, each starting on the line
// the one before ends: all move with cold.
type chained struct {
	head uint64 /* want `chained: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail` */ //cachelint:hot
	pad  [64]byte
	cold uint64 /* one
	two */ /* three
	four */ // five
	tail uint64 //cachelint:hot
}

// sameLine has the next field on the line where a multi-line block
// comment ends (the comment ends the line for Go): the comment is cold's,
// the directive after tail is tail's.
type sameLine struct {
	head uint64 /* want `sameLine: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail` */ //cachelint:hot
	pad  [64]byte
	cold uint64 /* of
	cold */ tail uint64 //cachelint:hot
}

// ownLine has a directive on a line of its own after a multi-line block
// comment: it is tail's doc, and moves with tail; the block comment stays
// with cold.
type ownLine struct {
	head uint64 /* want `ownLine: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail` */ //cachelint:hot
	pad  [64]byte
	cold uint64 /* of
	cold */
	//cachelint:hot
	tail uint64
}

// blockDoc has a multi-line block doc comment with a directive after it,
// before tail: all of it is tail's doc.
type blockDoc struct {
	head uint64 /* want `blockDoc: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail` */ //cachelint:hot
	pad  [64]byte
	/* tail's doc,
	on two lines */ //cachelint:hot
	tail uint64
}

// together has names declared together, with a multi-line block comment
// and a line comment after it: they move as one, with both.
type together struct {
	head uint64 /* want `together: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, e, f` */ //cachelint:hot
	pad  [64]byte
	e, f uint64 /* e and f,
	together */ //cachelint:hot
	g uint64
}

// semis has fields on one line, split by semicolons: each comment is the
// field's it follows.
type semis struct {
	head uint64 /* want `semis: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail` */ //cachelint:hot
	pad  [64]byte
	a    uint64 /* of a */; tail uint64 //cachelint:hot
}

// braceLine has a comment on the line of its opening brace: the
// struct's, it stays there whichever field goes first.
type braceLine struct { // the struct's own
	x    [64]byte
	head uint64 /* want `braceLine: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail` */ //cachelint:hot
	pad  [64]byte
	tail uint64 //cachelint:hot
}

// inlineBefore has a comment in front of a field on its line: it stays
// there, with the field.
type inlineBefore struct {
	head uint64 /* want `inlineBefore: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail` */ //cachelint:hot
	pad  [64]byte
	/* why */ tail uint64 //cachelint:hot
	/* of x */ x uint64
}
