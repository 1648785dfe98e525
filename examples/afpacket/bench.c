/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A polling loop over struct pkt_rx_queue and struct pkt_tx_queue
 * (queues.h): one thread per queue, pinned to a CPU where the system
 * allows, each receiving a packet from its ring and transmitting it on
 * every iteration, as a forwarding core does, updating its queues' ring
 * positions and counters as the driver does. It prints the nanoseconds
 * and TSC cycles per packet of the slowest thread.
 *
 *	bench [THREADS [PACKETS]]	(default 2 threads, 20000000 packets)
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <x86intrin.h>

#include "queues.h"

struct frame {
	volatile unsigned int status;	/* 1: the kernel filled it */
	unsigned int len;
	char data[56];
};

#define FRAMES 256

static struct pmd_internals *internals;
static long packets;
static pthread_barrier_t start;

struct result {
	double ns, cycles;
};

static struct frame **ring(void)
{
	struct frame **rd = aligned_alloc(64, FRAMES * sizeof(*rd));
	struct frame *frames = aligned_alloc(64, FRAMES * sizeof(*frames));

	for (int i = 0; i < FRAMES; i++) {
		frames[i].status = 1;
		frames[i].len = 60 + i % 1400;
		rd[i] = &frames[i];
	}
	return rd;
}

/* rx_burst and tx_burst do per packet what the driver's burst functions
 * do: read the queue's ring, give the frame back, advance, count. */
static unsigned int rx_one(struct pkt_rx_queue *q)
{
	struct frame *f = q->rd[q->framenum];
	unsigned int len = 0;

	if (f->status) {
		len = f->len + q->in_port + q->vlan_strip;
		f->status = 1; /* back to the kernel, which refills it at once */
		if (++q->framenum >= q->framecount)
			q->framenum = 0;
		q->rx_pkts++;
		q->rx_bytes += len;
	}
	return len;
}

static void tx_one(struct pkt_tx_queue *q, unsigned int len)
{
	struct frame *f = q->rd[q->framenum];

	if (!f->status) {
		q->err_pkts++;
		return;
	}
	f->len = len;
	if (++q->framenum >= q->framecount)
		q->framenum = 0;
	q->tx_pkts++;
	q->tx_bytes += len;
}

static void *poll_queue(void *arg)
{
	long id = (long)arg;
	struct pkt_rx_queue *rxq = &internals->rx_queue[id];
	struct pkt_tx_queue *txq = &internals->tx_queue[id];
	struct timespec t0, t1;
	struct result *r = malloc(sizeof(*r));
	cpu_set_t cpus;

	CPU_ZERO(&cpus);
	CPU_SET(id % sysconf(_SC_NPROCESSORS_ONLN), &cpus);
	pthread_setaffinity_np(pthread_self(), sizeof(cpus), &cpus); /* where allowed */
	pthread_barrier_wait(&start);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	unsigned long long c0 = __rdtsc();
	for (long i = 0; i < packets; i++)
		tx_one(txq, rx_one(rxq));
	unsigned long long c1 = __rdtsc();
	clock_gettime(CLOCK_MONOTONIC, &t1);
	r->ns = ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / packets;
	r->cycles = (double)(c1 - c0) / packets;
	return r;
}

int main(int argc, char **argv)
{
	long threads = argc > 1 ? atol(argv[1]) : 2;
	pthread_t tid[AFPACKET_MAX_QUEUES];
	double ns = 0, cycles = 0;

	packets = argc > 2 ? atol(argv[2]) : 20000000;
	if (threads < 1 || threads > AFPACKET_MAX_QUEUES || packets < 1) {
		fprintf(stderr, "usage: bench [THREADS (1-%d) [PACKETS]]\n", AFPACKET_MAX_QUEUES);
		return 1;
	}
	/* The device's private data, as rte_zmalloc gives it: on a line. */
	internals = aligned_alloc(64, (sizeof(*internals) + 63) / 64 * 64);
	memset(internals, 0, sizeof(*internals));
	internals->nb_queues = threads;
	for (long i = 0; i < threads; i++) {
		internals->rx_queue[i].rd = ring();
		internals->rx_queue[i].framecount = FRAMES;
		internals->tx_queue[i].rd = ring();
		internals->tx_queue[i].framecount = FRAMES;
	}
	pthread_barrier_init(&start, NULL, threads);
	for (long i = 0; i < threads; i++)
		pthread_create(&tid[i], NULL, poll_queue, (void *)i);
	for (long i = 0; i < threads; i++) {
		struct result *r;

		pthread_join(tid[i], (void **)&r);
		if (r->ns > ns)
			ns = r->ns, cycles = r->cycles;
	}
	printf("%.2f ns/pkt %.1f cycles/pkt (slowest of %ld threads, %ld packets each; rx queues %zu bytes, tx queues %zu bytes)\n",
	       ns, cycles, threads, packets, sizeof(struct pkt_rx_queue), sizeof(struct pkt_tx_queue));
	return 0;
}
