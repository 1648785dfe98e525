// Package classes holds a struct type for each way code may see a field
// order that no list of known dangers named: fmt verbs that do not call
// String, values kept in any-typed slots, field addresses used as
// memory, reflection by name, encoders, files this build does not
// compile, and types other modules may build unkeyed. Each is hot on a
// and j, which a fix would put on one line; each use below would make
// the fix change what the package computes, so none is fixed. fine,
// whose every use selects fields by name, is fixed.
package classes

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"log"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// 1. fmt verbs that do not call String.

type fmtD struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

func (fmtD) String() string { return "fmtD" }

// FmtD prints a fmtD with %d, which prints its fields, not String.
func FmtD() string { return fmt.Sprintf("%d", fmtD{a: 1, j: 2}) }

type fmtGo struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

func (fmtGo) String() string { return "fmtGo" }

// FmtGo prints a fmtGo with %#v, which has no GoString to call.
func FmtGo() string { return fmt.Sprintf("%#v", fmtGo{a: 1, j: 2}) }

type ptrStr struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

func (p *ptrStr) String() string { return "ptrStr" }

// PtrStr prints a slice of ptrStr values, whose String is on the pointer.
func PtrStr() string { return fmt.Sprint([]ptrStr{{a: 1, j: 2}}) }

type logged struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

// Logged logs a logged.
func Logged() string {
	var buf bytes.Buffer
	log.New(&buf, "", 0).Print(logged{a: 1, j: 2})
	return strings.TrimSpace(buf.String())
}

// 2. Values kept in any-typed slots and read back.

type mapped struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

// Mapped keeps a mapped in a sync.Map and prints what comes back.
func Mapped() string {
	var m sync.Map
	m.Store("k", mapped{a: 1, j: 2})
	v, _ := m.Load("k")
	return fmt.Sprint(v)
}

type ctxVal struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

type ctxKey struct{}

// CtxVal keeps a ctxVal in a context.
func CtxVal() string {
	ctx := context.WithValue(context.Background(), ctxKey{}, ctxVal{a: 1, j: 2})
	return fmt.Sprint(ctx.Value(ctxKey{}))
}

type channed struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

// Channed sends a channed through a channel of any.
func Channed() string {
	ch := make(chan any, 1)
	ch <- channed{a: 1, j: 2}
	return fmt.Sprint(<-ch)
}

type boxed struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

type box struct{ v any }

// Boxed keeps a boxed in a struct's any field, in a map.
func Boxed() string {
	m := map[string]box{"k": {v: boxed{a: 1, j: 2}}}
	return fmt.Sprint(m["k"].v)
}

// 3. Field addresses used as memory.

type sliced struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

// Sliced reads two words from a's address.
func Sliced() string {
	x := sliced{a: 1, b: [7]uint64{5}, j: 2}
	return fmt.Sprint(unsafe.Slice(&x.a, 2))
}

type added struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

// Added reads the word after a.
func Added() uint64 {
	x := added{a: 1, b: [7]uint64{5}, j: 2}
	return *(*uint64)(unsafe.Add(unsafe.Pointer(&x.a), 8))
}

type helped struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

// two reads the word p points at and the next.
func two(p *uint64) [2]uint64 { return *(*[2]uint64)(unsafe.Pointer(p)) }

// Helped hands a's address to two.
func Helped() uint64 {
	x := helped{a: 1, b: [7]uint64{5}, j: 2}
	return two(&x.a)[1]
}

type kept struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

type handle struct{ p unsafe.Pointer }

// Kept keeps an unsafe.Pointer to a kept and reads it back as words.
func Kept() uint64 {
	x := &kept{a: 1, b: [7]uint64{5}, j: 2}
	h := handle{p: unsafe.Pointer(x)}
	return (*[9]uint64)(h.p)[1]
}

// 4. Reflection by name, by index, through type arguments.

type offsetByName struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

// OffsetByName is where reflect says j is.
func OffsetByName() uintptr {
	f, _ := reflect.TypeOf(offsetByName{}).FieldByName("j")
	return f.Offset
}

type genericReflect struct {
	A uint64 //cachelint:hot
	B [7]uint64
	J uint64 //cachelint:hot
}

// fieldNames lists T's fields in order.
func fieldNames[T any]() string {
	t := reflect.TypeFor[T]()
	var out []string
	for i := range t.NumField() {
		out = append(out, t.Field(i).Name)
	}
	return strings.Join(out, ",")
}

// GenericReflect lists genericReflect's fields through generic code.
func GenericReflect() string { return fieldNames[genericReflect]() }

type setByIndex struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

// SetByIndex sets the second field through reflect and reads j.
func SetByIndex() uint64 {
	x := setByIndex{a: 1, j: 2}
	f := reflect.ValueOf(&x).Elem().Field(1)
	_ = f.Len()
	return x.j
}

