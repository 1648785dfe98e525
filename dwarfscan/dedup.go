// Deduplicating the layouts of all units: each unit claims its place and
// layout keys, and converts the layouts it is the first to have.

package dwarfscan

import (
	"slices"
	"sync"

	"github.com/cachelint/cachelint/layout"
)

// keyed is a converted struct with its layout key or, when looked up by
// name, the structs it embeds.
type keyed struct {
	key      string
	s        *layout.Struct
	embedded []*layout.Struct
}

// dedup records, for each layout key, the first compile unit that defines
// that layout, and for each place key (see unit.placeKey) the first that
// has a definition of it.
type dedup struct {
	mu     sync.Mutex
	first  map[string]int
	placed map[fingerprint]int
}

// claim reports whether unit is the first so far to define the layout key,
// and records it if so.
func (d *dedup) claim(key []byte, unit int) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if j, ok := d.first[string(key)]; ok && j <= unit {
		return false
	}
	d.first[string(key)] = unit
	return true
}

// structs converts the unit's named struct, union and class definitions:
// those in want only when want is not nil, and, when d is not nil, only
// those whose layout no earlier unit has claimed in d.
func (u *unit) structs(index int, want map[string]bool, d *dedup) ([]keyed, error) {
	var out []keyed
	var key []byte
	var first []bool
	if d != nil {
		first = u.claimPlaces(d, index)
	}
	for i, off := range u.defs {
		if d != nil && !first[i] {
			continue
		}
		n := u.node(off)
		if n == nil || !u.named(n.name) || want != nil && !want[string(u.s.name(n.name))] {
			continue
		}
		u.expansions = 0
		if d != nil {
			key = u.key(key[:0], n)
			if !d.claim(key, index) {
				continue
			}
		}
		if err := u.loadFiles(); err != nil {
			return nil, err
		}
		s := u.convert(n)
		if u.err != nil {
			return nil, u.err
		}
		if err := s.Validate(); err != nil {
			return nil, err
		}
		k := keyed{key: string(key), s: s}
		if d == nil {
			seen := map[*node]bool{n: true}
			k.embedded = u.embedded(n, seen, nil)
			if u.err != nil {
				return nil, u.err
			}
		}
		out = append(out, k)
	}
	return out, nil
}

// claimPlaces claims in d the place keys of the unit's definitions, and
// reports for each whether it is to be given a layout key: it has no place
// key, or it is the first so far to have its own.
func (u *unit) claimPlaces(d *dedup, index int) []bool {
	fps := slices.Grow(u.ws.defPlaces[:0], len(u.defs))[:len(u.defs)]
	keyed := slices.Grow(u.ws.claimed[:0], len(u.defs))[:len(u.defs)]
	clear(keyed)
	u.ws.defPlaces, u.ws.claimed = fps, keyed
	for i, off := range u.defs {
		u.expansions = 0
		var placed bool
		if fps[i], placed = u.placeKeyAt(off); !placed {
			keyed[i] = true // structs skips it if it has no name
		}
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	for i, fp := range fps {
		if keyed[i] || fp == (fingerprint{}) {
			continue
		}
		if j, ok := d.placed[fp]; !ok || j > index {
			d.placed[fp] = index
			keyed[i] = true
		}
	}
	return keyed
}
