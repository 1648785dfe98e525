package comments

// ring gets a fix that keeps every comment once, where it was.
type ring struct {
	head uint64 /* want `ring: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail` */ //cachelint:hot
	cfg  struct {
		// the mode
		mode int // how it runs
		/* alone */
		flags int
	}
	e, f /* inside */ uint64
	pad  [64]byte
	tag  string `json:"tag"
	xml:"tag"`
	// before tail

	tail uint64 //cachelint:hot
	// at the end
}

func local() {
	// nested is indented one level deeper; its tag must not be.
	type nested struct {
		head uint64 /* want `nested: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail` */ //cachelint:hot
		pad  [64]byte
		tag  string `a:"1"
b:"2"`
		tail uint64 //cachelint:hot
	}
	_ = nested{}
}

// tagged has a comment after a multi-line tag: it stays on the tag's line.
type tagged struct {
	head uint64 /* want `tagged: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail` */ //cachelint:hot
	pad  [64]byte
	tag  string `json:"tag"
	xml:"t"` // the tag
	//
	tail uint64 //cachelint:hot
}

// tagHot has its hot directive after a multi-line tag, on the line the
// field ends: it marks that field, and moves with it.
type tagHot struct {
	head uint64 /* want `tagHot: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, name` */ //cachelint:hot
	pad  [64]byte
	name string `json:"name"
	xml:"n"` //cachelint:hot
	// tail's doc
	tail uint64
}
