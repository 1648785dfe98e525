// C++ constructs of everyday code, for the text of cachelint layout
// against pahole's: the class keyword, access, member functions and
// static members (no room in the layout), templates, nested classes,
// references, pointers to members, enum class, empty classes, alignas.

class Point {
public:
	int x;
	int y;
	int sum() const { return x + y; }
};

// Private by default; a vtable pointer; a static member.
class Account {
	long balance;
protected:
	int flags;
public:
	char tag;
	static int count;
	Account() : balance(0), flags(0), tag(0) {}
	virtual ~Account() {}
	long get() const { return balance; }
};
int Account::count;

// g++ gives DW_AT_accessibility only where it is not the default of the
// kind: Mixed's b and Guarded's open carry none.
class Mixed {
public:
	int a;
private:
	int b;
protected:
	int c;
public:
	int d;
};

// An access label after a hole: pahole prints the label before the
// blank line that follows the hole's comment.
class Holey {
public:
	char a;
protected:
	long b;
};

struct Guarded {
private:
	long secret;
public:
	char open;
	struct Incomplete *next;
	const Mixed *m;
};

template <typename T> struct Box {
	T value;
	char used;
};

// Class templates whose names hold spaces and parentheses, and a
// function pointer that returns a class: pahole pads a class's name one
// short of a struct's, and a return type whole.
template <typename F> class Fn {
	F *f;
};
template <typename A, typename B> class Two {
	A a;
	B b;
};
struct Templated {
	Fn<void(int)> fn;
	Two<int, char> two;
	Point (*make)(int);
	Two<int, char> *ptr;
	Two<Two<int, char>, long> nested;
};

// A member whose struct type has tail padding and a pointer among its
// template arguments.
template <typename T> struct Tagged {
	T p;
	char tag;
};
struct HoldsTagged {
	Tagged<int *> t;
	long after;
};

// A last member whose type has tail padding: pahole's note on it, then a
// blank line before the summary.
struct EndsPadded {
	long x;
	Two<int, char> last;
};

struct Outer {
	struct Inner {
		short a;
		long b;
	} in;
	int n;
};

// References and an rvalue reference, bit-fields and an anonymous union
// in C++.
struct Refs {
	int &r;
	const long &cr;
	char c;
	Refs(int &a, const long &b) : r(a), cr(b), c(0) {}
};

struct RRef {
	int &&rr;
	unsigned flag : 3;
	unsigned more : 5;
	union {
		int i;
		float f;
	};
};

// Pointers to members: a data member's is 8 bytes, a member function's
// 16 (Itanium C++ ABI), which DWARF does not say.
struct PM {
	int Point::*field;
	int (Point::*method)() const;
	char c;
};
static_assert(sizeof(int Point::*) == 8, "a data member pointer is an offset");
static_assert(sizeof(int (Point::*)() const) == 16, "a member function pointer is two words");
static_assert(__builtin_offsetof(PM, c) == 24 && sizeof(PM) == 32, "PM's layout");
static_assert(sizeof(RRef) == 16, "RRef's reference takes 8 bytes, the bit-fields and the union 4 each");

enum class Color : unsigned char { Red, Green };
enum Plain { A, B };
struct Colors {
	Color c;
	Plain p;
	enum class Wide : long { X } w;
};

class Nothing {};

struct alignas(64) Aligned {
	int a;
	alignas(16) char b;
};

union U {
	int i;
	float f;
};

class Derived2 : public Point {
	int z;
};

// A class with a base and a vtable pointer, whose hot counters lie on two
// lines: a better order moves the data members only, as the compiler puts
// the vtable pointer and the base first whatever the declaration says.
struct Peer {
	long id;
	char kind;
};
class Conn : public Peer {
public:
	virtual ~Conn() {}
	char state;
	long rx_bytes;
	char label[40];
	long tx_bytes;
	char flags;
	long rx_packets;
};

typedef class Mixed MixedT;
struct HasTypedef {
	MixedT m;
	Mixed *p;
	Mixed &r;
};

Point p;
Account acc;
Mixed mx;
Holey ho;
Guarded gd;
Box<int> bi;
Box<Box<char> > bb;
Templated tm;
EndsPadded ep;
HoldsTagged htg;
Conn conn;
Outer o;
int gi;
long gl;
Refs rr(gi, gl);
RRef rrf{static_cast<int &&>(gi)};
PM pm;
Colors cs;
Nothing nn;
Aligned al;
U uu;
Derived2 d2;
HasTypedef ht{mx, &mx, mx};
