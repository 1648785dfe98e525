// Package view holds struct types whose field order code depends on
// through another type that shares the layout: a type defined from them,
// a struct type with the same fields, an unnamed struct type. Each pair
// is hot on a and j, which a fix would put on one line; each use below
// makes the fix change what the package computes, so none is fixed.
// plain, used by field name only, is fixed.
package view

import (
	"bytes"
	"encoding/binary"
	"reflect"
	"unsafe"
)

type litS struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

// LitView is built with an unkeyed literal: a new order of litS would
// give j another value.
type LitView litS

// LitJ is j of an unkeyed LitView.
func LitJ() uint64 { return LitView{1, [7]uint64{2}, 10}.j }

type offS struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

// OffView has j's offset taken.
type OffView offS

// OffsetJ is where j is.
func OffsetJ() uintptr {
	var v OffView
	return unsafe.Offsetof(v.j)
}

type wireS struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

// WireView is written with encoding/binary, field by field.
type WireView wireS

// Encoded is a WireView as encoding/binary writes it.
func Encoded() []byte {
	var buf bytes.Buffer
	v := WireView{a: 1, j: 10}
	if err := binary.Write(&buf, binary.LittleEndian, &v); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

type nameS struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

// NameView has a field picked by position.
type NameView nameS

// SecondName is the name of NameView's second field.
func SecondName() string { return reflect.TypeOf(NameView{}).Field(1).Name }

type castS struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

// CastView is read from an array's memory.
type CastView castS

// CastJ is j of the array read as a CastView.
func CastJ() uint64 {
	arr := [9]uint64{1, 2, 3, 4, 5, 6, 7, 8, 9}
	return (*CastView)(unsafe.Pointer(&arr)).j
}

type convS struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

// convTwin has convS's fields: the two convert to each other only while
// they stay the same.
type convTwin struct {
	a uint64
	b [7]uint64
	j uint64
}

// ConvJ converts a convS to its twin.
func ConvJ() uint64 { return convTwin(convS{j: 10}).j }

type anonS struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

// AnonJ assigns an anonS to an unnamed struct type with its fields.
func AnonJ() uint64 {
	var u struct {
		a uint64
		b [7]uint64
		j uint64
	} = anonS{j: 10}
	return u.j
}

type walkS struct {
	A uint64 //cachelint:hot
	B [7]uint64
	J uint64 //cachelint:hot
}

// Walked are walkS's fields as a loop over NumField sees them, in order:
// a blank pad a fix inserted would panic in Interface.
func Walked() []any {
	v := reflect.ValueOf(walkS{A: 1, J: 10})
	var out []any
	for i := range v.NumField() {
		out = append(out, v.Field(i).Interface())
	}
	return out
}

// sizeS has a written field on the line of a read one: the fix pads it,
// and its size changes.
type sizeS struct {
	w uint64 //cachelint:hot write
	r uint64 //cachelint:hot
}

// Size is sizeS's size.
func Size() uintptr { return unsafe.Sizeof(sizeS{}) }

// plain is used by field name only: its fix changes nothing the package
// computes.
type plain struct {
	a uint64 //cachelint:hot
	b [7]uint64
	j uint64 //cachelint:hot
}

// PlainJ is j of a plain.
func PlainJ() uint64 {
	p := plain{a: 1, j: 10}
	return p.a + p.j
}
