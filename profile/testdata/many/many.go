// Package many holds values of its struct types in the ways heldMany
// tells apart; the types held many are marked "many".
package many

type elem struct{ n int } // many

type value struct{ n int } // many

type key struct{ n int } // many

type queued struct{ n int } // many

type made struct{ n int } // many

type valueMade struct{ n int }

type mapValue struct{ n int }

type chanValue struct{ n int }

type fresh struct{ n int } // many

type inner struct{ n int } // many

type pointee struct{ n int } // many

type holder struct { // many
	in inner
	p  *pointee
}

type single struct{ n int }

type server struct {
	conf    single
	byKey   map[*key]*value
	pending chan *queued
	slots   [4]elem
	holders []holder
	values  map[int]mapValue
	queue   chan chanValue
}

var global single

func run(s *server, n int) []*made {
	var out []*made
	for range n {
		out = append(out, &made{n: n})
		v := valueMade{n: n}
		s.values[v.n] = mapValue(v)
		f := new(fresh)
		f.n = n
	}
	one := &single{n: n}
	global = *one
	return out
}

func (s *server) serve() {
	_, _, _, _ = s.byKey, s.pending, s.slots, s.holders
}

// pool is held many only by multi's slice, which walk alone uses: many
// where walk is sampled (TestHeldManySampled).
type pool struct{ n int } // many

type multi struct{ pools []*pool }

func (m *multi) walk() {
	for _, p := range m.pools {
		p.n++
	}
}

func newPool() *pool { return &pool{} }
