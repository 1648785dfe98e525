/* Cache-line shaped structs: aligned(64), a DPDK-like per-core queue, a
 * device with scattered tx fields, and a ring with separated indices. */
#include <stdint.h>

struct rte_mempool;
struct rte_mbuf;

/* aligned(64) on the struct: size rounds up to 64. */
struct al64 {
	int a;			/* 0 */
} __attribute__((aligned(64)));	/* size 64 */

/* aligned(64) on a member. */
struct member_al {
	int a;					/* 0 */
	long b __attribute__((aligned(64)));	/* 64 */
	char c;					/* 72 */
};						/* size 128 */

/* DPDK-like per-core receive queue: 64 bytes, 8-byte aligned. The three
 * counters are written on every poll. */
struct pkt_rx_queue {
	struct rte_mempool *mp;		/* 0 */
	struct rte_mbuf **sw_ring;	/* 8 */
	volatile void *rx_ring;		/* 16 */
	uint16_t port_id;		/* 24 */
	uint16_t queue_id;		/* 26 */
	uint16_t nb_desc;		/* 28 */
	uint16_t rx_tail;		/* 30 */
	uint32_t flags;			/* 32 */
	uint32_t rx_free_thresh;	/* 36 */
	uint64_t rx_pkts;		/* 40 */
	uint64_t rx_bytes;		/* 48 */
	uint64_t rx_nombuf;		/* 56 */
};					/* size 64 */

struct pkt_rx_queue_aligned {
	struct rte_mempool *mp;
	struct rte_mbuf **sw_ring;
	volatile void *rx_ring;
	uint16_t port_id;
	uint16_t queue_id;
	uint16_t nb_desc;
	uint16_t rx_tail;
	uint32_t flags;
	uint32_t rx_free_thresh;
	uint64_t rx_pkts;
	uint64_t rx_bytes;
	uint64_t rx_nombuf;
} __attribute__((aligned(64)));		/* size 64, align 64 */

/* Per-core arrays of each. */
struct pkt_rx_queue rx_queues[4];
struct pkt_rx_queue_aligned rx_queues_aligned[4];

/* A device whose tx fields are scattered over four cache lines. */
struct fake_netdev {
	char name[16];			/* 0 */
	uint64_t tx_packets;		/* 16, line 0 */
	void *rx_handler;		/* 24 */
	uint32_t mtu;			/* 32 */
	uint32_t flags;			/* 36 */
	char rx_stats[48];		/* 40 */
	uint64_t tx_bytes;		/* 88, line 1 */
	void *priv;			/* 96 */
	char misc[64];			/* 104 */
	uint32_t tx_queue_len;		/* 168, line 2 */
	int ifindex;			/* 172 */
	char more[80];			/* 176 */
	uint64_t tx_dropped;		/* 256, line 4 */
	void (*tx_timeout)(struct fake_netdev *dev, unsigned int txq);	/* 264 */
};					/* size 272 */

struct fake_netdev fake_netdev_v;

/* A single-producer single-consumer ring: head and tail kept on separate
 * lines by explicit padding. */
struct spsc_ring {
	volatile uint32_t head;		/* 0 */
	char pad0[60];			/* 4 */
	volatile uint32_t tail;		/* 64 */
	char pad1[60];			/* 68 */
	uint32_t mask;			/* 128 */
	uint32_t size;			/* 132 */
	void **slots;			/* 136 */
};					/* size 144 */

/* The same with aligned members instead of padding. */
struct spsc_ring_aligned {
	volatile uint32_t head __attribute__((aligned(64)));	/* 0 */
	volatile uint32_t tail __attribute__((aligned(64)));	/* 64 */
	uint32_t mask __attribute__((aligned(64)));		/* 128 */
	void **slots;						/* 136 */
};								/* size 192 */

struct spsc_ring spsc_ring_v;
struct spsc_ring_aligned spsc_ring_aligned_v;
struct al64 al64_v;
struct member_al member_al_v;
