// Virtual base classes, where the Itanium C++ ABI puts them (g++ and
// clang++ agree; offsets and sizes as the program below printed them with
// OFF(object, Base) = (char *)(Base *)&object - (char *)&object):
//
//	D1 size 16 VB@0        a nearly empty primary virtual base shares the vptr
//	D2 size 16 E@0         an empty virtual base lies at 0
//	D3 size 32 VB2@16      after the rest, at its alignment
//	Diamond size 48 M1@0 M2@16 VB2@32
//	NE size 8 VB@0
//	D4 size 32 VB@0 VB2@16
struct VB { virtual void f() {} };
struct D1 : virtual VB { int x; };
struct E {};
struct D2 : virtual E { int y; };
struct VB2 { virtual void g() {} long z; };
struct D3 : virtual VB2 { int w; };
struct M1 : virtual VB2 { int a; };
struct M2 : virtual VB2 { int b; };
struct Diamond : M1, M2 { int c; };
struct NE : virtual VB {};
struct D4 : virtual VB, virtual VB2 { char c; };

D1 d1;
D2 d2;
D3 d3;
Diamond dm;
NE ne;
D4 d4;
