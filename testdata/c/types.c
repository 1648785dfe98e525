/* Unions, flexible arrays, multi-dimensional arrays, nested anonymous
 * structs and unions, typedefs, qualifiers, enums, function pointers. */
#include <stdint.h>
#include <stddef.h>

typedef unsigned long ulong_t;
typedef struct point { int x, y; } point_t;
typedef int (*cmp_fn)(const void *, const void *);

enum state { ST_IDLE, ST_BUSY = 5, ST_DONE = -1 };
enum __attribute__((packed)) small_enum { SE_A, SE_B };

union value {
	int i;
	long l;
	double d;
	char bytes[12];
};					/* size 16 */

struct flex {
	uint32_t len;			/* 0 */
	uint16_t kind;			/* 4 */
	char data[];			/* 6 */
};					/* size 8 */

struct arrays {
	int grid[3][4];			/* 0, 48 bytes */
	char names[4][16];		/* 48 */
	point_t pts[2][2][2];		/* 112, 64 bytes */
	double m[2][3];			/* 176 */
};					/* size 224 */

struct nested {
	int kind;			/* 0 */
	union {				/* 8 */
		struct {
			int a;		/* 8 */
			int b;		/* 12 */
		};
		long ab;		/* 8 */
		struct {
			short lo;	/* 8 */
			short hi;	/* 10 */
		} named;		/* 8 */
	};
	struct {			/* 16 */
		char tag;		/* 16 */
		union {			/* 20 */
			float f;
			int n;
		};
		unsigned int bf:4;	/* 24 */
	};
	char last;			/* 28 */
};					/* size 32 */

struct quals {
	const int ci;			/* 0 */
	volatile long vl;		/* 8 */
	const volatile char cvc;	/* 16 */
	const char *str;		/* 24 */
	char *const cp;			/* 32 */
	int *volatile restrict_like;	/* 40 */
	const struct point *cpt;	/* 48 */
};					/* size 56 */

struct fnptrs {
	void (*fn)(int);			/* 0 */
	int (*fn2)(const char *, ...);		/* 8 */
	cmp_fn cmp;				/* 16 */
	void *(*alloc)(size_t n, int flags);	/* 24 */
	void (*handlers[3])(void);		/* 32 */
	int (*(*fpp)(int))(long);		/* 56 */
};					/* size 64 */

struct with_enums {
	enum state st;			/* 0 */
	enum small_enum se;		/* 4 */
	ulong_t count;			/* 8 */
	point_t origin;			/* 16 */
	union value val;		/* 24 */
	struct flex *fx;		/* 40 */
};					/* size 48 */

/* A struct with a hole and tail padding. */
struct holes {
	char c;				/* 0, then 7-byte hole */
	long l;				/* 8 */
	short s;			/* 16, then 2-byte hole */
	int i;				/* 20 */
	char t;				/* 24, then 7 bytes padding */
};					/* size 32 */

union value value_v;
struct flex *flex_p;
struct arrays arrays_v;
struct nested nested_v;
struct quals quals_v = { .ci = 1, .cp = 0 };
struct fnptrs fnptrs_v;
struct with_enums with_enums_v;
struct holes holes_v;
