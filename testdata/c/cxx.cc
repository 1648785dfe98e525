// C++ base classes: an empty base takes no room; a virtual base lies
// after the rest of the complete object (Itanium C++ ABI), which g++
// confirms: static_cast<Base *>(&d) is 16 bytes into a Derived, and 16
// into a Both; both are 24 bytes.
struct Empty {};
struct Base {
	long b;
};
struct WithEmpty : Empty {
	long x;
};
struct Derived : virtual Base {
	int d;
};
struct Both : Empty, virtual Base {
	char c;
};

WithEmpty we;
Derived dd;
Both bb;

// A virtual base through a base class: Indirect holds Derived's
// non-virtual part (12 bytes: the vptr and d; Indirect's i goes in its
// tail padding, at 12), and Base after the rest, at 16 (g++:
// static_cast<Base *>(&in) is 16 bytes in; sizeof(Indirect) is 24).
struct Indirect : Derived {
	int i;
};

// A base of another access than the default shows it in the header.
#ifndef CXX_V2
struct Hidden : private Base {
	int h;
};
#else
// The second build (v2/cxx.o, for cachelint diff): the base is
// protected, and a member is added.
struct Hidden : protected Base {
	int h;
	int added;
};
#endif

Indirect in;
Hidden hh;
