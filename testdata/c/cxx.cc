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
