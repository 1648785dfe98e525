/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A network device in the shape of struct net_device's fast path as
 * Linux 6.18 lays it out (include/linux/netdevice.h): three read-mostly
 * cacheline groups, members under CONFIG_ options inside and between
 * them, kernel-doc, a struct_group of bit-fields, an anonymous union and
 * a flexible array aligned to a line. The names are the kernel's where
 * the shape is; the order is one such a struct drifts into.
 */
#ifndef FIXTURE_NETDEV_H
#define FIXTURE_NETDEV_H

#include "kernel.h"

struct net_device_ops;
struct header_ops;
struct netdev_queue;
struct netdev_rx_queue;
struct bpf_prog;
struct bpf_mprog_entry;
struct xps_dev_maps;
struct nf_hook_entries;
struct netpoll_info;

/**
 * struct fix_net_device - the fast path of a network device
 * @priv_flags: flags the transmit path tests on every packet
 * @lltx: the driver does its own transmit locking
 * @netdev_ops: the driver's operations
 * @mtu: interface MTU value
 * @name: the interface's name
 * @state: generic network queuing layer state
 * @priv: the driver's private area, on a line of its own
 *
 * Fields of the read-mostly groups are documented in
 * Documentation/networking/net_cachelines/net_device.rst.
 */
struct fix_net_device {
	/* Cacheline organization can be found documented in
	 * Documentation/networking/net_cachelines/net_device.rst.
	 * Please update the document when adding new fields.
	 */

	/* TX read-mostly hotpath */
	__cacheline_group_begin(net_device_read_tx);
	struct_group(priv_flags_fast,
		unsigned long		priv_flags:32;
		unsigned long		lltx:1;
		unsigned long		netmem_tx:1;
	);
	const struct net_device_ops *netdev_ops;
	u16			gso_max_segs;
	const struct header_ops *header_ops;
	s16			num_tc;
	struct netdev_queue	*_tx;
	/* Note : dev->mtu is often read without holding a lock.
	 * Writers usually hold RTNL.
	 */
	unsigned int		mtu;
	u64			gso_partial_features;
	unsigned short		needed_headroom;
	unsigned int		real_num_tx_queues;
	unsigned int		gso_max_size;
#ifdef CONFIG_XPS
	struct xps_dev_maps __rcu *xps_maps[2];
#endif
#ifdef CONFIG_NETFILTER_EGRESS
	struct nf_hook_entries __rcu *nf_hooks_egress;
#endif
#ifdef CONFIG_NET_XGRESS
	struct bpf_mprog_entry __rcu *tcx_egress;
#endif
	__cacheline_group_end(net_device_read_tx);

	/* TXRX read-mostly hotpath */
	__cacheline_group_begin(net_device_read_txrx);
	union {
		struct pcpu_lstats __percpu		*lstats;
		struct pcpu_sw_netstats __percpu	*tstats;
		struct pcpu_dstats __percpu		*dstats;
	};
	unsigned long		state;
	unsigned int		flags;
	unsigned short		hard_header_len;
	u64			features;
	void			*ip6_ptr;
	__cacheline_group_end(net_device_read_txrx);

	/* RX read-mostly hotpath */
	__cacheline_group_begin(net_device_read_rx);
	struct bpf_prog __rcu	*xdp_prog;
	struct list_head	ptype_specific;
	int			ifindex;
	unsigned int		real_num_rx_queues;
	struct netdev_rx_queue	*_rx;
	unsigned int		gro_max_size;
	void			*rx_handler;
	void			*rx_handler_data;
	possible_net_t		nd_net;
#ifdef CONFIG_NETPOLL
	struct netpoll_info __rcu	*npinfo;
#endif
#ifdef CONFIG_NET_XGRESS
	struct bpf_mprog_entry __rcu *tcx_ingress;
	u32			tcx_ingress_flags;
#endif
	__cacheline_group_end(net_device_read_rx);

	char			name[IFNAMSIZ];
	struct hlist_head	name_node;
	unsigned long long	gso_ipv4_max_size;	/* read on tx, outside the group */
	struct list_head	dev_list;
	struct list_head	napi_list;
	struct list_head	unreg_list;
	struct list_head	close_list;
	struct list_head	ptype_all;

	struct {
		struct list_head upper;
		struct list_head lower;
	} adj_list;

	/* Read-mostly cache-line for fast-path access */
	DECLARE_BITMAP(hw_features_mask, 128);
	u64			hw_features;
	u64			wanted_features;
	u64			vlan_features;
	unsigned int		min_mtu;
	unsigned int		max_mtu;
	unsigned short		type;
	unsigned char		min_header_len;
	unsigned char		name_assign_type;
	int			group;
	atomic_long_t		rx_dropped;	/* written on rx by every CPU */
	atomic_long_t		tx_dropped;	/* written on tx by every CPU */
	atomic_t		carrier_up_count;
	atomic_t		carrier_down_count;
	unsigned char		perm_addr[32];
	unsigned char		addr_assign_type;
	unsigned char		addr_len;
	refcount_t		dev_refcnt;
	spinlock_t		addr_list_lock;
	unsigned int		priv_len;
	u8			priv[] ____cacheline_aligned
				       __counted_by(priv_len);
} ____cacheline_aligned;

#endif
