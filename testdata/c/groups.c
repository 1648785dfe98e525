/* A kernel-style struct for the reorganizer: a struct-typed first member
 * code casts to, cacheline groups between zero-size markers as
 * include/linux/cache.h writes them (one begun ____cacheline_aligned, one
 * aligned group with its pad, as netns_ipv4's icmp), a hot field left
 * outside its group, and an aligned flexible array at the end.
 * testdata/hot/grp_sock.hot marks what the groups do not.
 */
typedef unsigned char __u8;

#define ____cacheline_aligned __attribute__((__aligned__(64)))
#define __cacheline_group_begin(GROUP) __u8 __cacheline_group_begin__##GROUP[0]
#define __cacheline_group_end(GROUP) __u8 __cacheline_group_end__##GROUP[0]
#define __cacheline_group_begin_aligned(GROUP) \
	__cacheline_group_begin(GROUP) ____cacheline_aligned
#define __cacheline_group_end_aligned(GROUP) \
	__cacheline_group_end(GROUP);        \
	struct { } __cacheline_group_pad__##GROUP ____cacheline_aligned

struct grp_base {
	long refcnt;
	long state;
};

struct grp_sock {
	struct grp_base base;	/* grp_sk(base) casts back */
	long cold0;
	__cacheline_group_begin(grp_sock_read_tx);
	long tx_a;
	int tx_b;
	__cacheline_group_end(grp_sock_read_tx);
	long cold1[6];
	long tx_c;		/* read on tx, but outside the group */
	long cold2[4];		/* pinned by the hot file */
	__cacheline_group_begin(grp_sock_write_rx) ____cacheline_aligned;
	long rx_w1;
	long rx_w2;
	__cacheline_group_end(grp_sock_write_rx);
	long cold3;
	__cacheline_group_begin_aligned(icmp);
	int credit;
	unsigned int stamp;
	__cacheline_group_end_aligned(icmp);
	long cold4;
	unsigned char priv[] ____cacheline_aligned;
};

struct grp_sock grp_sock_v;
