package orderuse

import (
	"bytes"
	"encoding/binary"
	"reflect"
	"sync/atomic"
	"unsafe"
)

// Config and all its fields are exported: code that imports the package
// may write Config{1, body, 2}, which no load shows.
type Config struct {
	Head uint64 /* want `Config: hot fields occupy 2 lines where 1 would do \(64-byte lines\): Head, Tail; no fix: Config and all its fields are exported, so code importing orderuse that cachelint does not see may build it with an unkeyed literal, whose values a new order would change \(go vet's composites check reports such literals, but they compile\)` */ //cachelint:hot
	Body [64]byte
	Tail uint64 //cachelint:hot
}

// Sealed has an unexported field, so no other package can build it
// unkeyed.
type Sealed struct {
	Head uint64 /* want `Sealed: hot fields occupy 2 lines where 1 would do \(64-byte lines\): Head, Tail` */ //cachelint:hot
	body [64]byte
	Tail uint64 //cachelint:hot
}

// wire is written with encoding/binary, field by field.
type wire struct {
	head uint64 /* want `wire: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail; no fix: a value of type \[\]wire converted to any at .*orderuse\.go:\d+:\d+: it is given to encoding/binary\.Write at .*orderuse\.go:\d+:\d+, code of another package that cachelint does not follow it into` */ //cachelint:hot
	body [64]byte
	tail uint64 //cachelint:hot
}

func send(b *bytes.Buffer, ws []wire) error { return binary.Write(b, binary.LittleEndian, ws) }

// rec has its second field picked by position.
type rec struct {
	head uint64 /* want `rec: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail; no fix: a value of type rec converted to any at .*orderuse\.go:\d+:\d+: it is given to reflect\.TypeOf at .*orderuse\.go:\d+:\d+, code of another package that cachelint does not follow it into` */ //cachelint:hot
	body [64]byte
	tail uint64 //cachelint:hot
}

func second() string { return reflect.TypeOf(rec{}).Field(1).Name }

// held is reached through a reflect.Value kept in a variable.
type held struct {
	head uint64 /* want `held: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail; no fix: a value of type \*held converted to any at .*orderuse\.go:\d+:\d+: it is given to reflect\.ValueOf at .*orderuse\.go:\d+:\d+, code of another package that cachelint does not follow it into` */ //cachelint:hot
	body [64]byte
	tail uint64 //cachelint:hot
}

func third(h *held) uint64 {
	v := reflect.ValueOf(h).Elem()
	return v.Field(2).Uint()
}

// walked has every field visited in a loop, in order: its names come out
// in another order after a fix.
type walked struct {
	head uint64 /* want `walked: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail; no fix: it is a type argument of reflect\.TypeFor at .*orderuse\.go:\d+:\d+, generic code outside the package whose uses of it cachelint does not check` */ //cachelint:hot
	body [64]byte
	tail uint64 //cachelint:hot
}

func names() (out []string) {
	t := reflect.TypeFor[walked]()
	for i := range t.NumField() {
		out = append(out, t.Field(i).Name)
	}
	return out
}

// placed has a field whose offset code takes, and that no pin holds.
type placed struct {
	head uint64 /* want `placed: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail; no fix: unsafe.Offsetof\(p.tail\) at .*orderuse.go:\d+:\d+ depends on where tail is, which the fix moves \(mark it //cachelint:pin to keep it there\)` */ //cachelint:hot
	body [64]byte
	tail uint64 //cachelint:hot
}

var p placed

var tailAt = unsafe.Offsetof(p.tail)

// pinned has its field pinned where unsafe.Offsetof finds it: the others
// may move around it.
type pinned struct {
	head uint64 /* want `pinned: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail` */ //cachelint:hot
	body [64]byte
	tail uint64 //cachelint:hot
	//cachelint:pin
	tag uint64
}

var q pinned

var tagAt = unsafe.Offsetof(q.tag)

// punned is read as bytes.
type punned struct {
	head uint64 /* want `punned: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail; no fix: a value of type \*punned is converted to unsafe\.Pointer at .*orderuse\.go:\d+:\d+` */ //cachelint:hot
	body [64]byte
	tail uint64 //cachelint:hot
}

func raw(x *punned) []byte { return (*[80]byte)(unsafe.Pointer(x))[:] }

// node goes through unsafe.Pointer and comes back as itself: the
// allowlist does not follow unsafe.Pointer.
type node struct {
	head uint64 /* want `node: hot fields occupy 2 lines where 1 would do \(64-byte lines\): head, tail; no fix: a value of type \*node is converted to unsafe\.Pointer at .*orderuse\.go:\d+:\d+` */ //cachelint:hot
	body [64]byte
	tail uint64 //cachelint:hot
}

var top unsafe.Pointer

func push(n *node) *node {
	atomic.StorePointer(&top, unsafe.Pointer(n))
	return (*node)(atomic.LoadPointer(&top))
}
