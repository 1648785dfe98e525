/* Separator pads as a binary shows them: no comments, only names, sizes
 * and the atomics around them. */
#include <stdatomic.h>

/* A single-producer queue: head and tail a line apart at 64 bytes. */
struct spsc {
	_Atomic unsigned long head;	/* 0 */
	char hpad[56];			/* 8 */
	_Atomic unsigned long tail;	/* 64 */
	char tpad[56];			/* 72 */
};

/* A short pad between two atomics that keeps nothing apart. */
struct short_pad {
	_Atomic int a;			/* 0 */
	char pad[4];			/* 4 */
	_Atomic int b;			/* 8 */
};

/* An on-disk header: the pad sizes the record, it separates nothing. */
struct ondisk {
	int magic;			/* 0 */
	char padding[200];		/* 4 */
	int csum;			/* 204 */
};

struct spsc spsc_v;
struct short_pad short_pad_v;
struct ondisk ondisk_v;
