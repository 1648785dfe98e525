package analyzer

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"github.com/cachelint/cachelint/layout"
)

const holdersSrc = `package p

// queue is held only in place in shards, which only pointers keep:
// newQueue's object is copied into the shard.
type queue struct{ a, b int64 }

type shard struct {
	pad int64
	q   queue
	mu  [3]int64
}

type cache struct{ shards []*shard }

func newQueue() *queue { return &queue{} }

func newShard() *shard { return &shard{q: *newQueue()} }

// pointed is held in place, and by pointer.
type pointed struct{ a int64 }

type holds struct {
	p  pointed
	pp *pointed
}

var theHolds = &holds{}

// nested is held in place in elements of a slice, not heap objects.
type nested struct{ a int64 }

type byValue struct{ n nested }

var all []byValue

// global is held in place, and as a package-level variable.
type global struct{ a int64 }

type g2 struct{ g global }

var gv global
var g2s []*g2

// elem is held in place, and as elements of a local slice.
type elem struct{ a int64 }

type e2 struct{ e elem }

// row is held only as elements of slices and arrays.
type row struct{ a, b, c int64 }

type table struct {
	rows  []row
	first [2]row
}

var tables []*table

func f() []*e2 {
	xs := make([]elem, 3)
	_ = xs
	return nil
}
`

// A struct type the load holds only in place in fields of heap objects
// of other types is reached in place, at each field's offset; one also
// pointed to, kept as an element or a variable, or held in a container
// that is not an object of its own is not. One held only as elements of
// slices and arrays is told apart.
func TestReachedInPlace(t *testing.T) {
	t.Parallel()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", holdersSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	var h Holders
	h.Add(fset, []*ast.File{f}, info)
	sizes := types.SizesFor("gc", "amd64")
	for _, c := range []struct {
		name string
		want []layout.Container
	}{
		{"queue", []layout.Container{{Field: "shard.q", Offset: 8, Size: 48}}},
		{"pointed", nil},
		{"nested", nil},
		{"global", nil},
		{"elem", nil},
		{"shard", nil},
	} {
		obj := pkg.Scope().Lookup(c.name)
		if got := h.containers(declKey(fset, obj.Pos()), sizes, fset); !slices.Equal(got, c.want) {
			t.Errorf("%s: held in place in %+v, want %+v", c.name, got, c.want)
		}
	}
	for name, want := range map[string]bool{"row": true, "elem": false, "queue": false, "shard": false, "table": false} {
		if got := h.elementsOnly(declKey(fset, pkg.Scope().Lookup(name).Pos())); got != want {
			t.Errorf("%s: only elements %v, want %v", name, got, want)
		}
	}
}
