/* One header, two builds of it: samespot-compat.c defines INFO as another
 * struct of the same size, as Linux's fs/compat_binfmt_elf.c includes
 * fs/binfmt_elf.c with siginfo_t defined as compat_siginfo_t. Each struct
 * below is declared at one place, and four of them have two layouts. */
#ifndef INFO
#define INFO struct info
#endif
#ifndef DIM
#define DIM 4
#endif
#ifndef LOGARGS
#define LOGARGS ...
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

/* The same in both units. */
struct same {
	int x;
	long *p;
	char tail[3];
};
