package btfscan

import (
	"errors"
	"fmt"

	"github.com/cachelint/cachelint/input"
	"github.com/cachelint/cachelint/layout"
	"github.com/cilium/ebpf/btf"
)

// The converter's state, and what bounds its walks: what the spelling of
// members (spell.go) and the conversion of structs (structs.go) share.

// maxDepth bounds every walk through the type graph, which corrupt BTF
// may make loop. Valid C nests unnamed members as deep as a program likes
// (gcc and pahole take 1,500 levels); each level costs a few frames of
// stack.
const maxDepth = 1 << 14

// badType is the panic that aborts a conversion on corrupt type data;
// Structs and Find turn it into an error with badBTF.
func badType(msg string) any { return input.Abort(errors.New(msg)) }

// conv converts BTF types, remembering what it worked out per type.
type conv struct {
	ptrSize int64
	depth   int
	natural map[btf.Type]int64
	infos   map[btf.Type]*info
	// defs holds the structs converted for layout.Expansion.Def, when
	// expanding types; nil while one is being converted.
	defs map[btf.Type]*layout.Struct
	// enums holds the unnamed enums converted for layout.Expansion.Enum.
	enums map[*btf.Enum]*layout.Enum
	// typedefNames counts the typedef names of expansions (expandType).
	typedefNames int
	// pointees holds the unnamed structs and unions converted for
	// layout.Expansion.Pointee; nil while one is being converted.
	pointees map[btf.Type]*layout.Struct
}

// maxTypedefNames bounds the typedef names that the expansions of the
// members hold: each member names its whole chain of typedefs, so that
// 8,000 chained typedefs used by 8,000 members would name 32 million. The
// 6.18 BTF prints about 140,000.
const maxTypedefNames = 1 << 20

var errTypedefNames = &input.Error{Kind: input.ErrLimit, Msg: fmt.Sprintf("-E: more than %d typedef names to print", maxTypedefNames)}

func newConv(ptrSize int64) *conv {
	return &conv{ptrSize: ptrSize, natural: make(map[btf.Type]int64), infos: make(map[btf.Type]*info)}
}

func (f *File) newConv() *conv {
	c := newConv(f.ptrSize)
	if f.ExpandTypes {
		c.defs = make(map[btf.Type]*layout.Struct)
	}
	return c
}

func (c *conv) enter() {
	c.depth++
	if c.depth > maxDepth {
		panic(input.Abort(errDepth))
	}
}

var errDepth = &input.Error{Kind: input.ErrLimit, Msg: fmt.Sprintf("types nest more than %d deep", maxDepth)}

func (c *conv) leave() { c.depth-- }

// info is what pahole's BTF loader works out for one struct or union: where
// each member's storage lies, which alignments it must have been forced to,
// and whether it is packed.
type info struct {
	members []memberInfo
	natural int64 // largest natural alignment of a member
	forced  int64 // alignment inferred from the tail padding, 0 if none
	align   int64 // the alignment the type has as a member of another
	packed  bool
	holes   bool // has byte holes or tail padding (pahole's padding || nr_holes)
}

type memberInfo struct {
	typ        btf.Type // member type without typedefs and qualifiers
	byteOffset int64    // of the storage unit for a bit-field
	byteSize   int64
	bitOffset  int64
	bitfield   int64
	natural    int64
	forced     int64 // inferred __aligned__, 0 if none
	// zeroForced is the __aligned__ inferred for a zero-size member (a
	// kernel group marker, a flexible array), which pahole does not infer
	// and so does not count in the struct's alignment.
	zeroForced int64
}
