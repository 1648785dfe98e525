/* Built for i386 (-m32): pahole's packing takes a word for the CU's address
 * size, 4 here, which decides what it moves and how much a move saves. */

struct h32_ints {
	char c;		/* 0, then 3-byte hole */
	int i;		/* 4 */
	char d;		/* 8, then 1-byte hole */
	short s;	/* 10 */
	char e;		/* 12, then 3-byte hole */
	int j;		/* 16 */
};			/* size 20 */

struct h32_llong {
	char c;		/* 0, then 3-byte hole: long long is 4-aligned in a struct */
	long long l;	/* 4 */
	char d;		/* 12, then 3-byte hole */
	int i;		/* 16 */
};			/* size 20 */

struct h32_ptr {
	short s;	/* 0, then 2-byte hole */
	int i;		/* 4 */
	char c;		/* 8, then 3-byte hole */
	void *p;	/* 12: a pointer is a word */
	char d;		/* 16, then 3 bytes padding */
};			/* size 20 */

struct h32_double {
	char c;		/* 0, then 3-byte hole */
	double x;	/* 4 */
	char d;		/* 12, then 1-byte hole */
	short s;	/* 14 */
	int i;		/* 16 */
	char e;		/* 20, then 3 bytes padding */
};			/* size 24 */

struct h32_mixed {
	int a;		/* 0 */
	char b;		/* 4, then 3-byte hole */
	long long c;	/* 8 */
	char d;		/* 16, then 3-byte hole */
	int e;		/* 20 */
	char f;		/* 24, then 3 bytes padding */
};			/* size 28 */

struct h32_ints h32_ints_v;
struct h32_llong h32_llong_v;
struct h32_ptr h32_ptr_v;
struct h32_double h32_double_v;
struct h32_mixed h32_mixed_v;
