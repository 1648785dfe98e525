/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A kernel-style transmit queue that no cacheline group orders: bit-fields
 * in a nested union, names declared together on one line, an #if with an
 * #else, a member already aligned with ____cacheline_aligned_in_smp,
 * counters the completion path writes next to what the transmit path
 * reads, and a flexible array.
 */
#ifndef FIXTURE_QUEUE_H
#define FIXTURE_QUEUE_H

#include "kernel.h"

struct fix_device;
struct fix_desc;

/**
 * struct fix_txq - a transmit queue
 * @dev: the device the queue belongs to
 * @state: queue state bits
 * @ring: descriptors
 * @head: next descriptor the driver fills (transmit path)
 * @tail: next descriptor the device completes (completion path)
 * @completed: packets completed, written on every completion
 * @bytes_completed: bytes completed, written on every completion
 * @bufs: one buffer per descriptor
 */
struct fix_txq {
	struct fix_device	*dev;
	unsigned long		state;
	u32			budget, weight, head;	/* head: tx */
	union {
		struct {
			u8	stopped:1,
				frozen:1,
				xmit_more:1;
		};
		u8		flags;
	};
	u16			queue_index;
#if BITS_PER_LONG == 64
	u64			last_stall;
#else
	u32			last_stall;
	u32			last_stall_hi;
#endif
	struct fix_desc		*ring;		/* read by tx and completion */
	unsigned int		count;
	/* Written by the completion path only. */
	u32			tail;
	unsigned long		completed;
	unsigned long		bytes_completed;
	spinlock_t		lock ____cacheline_aligned_in_smp;
	unsigned int		mask;		/* tx */
	u16			numa_node;
	DECLARE_BITMAP(ids, 70);
	void			*bufs[];
};

/* A ring the producer and the consumer index from two CPUs, its indices
 * side by side as such rings start out. */
struct fix_ring {
	u32			prod_head;	/* written by the producer */
	u32			cons_head;	/* written by the consumer */
	u32			mask;
	u32			size;
	void			**slots;
	const char		*name;
	int			flags;
	int			socket_id;
	spinlock_t		resize_lock ____cacheline_aligned_in_smp;
};

/* Statistics whose transmit counter sits in a block between two large
 * cold arrays: keeping the block whole costs the transmit path a line. */
struct fix_stats {
	u64			tx_packets;
	char			description[100];
#ifdef CONFIG_FIX_TRACE
	char			trace_buf[100];
	u64			tx_traced;
	char			trace_tail[100];
#endif
	u64			tx_bytes;
};

#endif
