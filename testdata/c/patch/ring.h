/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A driver's receive ring, after the members and comments of the Intel
 * ice driver's struct ice_rx_ring (drivers/net/ethernet/intel/ice/
 * ice_txrx.h, Linux 6.12), with the cacheline groups a maintainer
 * converting it would mark: what the receive path reads, and what it
 * writes. The XDP buffer it starts with is 16 bytes bigger with
 * CONFIG_DRV_XDP_FRAGS, the read group holds a PTP block, and a block
 * for zero-copy sockets lies among the cold members. The
 * transmit ring beside it starts with the same buffer, and its write
 * group starts on a line.
 */
#ifndef FIXTURE_RING_H
#define FIXTURE_RING_H

#include "kernel.h"

struct device;
struct drv_vsi;
struct drv_q_vector;
struct drv_rx_buf;
struct drv_bpf_prog;
struct drv_ring_stats;
struct drv_channel;
struct drv_tx_buf;
struct drv_netdev;
struct drv_tx_offload;
struct drv_tx_ring;
struct drv_xsk_pool;
struct drv_xsk_zc_stats;
typedef u64 dma_addr_t;

/* The part of struct xdp_buff the ring keeps between polls. */
struct drv_xdp_buff {
	void *data;
	void *data_end;
	void *data_meta;
	void *data_hard_start;
	void *rxq;
	void *txq;
	void *pkt_ctx;
	void *desc;
	u32 frame_sz;
	u32 flags;
#ifdef CONFIG_DRV_XDP_FRAGS
	u32 nr_frags;
	u32 frag_truesize;
	void *frag_page;
#endif
};

/* Software counters, summed by ethtool -S. */
struct drv_rx_queue_stats {
	u64 alloc_page_failed;
	u64 alloc_buf_failed;
	u64 csum_err;
	u64 hsplit;
	u64 non_eop_descs;
};

struct drv_rx_ring {
	/* first: the XDP helpers take the ring as their buffer */
	struct drv_xdp_buff xdp;

	__cacheline_group_begin(drv_rx_ring_read_rx);
	void *desc;			/* Descriptor ring memory */
	u8 *tail;
	struct drv_rx_buf *rx_buf;
	struct drv_bpf_prog *xdp_prog;
	u16 count;			/* Number of descriptors */
	u16 rx_offset;
	u16 rx_buf_len;
#ifdef CONFIG_DRV_PTP
	u8 ptp_rx;
	u32 cached_phctime;
#endif
	__cacheline_group_end(drv_rx_ring_read_rx);

	/* used in interrupt processing */
	__cacheline_group_begin(drv_rx_ring_write_rx);
	u16 next_to_use;
	u16 next_to_clean;
	u16 next_to_alloc;
	u16 first_desc;
	struct drv_ring_stats *ring_stats;
	__cacheline_group_end(drv_rx_ring_write_rx);

	struct drv_rx_ring *next;	/* pointer to next ring in q_vector */
	struct device *dev;		/* Used for DMA mapping */
	struct drv_vsi *vsi;		/* Backreference to associated VSI */
	struct drv_q_vector *q_vector;	/* Backreference to associated vector */
	struct drv_channel *ch;
	struct drv_tx_ring *xdp_ring;
	struct drv_xsk_pool *xsk_pool;
#ifdef CONFIG_DRV_XSK_ZC
	struct drv_xsk_zc_stats *zc_stats;
#endif
	struct drv_rx_queue_stats qstats;
	dma_addr_t dma;			/* physical address of ring */
	u16 q_index;			/* Queue number of ring */
	u16 reg_idx;			/* HW register index of the ring */
	u16 max_frame;
	u8 dcb_tc;			/* Traffic class of ring */
	u8 flags;
};

struct drv_tx_ring {
	/* first: the XDP helpers take the ring as their buffer */
	struct drv_xdp_buff xdp;

	__cacheline_group_begin(drv_tx_ring_read_tx);
	void *desc;			/* Descriptor ring memory */
	u8 *tail;
	struct drv_tx_buf *tx_buf;
	struct drv_netdev *netdev;	/* netdev ring maps to */
	struct drv_q_vector *q_vector;	/* Backreference to associated vector */
	struct drv_tx_offload *offload;
	u16 count;			/* Number of descriptors */
	u16 q_index;			/* Queue number of ring */
	u32 txq_teid;			/* Added Tx queue TEID */
	__cacheline_group_end(drv_tx_ring_read_tx);

	dma_addr_t dma;			/* physical address of ring */

	__cacheline_group_begin(drv_tx_ring_write_tx) ____cacheline_aligned;
	u16 next_to_use;
	u16 next_to_clean;
	u32 xdp_tx_active;
	struct drv_ring_stats *ring_stats;
	__cacheline_group_end(drv_tx_ring_write_tx);

	struct drv_tx_ring *next;	/* pointer to next ring in q_vector */
	struct drv_channel *ch;
	struct drv_vsi *vsi;		/* Backreference to associated VSI */
	struct device *dev;		/* Used for DMA mapping */
	u16 quanta_prof_id;
	u8 dcb_tc;			/* Traffic class of ring */
};

#endif
