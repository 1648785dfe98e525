/* Packed structs, including split locks: an atomic word across a 64-byte
 * cache-line boundary. */
#include <stdint.h>

struct __attribute__((packed)) packed_mix {
	char c;			/* 0 */
	int i;			/* 1 */
	short s;		/* 5 */
	long l;			/* 7 */
	char tail;		/* 15 */
};				/* size 16, align 1 */

/* _Atomic long at offset 60: bytes 60..67 cross the line at 64. */
struct __attribute__((packed)) split_lock {
	char pad[60];		/* 0 */
	_Atomic long counter;	/* 60 */
	int after;		/* 68 */
};				/* size 72 */

/* _Atomic int at offset 62: bytes 62..65. */
struct __attribute__((packed)) split_lock_int {
	uint16_t id;		/* 0 */
	char name[60];		/* 2 */
	_Atomic int refs;	/* 62 */
};				/* size 66 */

/* The same split lock without _Atomic (pahole 1.24 cannot print
 * DW_TAG_atomic_type members). */
struct __attribute__((packed)) split_lock_volatile {
	char pad[60];		/* 0 */
	volatile long counter;	/* 60 */
	int after;		/* 68 */
};				/* size 72 */

/* Packed but everything naturally aligned except one member. */
struct __attribute__((packed)) packed_hdr {
	uint8_t version;	/* 0 */
	uint32_t len;		/* 1 */
	uint16_t proto;		/* 5 */
	uint8_t payload[];	/* 7, flexible */
};

/* A packed struct inside a normal struct. */
struct holds_packed {
	char c;			/* 0 */
	struct packed_mix pm;	/* 1 */
	long l;			/* 24 */
};				/* size 32 */

/* packed with aligned(4): the struct is 4-aligned, members are not. */
struct __attribute__((packed, aligned(4))) packed_aligned {
	char c;			/* 0 */
	int i;			/* 1 */
};				/* size 8 */

struct packed_mix packed_mix_v;
struct split_lock split_lock_v;
struct split_lock_int split_lock_int_v;
struct split_lock_volatile split_lock_volatile_v;
struct packed_hdr *packed_hdr_p;
struct holds_packed holds_packed_v;
struct packed_aligned packed_aligned_v;
