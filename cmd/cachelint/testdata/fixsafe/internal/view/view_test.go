package view

import (
	"fmt"
	"testing"
)

func TestView(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want any
	}{
		{"LitJ", LitJ(), uint64(10)},
		{"OffsetJ", OffsetJ(), uintptr(64)},
		{"Encoded", fmt.Sprint(Encoded()), fmt.Sprint(append(append([]byte{1}, make([]byte, 63)...), 10, 0, 0, 0, 0, 0, 0, 0))},
		{"SecondName", SecondName(), "b"},
		{"CastJ", CastJ(), uint64(9)},
		{"ConvJ", ConvJ(), uint64(10)},
		{"AnonJ", AnonJ(), uint64(10)},
		{"Walked", fmt.Sprint(Walked()), "[1 [0 0 0 0 0 0 0] 10]"},
		{"Size", Size(), uintptr(16)},
		{"PlainJ", PlainJ(), uint64(11)},
	} {
		if c.got != c.want {
			t.Errorf("%s() = %v, want %v", c.name, c.got, c.want)
		}
	}
}
