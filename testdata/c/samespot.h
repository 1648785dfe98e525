/* One header, two builds of it: samespot-compat.c defines INFO as another
 * struct of the same size, as Linux's fs/compat_binfmt_elf.c includes
 * fs/binfmt_elf.c with siginfo_t defined as compat_siginfo_t. Each struct
 * below is declared at one place, and nine of them have two layouts
 * or two spellings.
 * Each unit defines union payload, word_t, struct pair and cell_t before
 * it includes the header, of one name and another size or alignment. */
#ifndef INFO
#define INFO struct info
#endif
#ifndef DIM
#define DIM 4
#endif
#ifndef LOGARGS
#define LOGARGS ...
#endif
#ifndef ENUMS
#define ENUMS LOW, HIGH
#endif
#ifndef INNER
#define INNER int x;
#endif

struct info {
	long a;
	long b;
};

struct compat_info {
	int a;
	int b;
	long c;
};

/* A member of another type, at the same line, column and offset. */
struct note {
	int kind;
	INFO data;
};

/* Only a parameter of a member's function type differs. */
struct hook {
	int (*fn)(INFO *);
};

/* Only an array member's dimension differs, in a struct of one size. */
struct dims {
	long a;
	char v[DIM];
};

/* Only whether a function pointer's type takes more arguments. */
struct logger {
	int (*log)(const char *, LOGARGS);
};

/* A member of a union of one name and another size, at the same offset
 * in a struct of one size. */
struct union_holder {
	long a;
	union payload u;
};

/* The same of a typedef. */
struct word_holder {
	long a;
	word_t w;
};

/* A member of a struct of one name and size and another alignment: only
 * the holder's alignment differs. */
struct pair_holder {
	struct pair p;
	char tail[8];
};

/* The same of a typedef of an unnamed struct. */
struct cell_holder {
	cell_t c;
	char tail[8];
};

/* Only the enumerators of an unnamed enum, or the members of an unnamed
 * struct behind a pointer, which pahole prints inline. */
struct tagged {
	enum { ENUMS } state;
	struct { INNER } *inner;
};

/* The same in both units. */
struct same {
	int x;
	long *p;
	char tail[3];
};
