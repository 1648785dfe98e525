/* The few definitions of the kernel's headers that the fixtures beside
 * this file use, as include/linux/{types,cache,compiler_attributes,
 * stddef}.h define them on x86-64 (SMP_CACHE_BYTES 64). The fixtures are
 * compiled with gcc -g; CONFIG_SMP and the other options are -D flags. */
#ifndef FIXTURE_KERNEL_H
#define FIXTURE_KERNEL_H

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef signed short s16;
typedef unsigned char __u8;
typedef _Bool bool;
typedef struct { int counter; } atomic_t;
typedef struct { long counter; } atomic_long_t;
typedef struct { int counter; } refcount_t;
typedef struct { unsigned int slock; } spinlock_t;
typedef struct { void *net; } possible_net_t;
struct list_head { struct list_head *next, *prev; };
struct hlist_head { void *first; };

#define __rcu
#define __percpu
#define __counted_by(member)
#define __randomize_layout
#define __aligned(x) __attribute__((__aligned__(x)))
#define __packed __attribute__((__packed__))

#define L1_CACHE_BYTES 64
#define SMP_CACHE_BYTES L1_CACHE_BYTES
#define ____cacheline_aligned __attribute__((__aligned__(SMP_CACHE_BYTES)))
#ifdef CONFIG_SMP
#define ____cacheline_aligned_in_smp ____cacheline_aligned
#else
#define ____cacheline_aligned_in_smp
#endif

#define __cacheline_group_begin(GROUP) \
	__u8 __cacheline_group_begin__##GROUP[0]
#define __cacheline_group_end(GROUP) \
	__u8 __cacheline_group_end__##GROUP[0]
#define __cacheline_group_begin_aligned(GROUP, ...)		\
	__cacheline_group_begin(GROUP)				\
	__aligned((__VA_ARGS__ + 0) ? : SMP_CACHE_BYTES)
#define __cacheline_group_end_aligned(GROUP, ...)		\
	__cacheline_group_end(GROUP) __aligned(sizeof(long));	\
	struct { } __cacheline_group_pad__##GROUP		\
	__aligned((__VA_ARGS__ + 0) ? : SMP_CACHE_BYTES)

#define BITS_PER_LONG 64
#define BITS_TO_LONGS(nr) (((nr) + BITS_PER_LONG - 1) / BITS_PER_LONG)
#define DECLARE_BITMAP(name, bits) unsigned long name[BITS_TO_LONGS(bits)]

#define __struct_group(TAG, NAME, ATTRS, MEMBERS...) \
	union { \
		struct { MEMBERS } ATTRS; \
		struct TAG { MEMBERS } ATTRS NAME; \
	} ATTRS
#define struct_group(NAME, MEMBERS...) \
	__struct_group(/* no tag */, NAME, /* no attrs */, MEMBERS)

#define IFNAMSIZ 16

#endif