// 5. Encoders.

type folded struct {
	ID  uint64 //cachelint:hot
	Pad [7]uint64
	Id  uint64 //cachelint:hot
}

// Folded decodes a key both ID and Id fold to: the first in order wins.
func Folded() string {
	var f folded
	if err := json.Unmarshal([]byte(`{"id": 7}`), &f); err != nil {
		return err.Error()
	}
	return fmt.Sprint(f.ID, f.Id)
}

type xmlEnc struct {
	A uint64 //cachelint:hot
	B [7]uint64
	J uint64 //cachelint:hot
}

// XMLEnc encodes an xmlEnc: its elements in order.
func XMLEnc() string {
	b, _ := xml.Marshal(xmlEnc{A: 1, J: 2})
	return string(b)
}

// 7. Types other modules may build unkeyed through the exported API.

type entry struct {
	Key  uint64 //cachelint:hot
	Cold [7]uint64
	Val  uint64 //cachelint:hot
}

// Entries lets other modules write Entries{{1, cold, 2}}.
type Entries []entry

type pairing struct {
	Left  uint64 //cachelint:hot
	Cold  [7]uint64
	Right uint64 //cachelint:hot
}

// Pairs hands out pairings in a map.
func Pairs() map[string]pairing { return map[string]pairing{"p": {Left: 1, Right: 2}} }

// fine is used by field name only: the fix lands.
type fine struct {
	a  uint64 //cachelint:hot
	b  [7]uint64
	j  uint64 //cachelint:hot
	mu sync.Mutex
}

func (f *fine) bump() { atomic.AddUint64(&f.j, 1) }

func (f *fine) String() string { return fmt.Sprint(f.a, f.j) }

// set writes through a field's address.
func set(p *uint64, v uint64) { *p = v }

// Fine computes with a fine by field name, pointer and method.
func Fine() string {
	f := &fine{a: 1, j: 2}
	f.mu.Lock()
	f.bump()
	set(&f.a, 5)
	f.mu.Unlock()
	m := map[int]*fine{1: f}
	same := *f == fine{a: 5, j: 3}
	return f.String() + fmt.Sprint(same, len(m), f.b[0])
}

// Interfaces of the package whose values only have their methods called
// carry what is converted to them: carried is fixed, shown is not, as a
// value of namer goes to fmt.

type shape interface{ area() uint64 }

type carried struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

func (c *carried) area() uint64 { return c.a * c.j }

// Carried sums the areas of shapes.
func Carried() uint64 {
	var total uint64
	for _, s := range []shape{&carried{a: 2, j: 3}} {
		total += s.area()
	}
	return total
}

type namer interface{ name() string }

type shown struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

func (s shown) name() string { return "shown" }

// Shown prints a namer: fmt prints the shown in it field by field.
func Shown() string {
	var n namer = shown{a: 1, j: 2}
	return n.name() + fmt.Sprint(n)
}

// pooled goes through a sync.Pool and comes back as itself: fixed.
type pooled struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

var pool = sync.Pool{New: func() any { return &pooled{j: 2} }}

// Pooled gets a pooled, uses it by name and puts it back.
func Pooled() uint64 {
	p := pool.Get().(*pooled)
	defer pool.Put(p)
	return p.j
}

// cycled's field address goes round two functions that call each other,
// the second reading past it.
type cycled struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

func walkA(p *uint64, n int) uint64 {
	if n > 0 {
		return walkB(p, n-1)
	}
	return *p
}

func walkB(p *uint64, n int) uint64 {
	return walkA(p, n) + *(*uint64)(unsafe.Add(unsafe.Pointer(p), 8))
}

// Cycled walks a cycled's a.
func Cycled() uint64 {
	c := cycled{a: 1, b: [7]uint64{5}, j: 2}
	return walkA(&c.a, 2)
}

// asValue is a type argument of a generic function kept as a value and
// called later.
type asValue struct {
	A uint64 //cachelint:hot
	B [7]uint64
	J uint64 //cachelint:hot
}

// AsValue names asValue's second field through reflect.TypeFor, called
// from a slice of functions.
func AsValue() string {
	fns := []func() reflect.Type{reflect.TypeFor[asValue]}
	return fns[0]().Field(1).Name
}

// buffered writes through a strings.Builder field, whose methods touch
// its own bytes only: fixed.
type buffered struct {
	a  uint64 //cachelint:hot
	b  [7]uint64
	j  uint64 //cachelint:hot
	sb strings.Builder
}

// Buffered builds a string in a buffered.
func Buffered() string {
	var x buffered
	x.a, x.j = 1, 2
	x.sb.WriteString("ab")
	return x.sb.String() + fmt.Sprint(x.a+x.j)
}
