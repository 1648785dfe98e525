/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Per-queue state of a packet-socket poll mode driver, in the shape of
 * DPDK's af_packet driver before its queues were aligned to cache lines:
 * one receive and one transmit queue per polling thread, kept side by
 * side in arrays inside the device's private data, each thread updating
 * its own queue's ring position and counters on every packet. Neither
 * struct is aligned to a line, so neighbouring queues share lines.
 */
#ifndef AFPACKET_QUEUES_H
#define AFPACKET_QUEUES_H

#include <stdint.h>

#define AFPACKET_MAX_QUEUES 16

struct frame;
struct mempool;

struct pkt_rx_queue {
	int sockfd;

	struct frame **rd;		/* the ring's frames */
	uint8_t *map;
	unsigned int framecount;
	unsigned int framenum;		/* next frame to read */

	struct mempool *mb_pool;
	uint16_t in_port;
	uint8_t vlan_strip;

	volatile unsigned long rx_pkts;
	volatile unsigned long rx_bytes;
};

struct pkt_tx_queue {
	int sockfd;
	unsigned int frame_data_size;

	struct frame **rd;
	uint8_t *map;
	unsigned int framecount;
	unsigned int framenum;		/* next frame to fill */

	volatile unsigned long tx_pkts;
	volatile unsigned long err_pkts;
	volatile unsigned long tx_bytes;
};

struct pmd_internals {
	unsigned int nb_queues;
	int if_index;
	char *if_name;
	uint8_t eth_addr[6];
	unsigned int req_blocksize;
	unsigned int req_framesz;
	unsigned int req_framecnt;

	struct pkt_rx_queue rx_queue[AFPACKET_MAX_QUEUES];
	struct pkt_tx_queue tx_queue[AFPACKET_MAX_QUEUES];
};

#endif
