package classes

import "testing"

func TestClasses(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want any
	}{
		{"FmtD", FmtD(), "{1 [0 0 0 0 0 0 0] 2}"},
		{"FmtGo", FmtGo(), "classes.fmtGo{a:0x1, b:[7]uint64{0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0}, j:0x2}"},
		{"PtrStr", PtrStr(), "[{1 [0 0 0 0 0 0 0] 2}]"},
		{"Logged", Logged(), "{1 [0 0 0 0 0 0 0] 2}"},
		{"Mapped", Mapped(), "{1 [0 0 0 0 0 0 0] 2}"},
		{"CtxVal", CtxVal(), "{1 [0 0 0 0 0 0 0] 2}"},
		{"Channed", Channed(), "{1 [0 0 0 0 0 0 0] 2}"},
		{"Boxed", Boxed(), "{1 [0 0 0 0 0 0 0] 2}"},
		{"Sliced", Sliced(), "[1 5]"},
		{"Added", Added(), uint64(5)},
		{"Helped", Helped(), uint64(5)},
		{"Kept", Kept(), uint64(5)},
		{"OffsetByName", OffsetByName(), uintptr(64)},
		{"GenericReflect", GenericReflect(), "A,B,J"},
		{"SetByIndex", SetByIndex(), uint64(2)},
		{"Folded", Folded(), "7 0"},
		{"XMLEnc", XMLEnc(), "<xmlEnc><A>1</A><B>0</B><B>0</B><B>0</B><B>0</B><B>0</B><B>0</B><B>0</B><J>2</J></xmlEnc>"},
		{"Fine", Fine(), "5 3true 1 0"},
		{"Debug", Debug(), "2"},
		{"Carried", Carried(), uint64(6)},
		{"Shown", Shown(), "shown{1 [0 0 0 0 0 0 0] 2}"},
		{"Pooled", Pooled(), uint64(2)},
		{"Cycled", Cycled(), uint64(11)},
		{"AsValue", AsValue(), "B"},
		{"Buffered", Buffered(), "ab3"},
	} {
		if c.got != c.want {
			t.Errorf("%s() = %v, want %v", c.name, c.got, c.want)
		}
	}
}
