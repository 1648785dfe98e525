/* struct tcp_sock of Linux 6.1 (Debian 6.1.0-57-cloud-amd64), with the
 * types it holds expanded in place: the kernel's own definitions
 * (GPL-2.0), as `pahole -E -C tcp_sock` prints them from BTF encoded
 * from that kernel's vmlinux (scripts/fetch-vmlinux; pahole -J
 * --btf_encode_detached), with the tag of each struct or union type
 * kept where it is first defined and dropped after, so that each is
 * defined once. Its members lie where the vmlinux has them.
 */
#include <stdbool.h>
typedef unsigned int u32;
struct tcp_sock {
	struct inet_connection_sock {
		struct inet_sock {
			struct sock {
				struct sock_common {
					union {
						/* typedef __addrpair -> __u64 */ long long unsigned int skc_addrpair; /*     0     8 */
						struct {
							/* typedef __be32 -> __u32 */ unsigned int           skc_daddr; /*     0     4 */
							/* typedef __be32 -> __u32 */ unsigned int           skc_rcv_saddr; /*     4     4 */
						};                                       /*     0     8 */
					};                                               /*     0     8 */
					union {
						unsigned int   skc_hash;                 /*     8     4 */
						/* typedef __u16 */ short unsigned int skc_u16hashes[2]; /*     8     4 */
					};                                               /*     8     4 */
					union {
						/* typedef __portpair -> __u32 */ unsigned int   skc_portpair; /*    12     4 */
						struct {
							/* typedef __be16 -> __u16 */ short unsigned int     skc_dport; /*    12     2 */
							/* typedef __u16 */ short unsigned int     skc_num; /*    14     2 */
						};                                       /*    12     4 */
					};                                               /*    12     4 */
					short unsigned int skc_family;                   /*    16     2 */
					volatile unsigned char  skc_state;               /*    18     1 */
					unsigned char skc_reuse:4;                       /*    19: 0  1 */
					unsigned char skc_reuseport:1;                   /*    19: 4  1 */
					unsigned char skc_ipv6only:1;                    /*    19: 5  1 */
					unsigned char skc_net_refcnt:1;                  /*    19: 6  1 */

					/* XXX 1 bit hole, try to pack */

					int    skc_bound_dev_if;                         /*    20     4 */
					union {
						struct hlist_node {
							struct hlist_node *    next;     /*    24     8 */
							struct hlist_node * *  pprev;    /*    32     8 */
						}skc_bind_node; /*    24    16 */
						struct {
							struct hlist_node *    next;     /*    24     8 */
							struct hlist_node * *  pprev;    /*    32     8 */
						}skc_portaddr_node; /*    24    16 */
					};                                               /*    24    16 */
					struct proto * skc_prot;                         /*    40     8 */
					/* typedef possible_net_t */ struct {
						struct net *   net;                      /*    48     8 */
					} skc_net; /*    48     8 */
					struct in6_addr {
						union {
							/* typedef __u8 */ unsigned char          u6_addr8[16]; /*    56    16 */
							/* typedef __be16 -> __u16 */ short unsigned int     u6_addr16[8]; /*    56    16 */
							/* typedef __be32 -> __u32 */ unsigned int           u6_addr32[4]; /*    56    16 */
						} in6_u;                                 /*    56    16 */
					}skc_v6_daddr; /*    56    16 */
					/* --- cacheline 1 boundary (64 bytes) was 8 bytes ago --- */
					struct {
						union {
							/* typedef __u8 */ unsigned char          u6_addr8[16]; /*    72    16 */
							/* typedef __be16 -> __u16 */ short unsigned int     u6_addr16[8]; /*    72    16 */
							/* typedef __be32 -> __u32 */ unsigned int           u6_addr32[4]; /*    72    16 */
						} in6_u;                                 /*    72    16 */
					}skc_v6_rcv_saddr; /*    72    16 */
					/* typedef atomic64_t */ struct {
						/* typedef s64 -> __s64 */ long long int  counter; /*    88     8 */
					} skc_cookie; /*    88     8 */
					union {
						long unsigned int skc_flags;             /*    96     8 */
						struct sock *  skc_listener;             /*    96     8 */
						struct inet_timewait_death_row * skc_tw_dr; /*    96     8 */
					};                                               /*    96     8 */
					int    skc_dontcopy_begin[0];                    /*   104     0 */
					union {
						struct {
							struct hlist_node *    next;     /*   104     8 */
							struct hlist_node * *  pprev;    /*   112     8 */
						}skc_node; /*   104    16 */
						struct hlist_nulls_node {
							struct hlist_nulls_node * next;  /*   104     8 */
							struct hlist_nulls_node * * pprev; /*   112     8 */
						}skc_nulls_node; /*   104    16 */
					};                                               /*   104    16 */
					short unsigned int skc_tx_queue_mapping;         /*   120     2 */
					short unsigned int skc_rx_queue_mapping;         /*   122     2 */
					union {
						int            skc_incoming_cpu;         /*   124     4 */
						/* typedef u32 -> __u32 */ unsigned int   skc_rcv_wnd; /*   124     4 */
						/* typedef u32 -> __u32 */ unsigned int   skc_tw_rcv_nxt; /*   124     4 */
					};                                               /*   124     4 */
					/* --- cacheline 2 boundary (128 bytes) --- */
					/* typedef refcount_t */ struct refcount_struct {
						/* typedef atomic_t */ struct {
							int                    counter;  /*   128     4 */
						} refs; /*   128     4 */
					} skc_refcnt; /*   128     4 */
					int    skc_dontcopy_end[0];                      /*   132     0 */
					union {
						/* typedef u32 -> __u32 */ unsigned int   skc_rxhash; /*   132     4 */
						/* typedef u32 -> __u32 */ unsigned int   skc_window_clamp; /*   132     4 */
						/* typedef u32 -> __u32 */ unsigned int   skc_tw_snd_nxt; /*   132     4 */
					};                                               /*   132     4 */
				}__sk_common; /*     0   136 */
				struct dst_entry * sk_rx_dst;                            /*   136     8 */
				int sk_rx_dst_ifindex;                                   /*   144     4 */
				/* typedef u32 -> __u32 */ unsigned int sk_rx_dst_cookie; /*   148     4 */
				/* typedef socket_lock_t */ struct {
					/* typedef spinlock_t */ struct spinlock {
						union {
							struct raw_spinlock {
								/* typedef arch_spinlock_t */ struct qspinlock {
									union {
										/* typedef atomic_t */ struct {
											int                                                    counter; /*   152     4 */
										} val; /*   152     4 */
										struct {
											/* typedef u8 -> __u8 */ unsigned char                                          locked; /*   152     1 */
											/* typedef u8 -> __u8 */ unsigned char                                          pending; /*   153     1 */
										};       /*   152     2 */
										struct {
											/* typedef u16 -> __u16 */ short unsigned int                                     locked_pending; /*   152     2 */
											/* typedef u16 -> __u16 */ short unsigned int                                     tail; /*   154     2 */
										};       /*   152     4 */
									};               /*   152     4 */
								} raw_lock; /*   152     4 */
							}rlock; /*   152     4 */
						};                                       /*   152     4 */
					} slock; /*   152     4 */
					int    owned;                                    /*   156     4 */
					/* typedef wait_queue_head_t */ struct wait_queue_head {
						/* typedef spinlock_t */ struct {
							union {
								struct {
									/* typedef arch_spinlock_t */ struct {
										union {
											/* typedef atomic_t */ struct {
												int                                                            counter; /*   160     4 */
											} val; /*   160     4 */
											struct {
												/* typedef u8 -> __u8 */ unsigned char                                                  locked; /*   160     1 */
												/* typedef u8 -> __u8 */ unsigned char                                                  pending; /*   161     1 */
											}; /*   160     2 */
											struct {
												/* typedef u16 -> __u16 */ short unsigned int                                             locked_pending; /*   160     2 */
												/* typedef u16 -> __u16 */ short unsigned int                                             tail; /*   162     2 */
											}; /*   160     4 */
										};       /*   160     4 */
									} raw_lock; /*   160     4 */
								}rlock; /*   160     4 */
							};                               /*   160     4 */
						} lock; /*   160     4 */

						/* XXX 4 bytes hole, try to pack */

						struct list_head {
							struct list_head *     next;     /*   168     8 */
							struct list_head *     prev;     /*   176     8 */
						}head; /*   168    16 */
					} wq; /*   160    24 */
				} sk_lock; /*   152    32 */
				/* typedef atomic_t */ struct {
					int    counter;                                  /*   184     4 */
				} sk_drops; /*   184     4 */
				int sk_rcvlowat;                                         /*   188     4 */
				/* --- cacheline 3 boundary (192 bytes) --- */
				struct sk_buff_head {
					union {
						struct {
							struct sk_buff *       next;     /*   192     8 */
							struct sk_buff *       prev;     /*   200     8 */
						};                                       /*   192    16 */
						struct sk_buff_list {
							struct sk_buff *       next;     /*   192     8 */
							struct sk_buff *       prev;     /*   200     8 */
						}list; /*   192    16 */
					};                                               /*   192    16 */
					/* typedef __u32 */ unsigned int qlen;           /*   208     4 */
					/* typedef spinlock_t */ struct {
						union {
							struct {
								/* typedef arch_spinlock_t */ struct {
									union {
										/* typedef atomic_t */ struct {
											int                                                    counter; /*   212     4 */
										} val; /*   212     4 */
										struct {
											/* typedef u8 -> __u8 */ unsigned char                                          locked; /*   212     1 */
											/* typedef u8 -> __u8 */ unsigned char                                          pending; /*   213     1 */
										};       /*   212     2 */
										struct {
											/* typedef u16 -> __u16 */ short unsigned int                                     locked_pending; /*   212     2 */
											/* typedef u16 -> __u16 */ short unsigned int                                     tail; /*   214     2 */
										};       /*   212     4 */
									};               /*   212     4 */
								} raw_lock; /*   212     4 */
							}rlock; /*   212     4 */
						};                                       /*   212     4 */
					} lock; /*   212     4 */
				}sk_error_queue; /*   192    24 */
				struct {
					union {
						struct {
							struct sk_buff *       next;     /*   216     8 */
							struct sk_buff *       prev;     /*   224     8 */
						};                                       /*   216    16 */
						struct {
							struct sk_buff *       next;     /*   216     8 */
							struct sk_buff *       prev;     /*   224     8 */
						}list; /*   216    16 */
					};                                               /*   216    16 */
					/* typedef __u32 */ unsigned int qlen;           /*   232     4 */
					/* typedef spinlock_t */ struct {
						union {
							struct {
								/* typedef arch_spinlock_t */ struct {
									union {
										/* typedef atomic_t */ struct {
											int                                                    counter; /*   236     4 */
										} val; /*   236     4 */
										struct {
											/* typedef u8 -> __u8 */ unsigned char                                          locked; /*   236     1 */
											/* typedef u8 -> __u8 */ unsigned char                                          pending; /*   237     1 */
										};       /*   236     2 */
										struct {
											/* typedef u16 -> __u16 */ short unsigned int                                     locked_pending; /*   236     2 */
											/* typedef u16 -> __u16 */ short unsigned int                                     tail; /*   238     2 */
										};       /*   236     4 */
									};               /*   236     4 */
								} raw_lock; /*   236     4 */
							}rlock; /*   236     4 */
						};                                       /*   236     4 */
					} lock; /*   236     4 */
				}sk_receive_queue; /*   216    24 */
				struct {
					/* typedef atomic_t */ struct {
						int            counter;                  /*   240     4 */
					} rmem_alloc; /*   240     4 */
					int    len;                                      /*   244     4 */
					struct sk_buff * head;                           /*   248     8 */
					/* --- cacheline 4 boundary (256 bytes) --- */
					struct sk_buff * tail;                           /*   256     8 */
				} sk_backlog;                                            /*   240    24 */
				int sk_forward_alloc;                                    /*   264     4 */
				/* typedef u32 -> __u32 */ unsigned int sk_reserved_mem; /*   268     4 */
				unsigned int sk_ll_usec;                                 /*   272     4 */
				unsigned int sk_napi_id;                                 /*   276     4 */
				int sk_rcvbuf;                                           /*   280     4 */
				int sk_disconnects;                                      /*   284     4 */
				struct sk_filter * sk_filter;                            /*   288     8 */
				union {
					struct socket_wq * sk_wq;                        /*   296     8 */
					struct socket_wq * sk_wq_raw;                    /*   296     8 */
				};                                                       /*   296     8 */
				struct xfrm_policy * sk_policy[2];                       /*   304    16 */
				/* --- cacheline 5 boundary (320 bytes) --- */
				struct dst_entry * sk_dst_cache;                         /*   320     8 */
				/* typedef atomic_t */ struct {
					int    counter;                                  /*   328     4 */
				} sk_omem_alloc; /*   328     4 */
				int sk_sndbuf;                                           /*   332     4 */
				int sk_wmem_queued;                                      /*   336     4 */
				/* typedef refcount_t */ struct {
					/* typedef atomic_t */ struct {
						int            counter;                  /*   340     4 */
					} refs; /*   340     4 */
				} sk_wmem_alloc; /*   340     4 */
				long unsigned int sk_tsq_flags;                          /*   344     8 */
				union {
					struct sk_buff * sk_send_head;                   /*   352     8 */
					struct rb_root {
						struct rb_node * rb_node;                /*   352     8 */
					}tcp_rtx_queue; /*   352     8 */
				};                                                       /*   352     8 */
				struct {
					union {
						struct {
							struct sk_buff *       next;     /*   360     8 */
							struct sk_buff *       prev;     /*   368     8 */
						};                                       /*   360    16 */
						struct {
							struct sk_buff *       next;     /*   360     8 */
							struct sk_buff *       prev;     /*   368     8 */
						}list; /*   360    16 */
					};                                               /*   360    16 */
					/* typedef __u32 */ unsigned int qlen;           /*   376     4 */
					/* typedef spinlock_t */ struct {
						union {
							struct {
								/* typedef arch_spinlock_t */ struct {
									union {
										/* typedef atomic_t */ struct {
											int                                                    counter; /*   380     4 */
										} val; /*   380     4 */
										struct {
											/* typedef u8 -> __u8 */ unsigned char                                          locked; /*   380     1 */
											/* typedef u8 -> __u8 */ unsigned char                                          pending; /*   381     1 */
										};       /*   380     2 */
										struct {
											/* typedef u16 -> __u16 */ short unsigned int                                     locked_pending; /*   380     2 */
											/* typedef u16 -> __u16 */ short unsigned int                                     tail; /*   382     2 */
										};       /*   380     4 */
									};               /*   380     4 */
								} raw_lock; /*   380     4 */
							}rlock; /*   380     4 */
						};                                       /*   380     4 */
					} lock; /*   380     4 */
				}sk_write_queue; /*   360    24 */
				/* --- cacheline 6 boundary (384 bytes) --- */
				/* typedef __s32 */ int sk_peek_off;                     /*   384     4 */
				int sk_write_pending;                                    /*   388     4 */
				/* typedef __u32 */ unsigned int sk_dst_pending_confirm; /*   392     4 */
				/* typedef u32 -> __u32 */ unsigned int sk_pacing_status; /*   396     4 */
				long int sk_sndtimeo;                                    /*   400     8 */
				union {
					struct timer_list {
						struct {
							struct hlist_node *    next;     /*   408     8 */
							struct hlist_node * *  pprev;    /*   416     8 */
						}entry; /*   408    16 */
						long unsigned int expires;               /*   424     8 */
						void           (*function)(struct timer_list *); /*   432     8 */
						/* typedef u32 -> __u32 */ unsigned int   flags; /*   440     4 */
					}sk_timer; /*   408    40 */
					struct {
						struct {
							struct hlist_node *    next;     /*   408     8 */
							struct hlist_node * *  pprev;    /*   416     8 */
						}entry; /*   408    16 */
						long unsigned int expires;               /*   424     8 */
						void           (*function)(struct timer_list *); /*   432     8 */
						/* typedef u32 -> __u32 */ unsigned int   flags; /*   440     4 */
					}mptcp_retransmit_timer; /*   408    40 */
				};                                                       /*   408    40 */
				/* --- cacheline 7 boundary (448 bytes) --- */
				/* typedef __u32 */ unsigned int sk_priority;            /*   448     4 */
				/* typedef __u32 */ unsigned int sk_mark;                /*   452     4 */
				long unsigned int sk_pacing_rate;                        /*   456     8 */
				long unsigned int sk_max_pacing_rate;                    /*   464     8 */
				struct page_frag {
					struct page * page;                              /*   472     8 */
					/* typedef __u32 */ unsigned int offset;         /*   480     4 */
					/* typedef __u32 */ unsigned int size;           /*   484     4 */
				}sk_frag; /*   472    16 */
				/* typedef netdev_features_t -> u64 -> __u64 */ long long unsigned int sk_route_caps; /*   488     8 */
				int sk_gso_type;                                         /*   496     4 */
				unsigned int sk_gso_max_size;                            /*   500     4 */
				/* typedef gfp_t */ unsigned int sk_allocation;          /*   504     4 */
				/* typedef __u32 */ unsigned int sk_txhash;              /*   508     4 */
				/* --- cacheline 8 boundary (512 bytes) --- */
				/* typedef u8 -> __u8 */ unsigned char sk_gso_disabled:1; /*   512: 0  1 */
				/* typedef u8 -> __u8 */ unsigned char sk_kern_sock:1;   /*   512: 1  1 */
				/* typedef u8 -> __u8 */ unsigned char sk_no_check_tx:1; /*   512: 2  1 */
				/* typedef u8 -> __u8 */ unsigned char sk_no_check_rx:1; /*   512: 3  1 */
				/* typedef u8 -> __u8 */ unsigned char sk_userlocks:4;   /*   512: 4  1 */
				/* typedef u8 -> __u8 */ unsigned char sk_pacing_shift;  /*   513     1 */
				/* typedef u16 -> __u16 */ short unsigned int sk_type;   /*   514     2 */
				/* typedef u16 -> __u16 */ short unsigned int sk_protocol; /*   516     2 */
				/* typedef u16 -> __u16 */ short unsigned int sk_gso_max_segs; /*   518     2 */
				long unsigned int sk_lingertime;                         /*   520     8 */
				struct proto * sk_prot_creator;                          /*   528     8 */
				/* typedef rwlock_t */ struct {
					/* typedef arch_rwlock_t */ struct qrwlock {
						union {
							/* typedef atomic_t */ struct {
								int                            counter; /*   536     4 */
							} cnts; /*   536     4 */
							struct {
								/* typedef u8 -> __u8 */ unsigned char                  wlocked; /*   536     1 */
								/* typedef u8 -> __u8 */ unsigned char                  __lstate[3]; /*   537     3 */
							};                               /*   536     4 */
						};                                       /*   536     4 */
						/* typedef arch_spinlock_t */ struct {
							union {
								/* typedef atomic_t */ struct {
									int                                    counter; /*   540     4 */
								} val; /*   540     4 */
								struct {
									/* typedef u8 -> __u8 */ unsigned char                          locked; /*   540     1 */
									/* typedef u8 -> __u8 */ unsigned char                          pending; /*   541     1 */
								};                       /*   540     2 */
								struct {
									/* typedef u16 -> __u16 */ short unsigned int                     locked_pending; /*   540     2 */
									/* typedef u16 -> __u16 */ short unsigned int                     tail; /*   542     2 */
								};                       /*   540     4 */
							};                               /*   540     4 */
						} wait_lock; /*   540     4 */
					} raw_lock; /*   536     8 */
				} sk_callback_lock; /*   536     8 */
				int sk_err;                                              /*   544     4 */
				int sk_err_soft;                                         /*   548     4 */
				/* typedef u32 -> __u32 */ unsigned int sk_ack_backlog;  /*   552     4 */
				/* typedef u32 -> __u32 */ unsigned int sk_max_ack_backlog; /*   556     4 */
				/* typedef kuid_t */ struct {
					/* typedef uid_t -> __kernel_uid32_t */ unsigned int val; /*   560     4 */
				} sk_uid; /*   560     4 */
				/* typedef u8 -> __u8 */ unsigned char sk_txrehash;      /*   564     1 */
				/* typedef u8 -> __u8 */ unsigned char sk_prefer_busy_poll; /*   565     1 */
				/* typedef u16 -> __u16 */ short unsigned int sk_busy_poll_budget; /*   566     2 */
				/* typedef spinlock_t */ struct {
					union {
						struct {
							/* typedef arch_spinlock_t */ struct {
								union {
									/* typedef atomic_t */ struct {
										int                                            counter; /*   568     4 */
									} val; /*   568     4 */
									struct {
										/* typedef u8 -> __u8 */ unsigned char                                  locked; /*   568     1 */
										/* typedef u8 -> __u8 */ unsigned char                                  pending; /*   569     1 */
									};               /*   568     2 */
									struct {
										/* typedef u16 -> __u16 */ short unsigned int                             locked_pending; /*   568     2 */
										/* typedef u16 -> __u16 */ short unsigned int                             tail; /*   570     2 */
									};               /*   568     4 */
								};                       /*   568     4 */
							} raw_lock; /*   568     4 */
						}rlock; /*   568     4 */
					};                                               /*   568     4 */
				} sk_peer_lock; /*   568     4 */
				int sk_bind_phc;                                         /*   572     4 */
				/* --- cacheline 9 boundary (576 bytes) --- */
				struct pid * sk_peer_pid;                                /*   576     8 */
				const struct cred  * sk_peer_cred;                       /*   584     8 */
				long int sk_rcvtimeo;                                    /*   592     8 */
				/* typedef ktime_t -> s64 -> __s64 */ long long int sk_stamp; /*   600     8 */
				/* typedef u16 -> __u16 */ short unsigned int sk_tsflags; /*   608     2 */
				/* typedef u8 -> __u8 */ unsigned char sk_shutdown;      /*   610     1 */

				/* XXX 1 byte hole, try to pack */

				/* typedef atomic_t */ struct {
					int    counter;                                  /*   612     4 */
				} sk_tskey; /*   612     4 */
				/* typedef atomic_t */ struct {
					int    counter;                                  /*   616     4 */
				} sk_zckey; /*   616     4 */
				/* typedef u8 -> __u8 */ unsigned char sk_clockid;       /*   620     1 */
				/* typedef u8 -> __u8 */ unsigned char sk_txtime_deadline_mode:1; /*   621: 0  1 */
				/* typedef u8 -> __u8 */ unsigned char sk_txtime_report_errors:1; /*   621: 1  1 */
				/* typedef u8 -> __u8 */ unsigned char sk_txtime_unused:6; /*   621: 2  1 */
				/* typedef bool */ _Bool sk_use_task_frag;               /*   622     1 */

				/* XXX 1 byte hole, try to pack */

				struct socket * sk_socket;                               /*   624     8 */
				void * sk_user_data;                                     /*   632     8 */
				/* --- cacheline 10 boundary (640 bytes) --- */
				void * sk_security;                                      /*   640     8 */
				struct sock_cgroup_data {
					struct cgroup * cgroup;                          /*   648     8 */
					/* typedef u32 -> __u32 */ unsigned int classid; /*   656     4 */
					/* typedef u16 -> __u16 */ short unsigned int prioidx; /*   660     2 */
				}sk_cgrp_data; /*   648    16 */

				/* XXX last struct has 2 bytes of padding */

				struct mem_cgroup * sk_memcg;                            /*   664     8 */
				void (*sk_state_change)(struct sock *);                  /*   672     8 */
				void (*sk_data_ready)(struct sock *);                    /*   680     8 */
				void (*sk_write_space)(struct sock *);                   /*   688     8 */
				void (*sk_error_report)(struct sock *);                  /*   696     8 */
				/* --- cacheline 11 boundary (704 bytes) --- */
				int (*sk_backlog_rcv)(struct sock *, struct sk_buff *);  /*   704     8 */
				struct sk_buff * (*sk_validate_xmit_skb)(struct sock *, struct net_device *, struct sk_buff *); /*   712     8 */
				void (*sk_destruct)(struct sock *);                      /*   720     8 */
				struct sock_reuseport * sk_reuseport_cb;                 /*   728     8 */
				struct bpf_local_storage * sk_bpf_storage;               /*   736     8 */
				struct callback_head {
					struct callback_head * next;                     /*   744     8 */
					void   (*func)(struct callback_head *);          /*   752     8 */
				}sk_rcu; /*   744    16 */
				/* typedef netns_tracker */ struct {
				} ns_tracker;   /*   760     0 */
				struct {
					struct hlist_node * next;                        /*   760     8 */
					/* --- cacheline 12 boundary (768 bytes) --- */
					struct hlist_node * * pprev;                     /*   768     8 */
				}sk_bind2_node; /*   760    16 */
			}sk; /*     0   776 */
			struct ipv6_pinfo * pinet6;                                      /*   776     8 */
			/* typedef __be32 -> __u32 */ unsigned int inet_saddr;           /*   784     4 */
			/* typedef __s16 */ short int  uc_ttl;                           /*   788     2 */
			/* typedef __u16 */ short unsigned int cmsg_flags;               /*   790     2 */
			struct ip_options_rcu * inet_opt;                                /*   792     8 */
			/* typedef atomic_t */ struct {
				int counter;                                             /*   800     4 */
			} inet_id; /*   800     4 */
			/* typedef __be16 -> __u16 */ short unsigned int inet_sport;     /*   804     2 */
			/* typedef __u8 */ unsigned char tos;                            /*   806     1 */
			/* typedef __u8 */ unsigned char min_ttl;                        /*   807     1 */
			/* typedef __u8 */ unsigned char mc_ttl;                         /*   808     1 */
			/* typedef __u8 */ unsigned char pmtudisc;                       /*   809     1 */
			/* typedef __u8 */ unsigned char recverr:1;                      /*   810: 0  1 */
			/* typedef __u8 */ unsigned char is_icsk:1;                      /*   810: 1  1 */
			/* typedef __u8 */ unsigned char freebind:1;                     /*   810: 2  1 */
			/* typedef __u8 */ unsigned char hdrincl:1;                      /*   810: 3  1 */
			/* typedef __u8 */ unsigned char mc_loop:1;                      /*   810: 4  1 */
			/* typedef __u8 */ unsigned char transparent:1;                  /*   810: 5  1 */
			/* typedef __u8 */ unsigned char mc_all:1;                       /*   810: 6  1 */
			/* typedef __u8 */ unsigned char nodefrag:1;                     /*   810: 7  1 */
			/* typedef __u8 */ unsigned char bind_address_no_port:1;         /*   811: 0  1 */
			/* typedef __u8 */ unsigned char recverr_rfc4884:1;              /*   811: 1  1 */
			/* typedef __u8 */ unsigned char defer_connect:1;                /*   811: 2  1 */

			/* XXX 5 bits hole, try to pack */

			/* typedef __u8 */ unsigned char rcv_tos;                        /*   812     1 */
			/* typedef __u8 */ unsigned char convert_csum;                   /*   813     1 */

			/* XXX 2 bytes hole, try to pack */

			int        uc_index;                                             /*   816     4 */
			int        mc_index;                                             /*   820     4 */
			/* typedef __be32 -> __u32 */ unsigned int mc_addr;              /*   824     4 */

			/* XXX 4 bytes hole, try to pack */

			/* --- cacheline 13 boundary (832 bytes) --- */
			struct ip_mc_socklist * mc_list;                                 /*   832     8 */
			struct inet_cork_full {
				struct inet_cork {
					unsigned int flags;                              /*   840     4 */
					/* typedef __be32 -> __u32 */ unsigned int addr; /*   844     4 */
					struct ip_options * opt;                         /*   848     8 */
					unsigned int fragsize;                           /*   856     4 */
					int    length;                                   /*   860     4 */
					struct dst_entry * dst;                          /*   864     8 */
					/* typedef u8 -> __u8 */ unsigned char tx_flags; /*   872     1 */
					/* typedef __u8 */ unsigned char ttl;            /*   873     1 */
					/* typedef __s16 */ short int tos;               /*   874     2 */
					char   priority;                                 /*   876     1 */

					/* XXX 1 byte hole, try to pack */

					/* typedef __u16 */ short unsigned int gso_size; /*   878     2 */
					/* typedef u64 -> __u64 */ long long unsigned int transmit_time; /*   880     8 */
					/* typedef u32 -> __u32 */ unsigned int mark;    /*   888     4 */
				}base; /*   840    56 */

				/* XXX last struct has 4 bytes of padding */

				/* --- cacheline 14 boundary (896 bytes) --- */
				struct flowi {
					union {
						struct flowi_common {
							int                    flowic_oif; /*   896     4 */
							int                    flowic_iif; /*   900     4 */
							int                    flowic_l3mdev; /*   904     4 */
							/* typedef __u32 */ unsigned int           flowic_mark; /*   908     4 */
							/* typedef __u8 */ unsigned char          flowic_tos; /*   912     1 */
							/* typedef __u8 */ unsigned char          flowic_scope; /*   913     1 */
							/* typedef __u8 */ unsigned char          flowic_proto; /*   914     1 */
							/* typedef __u8 */ unsigned char          flowic_flags; /*   915     1 */
							/* typedef __u32 */ unsigned int           flowic_secid; /*   916     4 */
							/* typedef kuid_t */ struct {
								/* typedef uid_t -> __kernel_uid32_t */ unsigned int                   val; /*   920     4 */
							} flowic_uid; /*   920     4 */
							/* typedef __u32 */ unsigned int           flowic_multipath_hash; /*   924     4 */
							struct flowi_tunnel {
								/* typedef __be64 -> __u64 */ long long unsigned int         tun_id; /*   928     8 */
							}flowic_tun_key; /*   928     8 */
						}__fl_common; /*   896    40 */
						struct flowi4 {
							struct {
								int                            flowic_oif; /*   896     4 */
								int                            flowic_iif; /*   900     4 */
								int                            flowic_l3mdev; /*   904     4 */
								/* typedef __u32 */ unsigned int                   flowic_mark; /*   908     4 */
								/* typedef __u8 */ unsigned char                  flowic_tos; /*   912     1 */
								/* typedef __u8 */ unsigned char                  flowic_scope; /*   913     1 */
								/* typedef __u8 */ unsigned char                  flowic_proto; /*   914     1 */
								/* typedef __u8 */ unsigned char                  flowic_flags; /*   915     1 */
								/* typedef __u32 */ unsigned int                   flowic_secid; /*   916     4 */
								/* typedef kuid_t */ struct {
									/* typedef uid_t -> __kernel_uid32_t */ unsigned int                           val; /*   920     4 */
								} flowic_uid; /*   920     4 */
								/* typedef __u32 */ unsigned int                   flowic_multipath_hash; /*   924     4 */
								struct {
									/* typedef __be64 -> __u64 */ long long unsigned int                 tun_id; /*   928     8 */
								}flowic_tun_key; /*   928     8 */
							}__fl_common; /*   896    40 */
							/* typedef __be32 -> __u32 */ unsigned int           saddr; /*   936     4 */
							/* typedef __be32 -> __u32 */ unsigned int           daddr; /*   940     4 */
							union flowi_uli {
								struct {
									/* typedef __be16 -> __u16 */ short unsigned int                     dport; /*   944     2 */
									/* typedef __be16 -> __u16 */ short unsigned int                     sport; /*   946     2 */
								} ports;                 /*   944     4 */
								struct {
									/* typedef __u8 */ unsigned char                          type; /*   944     1 */
									/* typedef __u8 */ unsigned char                          code; /*   945     1 */
								} icmpt;                 /*   944     2 */
								/* typedef __be32 -> __u32 */ unsigned int                   gre_key; /*   944     4 */
								struct {
									/* typedef __u8 */ unsigned char                          type; /*   944     1 */
								} mht;                   /*   944     1 */
							}uli; /*   944     4 */
						}ip4; /*   896    56 */
						struct flowi6 {
							struct {
								int                            flowic_oif; /*   896     4 */
								int                            flowic_iif; /*   900     4 */
								int                            flowic_l3mdev; /*   904     4 */
								/* typedef __u32 */ unsigned int                   flowic_mark; /*   908     4 */
								/* typedef __u8 */ unsigned char                  flowic_tos; /*   912     1 */
								/* typedef __u8 */ unsigned char                  flowic_scope; /*   913     1 */
								/* typedef __u8 */ unsigned char                  flowic_proto; /*   914     1 */
								/* typedef __u8 */ unsigned char                  flowic_flags; /*   915     1 */
								/* typedef __u32 */ unsigned int                   flowic_secid; /*   916     4 */
								/* typedef kuid_t */ struct {
									/* typedef uid_t -> __kernel_uid32_t */ unsigned int                           val; /*   920     4 */
								} flowic_uid; /*   920     4 */
								/* typedef __u32 */ unsigned int                   flowic_multipath_hash; /*   924     4 */
								struct {
									/* typedef __be64 -> __u64 */ long long unsigned int                 tun_id; /*   928     8 */
								}flowic_tun_key; /*   928     8 */
							}__fl_common; /*   896    40 */
							struct {
								union {
									/* typedef __u8 */ unsigned char                          u6_addr8[16]; /*   936    16 */
									/* typedef __be16 -> __u16 */ short unsigned int                     u6_addr16[8]; /*   936    16 */
									/* typedef __be32 -> __u32 */ unsigned int                           u6_addr32[4]; /*   936    16 */
								} in6_u;                 /*   936    16 */
							}daddr; /*   936    16 */
							struct {
								union {
									/* typedef __u8 */ unsigned char                          u6_addr8[16]; /*   952    16 */
									/* typedef __be16 -> __u16 */ short unsigned int                     u6_addr16[8]; /*   952    16 */
									/* typedef __be32 -> __u32 */ unsigned int                           u6_addr32[4]; /*   952    16 */
								} in6_u;                 /*   952    16 */
							}saddr; /*   952    16 */
							/* --- cacheline 15 boundary (960 bytes) was 8 bytes ago --- */
							/* typedef __be32 -> __u32 */ unsigned int           flowlabel; /*   968     4 */
							union {
								struct {
									/* typedef __be16 -> __u16 */ short unsigned int                     dport; /*   972     2 */
									/* typedef __be16 -> __u16 */ short unsigned int                     sport; /*   974     2 */
								} ports;                 /*   972     4 */
								struct {
									/* typedef __u8 */ unsigned char                          type; /*   972     1 */
									/* typedef __u8 */ unsigned char                          code; /*   973     1 */
								} icmpt;                 /*   972     2 */
								/* typedef __be32 -> __u32 */ unsigned int                   gre_key; /*   972     4 */
								struct {
									/* typedef __u8 */ unsigned char                          type; /*   972     1 */
								} mht;                   /*   972     1 */
							}uli; /*   972     4 */
							/* typedef __u32 */ unsigned int           mp_hash; /*   976     4 */
						}ip6; /*   896    88 */
					} u;                                             /*   896    88 */
				}fl; /*   896    88 */
			}cork; /*   840   144 */
			/* --- cacheline 15 boundary (960 bytes) was 24 bytes ago --- */
			struct {
				/* typedef __u16 */ short unsigned int lo;               /*   984     2 */
				/* typedef __u16 */ short unsigned int hi;               /*   986     2 */
			} local_port_range;                                              /*   984     4 */
		}icsk_inet; /*     0   992 */

		/* XXX last struct has 4 bytes of padding */

		struct request_sock_queue {
			/* typedef spinlock_t */ struct {
				union {
					struct {
						/* typedef arch_spinlock_t */ struct {
							union {
								/* typedef atomic_t */ struct {
									int                                    counter; /*   992     4 */
								} val; /*   992     4 */
								struct {
									/* typedef u8 -> __u8 */ unsigned char                          locked; /*   992     1 */
									/* typedef u8 -> __u8 */ unsigned char                          pending; /*   993     1 */
								};                       /*   992     2 */
								struct {
									/* typedef u16 -> __u16 */ short unsigned int                     locked_pending; /*   992     2 */
									/* typedef u16 -> __u16 */ short unsigned int                     tail; /*   994     2 */
								};                       /*   992     4 */
							};                               /*   992     4 */
						} raw_lock; /*   992     4 */
					}rlock; /*   992     4 */
				};                                                       /*   992     4 */
			} rskq_lock; /*   992     4 */
			/* typedef u8 -> __u8 */ unsigned char rskq_defer_accept;        /*   996     1 */

			/* XXX 3 bytes hole, try to pack */

			/* typedef u32 -> __u32 */ unsigned int synflood_warned;         /*  1000     4 */
			/* typedef atomic_t */ struct {
				int counter;                                             /*  1004     4 */
			} qlen; /*  1004     4 */
			/* typedef atomic_t */ struct {
				int counter;                                             /*  1008     4 */
			} young; /*  1008     4 */

			/* XXX 4 bytes hole, try to pack */

			struct request_sock * rskq_accept_head;                          /*  1016     8 */
			/* --- cacheline 16 boundary (1024 bytes) --- */
			struct request_sock * rskq_accept_tail;                          /*  1024     8 */
			struct fastopen_queue {
				struct request_sock * rskq_rst_head;                     /*  1032     8 */
				struct request_sock * rskq_rst_tail;                     /*  1040     8 */
				/* typedef spinlock_t */ struct {
					union {
						struct {
							/* typedef arch_spinlock_t */ struct {
								union {
									/* typedef atomic_t */ struct {
										int                                            counter; /*  1048     4 */
									} val; /*  1048     4 */
									struct {
										/* typedef u8 -> __u8 */ unsigned char                                  locked; /*  1048     1 */
										/* typedef u8 -> __u8 */ unsigned char                                  pending; /*  1049     1 */
									};               /*  1048     2 */
									struct {
										/* typedef u16 -> __u16 */ short unsigned int                             locked_pending; /*  1048     2 */
										/* typedef u16 -> __u16 */ short unsigned int                             tail; /*  1050     2 */
									};               /*  1048     4 */
								};                       /*  1048     4 */
							} raw_lock; /*  1048     4 */
						}rlock; /*  1048     4 */
					};                                               /*  1048     4 */
				} lock; /*  1048     4 */
				int qlen;                                                /*  1052     4 */
				int max_qlen;                                            /*  1056     4 */

				/* XXX 4 bytes hole, try to pack */

				struct tcp_fastopen_context * ctx;                       /*  1064     8 */
			}fastopenq; /*  1032    40 */
		}icsk_accept_queue; /*   992    80 */
		struct inet_bind_bucket * icsk_bind_hash;                                /*  1072     8 */
		struct inet_bind2_bucket * icsk_bind2_hash;                              /*  1080     8 */
		/* --- cacheline 17 boundary (1088 bytes) --- */
		long unsigned int  icsk_timeout;                                         /*  1088     8 */
		struct {
			struct {
				struct hlist_node * next;                                /*  1096     8 */
				struct hlist_node * * pprev;                             /*  1104     8 */
			}entry; /*  1096    16 */
			long unsigned int expires;                                       /*  1112     8 */
			void       (*function)(struct timer_list *);                     /*  1120     8 */
			/* typedef u32 -> __u32 */ unsigned int flags;                   /*  1128     4 */
		}icsk_retransmit_timer; /*  1096    40 */

		/* XXX last struct has 4 bytes of padding */

		struct {
			struct {
				struct hlist_node * next;                                /*  1136     8 */
				struct hlist_node * * pprev;                             /*  1144     8 */
			}entry; /*  1136    16 */
			/* --- cacheline 18 boundary (1152 bytes) --- */
			long unsigned int expires;                                       /*  1152     8 */
			void       (*function)(struct timer_list *);                     /*  1160     8 */
			/* typedef u32 -> __u32 */ unsigned int flags;                   /*  1168     4 */
		}icsk_delack_timer; /*  1136    40 */

		/* XXX last struct has 4 bytes of padding */

		union {
			struct {
				struct {
					struct hlist_node * next;                        /*  1176     8 */
					struct hlist_node * * pprev;                     /*  1184     8 */
				}entry; /*  1176    16 */
				long unsigned int expires;                               /*  1192     8 */
				void (*function)(struct timer_list *);                   /*  1200     8 */
				/* typedef u32 -> __u32 */ unsigned int flags;           /*  1208     4 */
			}icsk_keepalive_timer; /*  1176    40 */
			struct {
				struct {
					struct hlist_node * next;                        /*  1176     8 */
					struct hlist_node * * pprev;                     /*  1184     8 */
				}entry; /*  1176    16 */
				long unsigned int expires;                               /*  1192     8 */
				void (*function)(struct timer_list *);                   /*  1200     8 */
				/* typedef u32 -> __u32 */ unsigned int flags;           /*  1208     4 */
			}mptcp_tout_timer; /*  1176    40 */
		};                                                                       /*  1176    40 */
		/* --- cacheline 19 boundary (1216 bytes) --- */
		/* typedef __u32 */ unsigned int       icsk_rto;                         /*  1216     4 */
		/* typedef __u32 */ unsigned int       icsk_rto_min;                     /*  1220     4 */
		/* typedef __u32 */ unsigned int       icsk_delack_max;                  /*  1224     4 */
		/* typedef __u32 */ unsigned int       icsk_pmtu_cookie;                 /*  1228     4 */
		const struct tcp_congestion_ops  * icsk_ca_ops;                          /*  1232     8 */
		const struct inet_connection_sock_af_ops  * icsk_af_ops;                 /*  1240     8 */
		const struct tcp_ulp_ops  * icsk_ulp_ops;                                /*  1248     8 */
		void *             icsk_ulp_data;                                        /*  1256     8 */
		void               (*icsk_clean_acked)(struct sock *, u32);              /*  1264     8 */
		unsigned int       (*icsk_sync_mss)(struct sock *, u32);                 /*  1272     8 */
		/* --- cacheline 20 boundary (1280 bytes) --- */
		/* typedef __u8 */ unsigned char      icsk_ca_state:5;                   /*  1280: 0  1 */
		/* typedef __u8 */ unsigned char      icsk_ca_initialized:1;             /*  1280: 5  1 */
		/* typedef __u8 */ unsigned char      icsk_ca_setsockopt:1;              /*  1280: 6  1 */
		/* typedef __u8 */ unsigned char      icsk_ca_dst_locked:1;              /*  1280: 7  1 */
		/* typedef __u8 */ unsigned char      icsk_retransmits;                  /*  1281     1 */
		/* typedef __u8 */ unsigned char      icsk_pending;                      /*  1282     1 */
		/* typedef __u8 */ unsigned char      icsk_backoff;                      /*  1283     1 */
		/* typedef __u8 */ unsigned char      icsk_syn_retries;                  /*  1284     1 */
		/* typedef __u8 */ unsigned char      icsk_probes_out;                   /*  1285     1 */
		/* typedef __u16 */ short unsigned int icsk_ext_hdr_len;                 /*  1286     2 */
		struct {
			/* typedef __u8 */ unsigned char pending;                        /*  1288     1 */
			/* typedef __u8 */ unsigned char quick;                          /*  1289     1 */
			/* typedef __u8 */ unsigned char pingpong;                       /*  1290     1 */
			/* typedef __u8 */ unsigned char retry;                          /*  1291     1 */
			/* typedef __u32 */ unsigned int ato;                            /*  1292     4 */
			long unsigned int timeout;                                       /*  1296     8 */
			/* typedef __u32 */ unsigned int lrcvtime;                       /*  1304     4 */
			/* typedef __u16 */ short unsigned int last_seg_size;            /*  1308     2 */
			/* typedef __u16 */ short unsigned int rcv_mss;                  /*  1310     2 */
		} icsk_ack;                                                              /*  1288    24 */
		struct {
			int        search_high;                                          /*  1312     4 */
			int        search_low;                                           /*  1316     4 */
			/* typedef u32 -> __u32 */ unsigned int probe_size:31;           /*  1320: 0  4 */
			/* typedef u32 -> __u32 */ unsigned int enabled:1;               /*  1320:31  4 */
			/* typedef u32 -> __u32 */ unsigned int probe_timestamp;         /*  1324     4 */
		} icsk_mtup;                                                             /*  1312    16 */
		/* typedef u32 -> __u32 */ unsigned int       icsk_probes_tstamp;        /*  1328     4 */
		/* typedef u32 -> __u32 */ unsigned int       icsk_user_timeout;         /*  1332     4 */
		/* typedef u64 -> __u64 */ long long unsigned int icsk_ca_priv[13];      /*  1336   104 */
	}inet_conn; /*     0  1440 */
	/* --- cacheline 22 boundary (1408 bytes) was 32 bytes ago --- */
	/* typedef u16 -> __u16 */ short unsigned int         tcp_header_len;            /*  1440     2 */
	/* typedef u16 -> __u16 */ short unsigned int         gso_segs;                  /*  1442     2 */
	/* typedef __be32 -> __u32 */ unsigned int               pred_flags;             /*  1444     4 */
	/* typedef u64 -> __u64 */ long long unsigned int     bytes_received;            /*  1448     8 */
	/* typedef u32 -> __u32 */ unsigned int               segs_in;                   /*  1456     4 */
	/* typedef u32 -> __u32 */ unsigned int               data_segs_in;              /*  1460     4 */
	/* typedef u32 -> __u32 */ unsigned int               rcv_nxt;                   /*  1464     4 */
	/* typedef u32 -> __u32 */ unsigned int               copied_seq;                /*  1468     4 */
	/* --- cacheline 23 boundary (1472 bytes) --- */
	/* typedef u32 -> __u32 */ unsigned int               rcv_wup;                   /*  1472     4 */
	/* typedef u32 -> __u32 */ unsigned int               snd_nxt;                   /*  1476     4 */
	/* typedef u32 -> __u32 */ unsigned int               segs_out;                  /*  1480     4 */
	/* typedef u32 -> __u32 */ unsigned int               data_segs_out;             /*  1484     4 */
	/* typedef u64 -> __u64 */ long long unsigned int     bytes_sent;                /*  1488     8 */
	/* typedef u64 -> __u64 */ long long unsigned int     bytes_acked;               /*  1496     8 */
	/* typedef u32 -> __u32 */ unsigned int               dsack_dups;                /*  1504     4 */
	/* typedef u32 -> __u32 */ unsigned int               snd_una;                   /*  1508     4 */
	/* typedef u32 -> __u32 */ unsigned int               snd_sml;                   /*  1512     4 */
	/* typedef u32 -> __u32 */ unsigned int               rcv_tstamp;                /*  1516     4 */
	/* typedef u32 -> __u32 */ unsigned int               lsndtime;                  /*  1520     4 */
	/* typedef u32 -> __u32 */ unsigned int               last_oow_ack_time;         /*  1524     4 */
	/* typedef u32 -> __u32 */ unsigned int               compressed_ack_rcv_nxt;    /*  1528     4 */
	/* typedef u32 -> __u32 */ unsigned int               tsoffset;                  /*  1532     4 */
	/* --- cacheline 24 boundary (1536 bytes) --- */
	struct {
		struct list_head * next;                                                 /*  1536     8 */
		struct list_head * prev;                                                 /*  1544     8 */
	}tsq_node; /*  1536    16 */
	struct {
		struct list_head * next;                                                 /*  1552     8 */
		struct list_head * prev;                                                 /*  1560     8 */
	}tsorted_sent_queue; /*  1552    16 */
	/* typedef u32 -> __u32 */ unsigned int               snd_wl1;                   /*  1568     4 */
	/* typedef u32 -> __u32 */ unsigned int               snd_wnd;                   /*  1572     4 */
	/* typedef u32 -> __u32 */ unsigned int               max_window;                /*  1576     4 */
	/* typedef u32 -> __u32 */ unsigned int               mss_cache;                 /*  1580     4 */
	/* typedef u32 -> __u32 */ unsigned int               window_clamp;              /*  1584     4 */
	/* typedef u32 -> __u32 */ unsigned int               rcv_ssthresh;              /*  1588     4 */
	struct tcp_rack {
		/* typedef u64 -> __u64 */ long long unsigned int mstamp;                /*  1592     8 */
		/* --- cacheline 25 boundary (1600 bytes) --- */
		/* typedef u32 -> __u32 */ unsigned int       rtt_us;                    /*  1600     4 */
		/* typedef u32 -> __u32 */ unsigned int       end_seq;                   /*  1604     4 */
		/* typedef u32 -> __u32 */ unsigned int       last_delivered;            /*  1608     4 */
		/* typedef u8 -> __u8 */ unsigned char      reo_wnd_steps;               /*  1612     1 */
		/* typedef u8 -> __u8 */ unsigned char      reo_wnd_persist:5;           /*  1613: 0  1 */
		/* typedef u8 -> __u8 */ unsigned char      dsack_seen:1;                /*  1613: 5  1 */
		/* typedef u8 -> __u8 */ unsigned char      advanced:1;                  /*  1613: 6  1 */
	}rack; /*  1592    24 */

	/* XXX last struct has 2 bytes of padding */

	/* typedef u16 -> __u16 */ short unsigned int         advmss;                    /*  1616     2 */
	/* typedef u8 -> __u8 */ unsigned char              compressed_ack;              /*  1618     1 */
	/* typedef u8 -> __u8 */ unsigned char              dup_ack_counter:2;           /*  1619: 0  1 */
	/* typedef u8 -> __u8 */ unsigned char              tlp_retrans:1;               /*  1619: 2  1 */
	/* typedef u8 -> __u8 */ unsigned char              unused:5;                    /*  1619: 3  1 */
	/* typedef u32 -> __u32 */ unsigned int               chrono_start;              /*  1620     4 */
	/* typedef u32 -> __u32 */ unsigned int               chrono_stat[3];            /*  1624    12 */
	/* typedef u8 -> __u8 */ unsigned char              chrono_type:2;               /*  1636: 0  1 */
	/* typedef u8 -> __u8 */ unsigned char              rate_app_limited:1;          /*  1636: 2  1 */
	/* typedef u8 -> __u8 */ unsigned char              fastopen_connect:1;          /*  1636: 3  1 */
	/* typedef u8 -> __u8 */ unsigned char              fastopen_no_cookie:1;        /*  1636: 4  1 */
	/* typedef u8 -> __u8 */ unsigned char              is_sack_reneg:1;             /*  1636: 5  1 */
	/* typedef u8 -> __u8 */ unsigned char              fastopen_client_fail:2;      /*  1636: 6  1 */
	/* typedef u8 -> __u8 */ unsigned char              nonagle:4;                   /*  1637: 0  1 */
	/* typedef u8 -> __u8 */ unsigned char              thin_lto:1;                  /*  1637: 4  1 */
	/* typedef u8 -> __u8 */ unsigned char              recvmsg_inq:1;               /*  1637: 5  1 */
	/* typedef u8 -> __u8 */ unsigned char              repair:1;                    /*  1637: 6  1 */
	/* typedef u8 -> __u8 */ unsigned char              frto:1;                      /*  1637: 7  1 */
	/* typedef u8 -> __u8 */ unsigned char              repair_queue;                /*  1638     1 */
	/* typedef u8 -> __u8 */ unsigned char              save_syn:2;                  /*  1639: 0  1 */
	/* typedef u8 -> __u8 */ unsigned char              syn_data:1;                  /*  1639: 2  1 */
	/* typedef u8 -> __u8 */ unsigned char              syn_fastopen:1;              /*  1639: 3  1 */
	/* typedef u8 -> __u8 */ unsigned char              syn_fastopen_exp:1;          /*  1639: 4  1 */
	/* typedef u8 -> __u8 */ unsigned char              syn_fastopen_ch:1;           /*  1639: 5  1 */
	/* typedef u8 -> __u8 */ unsigned char              syn_data_acked:1;            /*  1639: 6  1 */
	/* typedef u8 -> __u8 */ unsigned char              is_cwnd_limited:1;           /*  1639: 7  1 */
	/* typedef u32 -> __u32 */ unsigned int               tlp_high_seq;              /*  1640     4 */
	/* typedef u32 -> __u32 */ unsigned int               tcp_tx_delay;              /*  1644     4 */
	/* typedef u64 -> __u64 */ long long unsigned int     tcp_wstamp_ns;             /*  1648     8 */
	/* typedef u64 -> __u64 */ long long unsigned int     tcp_clock_cache;           /*  1656     8 */
	/* --- cacheline 26 boundary (1664 bytes) --- */
	/* typedef u64 -> __u64 */ long long unsigned int     tcp_mstamp;                /*  1664     8 */
	/* typedef u32 -> __u32 */ unsigned int               srtt_us;                   /*  1672     4 */
	/* typedef u32 -> __u32 */ unsigned int               mdev_us;                   /*  1676     4 */
	/* typedef u32 -> __u32 */ unsigned int               mdev_max_us;               /*  1680     4 */
	/* typedef u32 -> __u32 */ unsigned int               rttvar_us;                 /*  1684     4 */
	/* typedef u32 -> __u32 */ unsigned int               rtt_seq;                   /*  1688     4 */
	struct minmax {
		struct minmax_sample {
			/* typedef u32 -> __u32 */ unsigned int t;                       /*  1692     4 */
			/* typedef u32 -> __u32 */ unsigned int v;                       /*  1696     4 */
		} s[3]; /*  1692    24 */
	}rtt_min; /*  1692    24 */
	/* typedef u32 -> __u32 */ unsigned int               packets_out;               /*  1716     4 */
	/* typedef u32 -> __u32 */ unsigned int               retrans_out;               /*  1720     4 */
	/* typedef u32 -> __u32 */ unsigned int               max_packets_out;           /*  1724     4 */
	/* --- cacheline 27 boundary (1728 bytes) --- */
	/* typedef u32 -> __u32 */ unsigned int               cwnd_usage_seq;            /*  1728     4 */
	/* typedef u16 -> __u16 */ short unsigned int         urg_data;                  /*  1732     2 */
	/* typedef u8 -> __u8 */ unsigned char              ecn_flags;                   /*  1734     1 */
	/* typedef u8 -> __u8 */ unsigned char              keepalive_probes;            /*  1735     1 */
	/* typedef u32 -> __u32 */ unsigned int               reordering;                /*  1736     4 */
	/* typedef u32 -> __u32 */ unsigned int               reord_seen;                /*  1740     4 */
	/* typedef u32 -> __u32 */ unsigned int               snd_up;                    /*  1744     4 */
	struct tcp_options_received {
		int                ts_recent_stamp;                                      /*  1748     4 */
		/* typedef u32 -> __u32 */ unsigned int       ts_recent;                 /*  1752     4 */
		/* typedef u32 -> __u32 */ unsigned int       rcv_tsval;                 /*  1756     4 */
		/* typedef u32 -> __u32 */ unsigned int       rcv_tsecr;                 /*  1760     4 */
		/* typedef u16 -> __u16 */ short unsigned int saw_tstamp:1;              /*  1764: 0  2 */
		/* typedef u16 -> __u16 */ short unsigned int tstamp_ok:1;               /*  1764: 1  2 */
		/* typedef u16 -> __u16 */ short unsigned int dsack:1;                   /*  1764: 2  2 */
		/* typedef u16 -> __u16 */ short unsigned int wscale_ok:1;               /*  1764: 3  2 */
		/* typedef u16 -> __u16 */ short unsigned int sack_ok:3;                 /*  1764: 4  2 */
		/* typedef u16 -> __u16 */ short unsigned int smc_ok:1;                  /*  1764: 7  2 */
		/* typedef u16 -> __u16 */ short unsigned int snd_wscale:4;              /*  1764: 8  2 */
		/* typedef u16 -> __u16 */ short unsigned int rcv_wscale:4;              /*  1764:12  2 */
		/* typedef u8 -> __u8 */ unsigned char      saw_unknown:1;               /*  1766: 0  1 */
		/* typedef u8 -> __u8 */ unsigned char      unused:7;                    /*  1766: 1  1 */
		/* typedef u8 -> __u8 */ unsigned char      num_sacks;                   /*  1767     1 */
		/* typedef u16 -> __u16 */ short unsigned int user_mss;                  /*  1768     2 */
		/* typedef u16 -> __u16 */ short unsigned int mss_clamp;                 /*  1770     2 */
	}rx_opt; /*  1748    24 */
	/* typedef u32 -> __u32 */ unsigned int               snd_ssthresh;              /*  1772     4 */
	/* typedef u32 -> __u32 */ unsigned int               snd_cwnd;                  /*  1776     4 */
	/* typedef u32 -> __u32 */ unsigned int               snd_cwnd_cnt;              /*  1780     4 */
	/* typedef u32 -> __u32 */ unsigned int               snd_cwnd_clamp;            /*  1784     4 */
	/* typedef u32 -> __u32 */ unsigned int               snd_cwnd_used;             /*  1788     4 */
	/* --- cacheline 28 boundary (1792 bytes) --- */
	/* typedef u32 -> __u32 */ unsigned int               snd_cwnd_stamp;            /*  1792     4 */
	/* typedef u32 -> __u32 */ unsigned int               prior_cwnd;                /*  1796     4 */
	/* typedef u32 -> __u32 */ unsigned int               prr_delivered;             /*  1800     4 */
	/* typedef u32 -> __u32 */ unsigned int               prr_out;                   /*  1804     4 */
	/* typedef u32 -> __u32 */ unsigned int               delivered;                 /*  1808     4 */
	/* typedef u32 -> __u32 */ unsigned int               delivered_ce;              /*  1812     4 */
	/* typedef u32 -> __u32 */ unsigned int               lost;                      /*  1816     4 */
	/* typedef u32 -> __u32 */ unsigned int               app_limited;               /*  1820     4 */
	/* typedef u64 -> __u64 */ long long unsigned int     first_tx_mstamp;           /*  1824     8 */
	/* typedef u64 -> __u64 */ long long unsigned int     delivered_mstamp;          /*  1832     8 */
	/* typedef u32 -> __u32 */ unsigned int               rate_delivered;            /*  1840     4 */
	/* typedef u32 -> __u32 */ unsigned int               rate_interval_us;          /*  1844     4 */
	/* typedef u32 -> __u32 */ unsigned int               rcv_wnd;                   /*  1848     4 */
	/* typedef u32 -> __u32 */ unsigned int               write_seq;                 /*  1852     4 */
	/* --- cacheline 29 boundary (1856 bytes) --- */
	/* typedef u32 -> __u32 */ unsigned int               notsent_lowat;             /*  1856     4 */
	/* typedef u32 -> __u32 */ unsigned int               pushed_seq;                /*  1860     4 */
	/* typedef u32 -> __u32 */ unsigned int               lost_out;                  /*  1864     4 */
	/* typedef u32 -> __u32 */ unsigned int               sacked_out;                /*  1868     4 */
	struct hrtimer {
		struct timerqueue_node {
			struct rb_node {
				long unsigned int __rb_parent_color;                     /*  1872     8 */
				struct rb_node * rb_right;                               /*  1880     8 */
				struct rb_node * rb_left;                                /*  1888     8 */
			}node; /*  1872    24 */
			/* typedef ktime_t -> s64 -> __s64 */ long long int expires;     /*  1896     8 */
		}node; /*  1872    32 */
		/* typedef ktime_t -> s64 -> __s64 */ long long int      _softexpires;   /*  1904     8 */
		enum hrtimer_restart (*function)(struct hrtimer *);                      /*  1912     8 */
		/* --- cacheline 30 boundary (1920 bytes) --- */
		struct hrtimer_clock_base * base;                                        /*  1920     8 */
		/* typedef u8 -> __u8 */ unsigned char      state;                       /*  1928     1 */
		/* typedef u8 -> __u8 */ unsigned char      is_rel;                      /*  1929     1 */
		/* typedef u8 -> __u8 */ unsigned char      is_soft;                     /*  1930     1 */
		/* typedef u8 -> __u8 */ unsigned char      is_hard;                     /*  1931     1 */
	}pacing_timer; /*  1872    64 */

	/* XXX last struct has 4 bytes of padding */

	struct {
		struct {
			struct {
				long unsigned int __rb_parent_color;                     /*  1936     8 */
				struct rb_node * rb_right;                               /*  1944     8 */
				struct rb_node * rb_left;                                /*  1952     8 */
			}node; /*  1936    24 */
			/* typedef ktime_t -> s64 -> __s64 */ long long int expires;     /*  1960     8 */
		}node; /*  1936    32 */
		/* typedef ktime_t -> s64 -> __s64 */ long long int      _softexpires;   /*  1968     8 */
		enum hrtimer_restart (*function)(struct hrtimer *);                      /*  1976     8 */
		/* --- cacheline 31 boundary (1984 bytes) --- */
		struct hrtimer_clock_base * base;                                        /*  1984     8 */
		/* typedef u8 -> __u8 */ unsigned char      state;                       /*  1992     1 */
		/* typedef u8 -> __u8 */ unsigned char      is_rel;                      /*  1993     1 */
		/* typedef u8 -> __u8 */ unsigned char      is_soft;                     /*  1994     1 */
		/* typedef u8 -> __u8 */ unsigned char      is_hard;                     /*  1995     1 */
	}compressed_ack_timer; /*  1936    64 */

	/* XXX last struct has 4 bytes of padding */

	struct sk_buff *           lost_skb_hint;                                        /*  2000     8 */
	struct sk_buff *           retransmit_skb_hint;                                  /*  2008     8 */
	struct {
		struct rb_node *   rb_node;                                              /*  2016     8 */
	}out_of_order_queue; /*  2016     8 */
	struct sk_buff *           ooo_last_skb;                                         /*  2024     8 */
	struct tcp_sack_block {
		/* typedef u32 -> __u32 */ unsigned int       start_seq;                 /*  2032     4 */
		/* typedef u32 -> __u32 */ unsigned int       end_seq;                   /*  2036     4 */
	} duplicate_sack[1]; /*  2032     8 */
	struct {
		/* typedef u32 -> __u32 */ unsigned int       start_seq;                 /*  2040     4 */
		/* typedef u32 -> __u32 */ unsigned int       end_seq;                   /*  2044     4 */
	} selective_acks[4]; /*  2040    32 */
	/* --- cacheline 32 boundary (2048 bytes) was 24 bytes ago --- */
	struct {
		/* typedef u32 -> __u32 */ unsigned int       start_seq;                 /*  2072     4 */
		/* typedef u32 -> __u32 */ unsigned int       end_seq;                   /*  2076     4 */
	} recv_sack_cache[4]; /*  2072    32 */
	struct sk_buff *           highest_sack;                                         /*  2104     8 */
	/* --- cacheline 33 boundary (2112 bytes) --- */
	int                        lost_cnt_hint;                                        /*  2112     4 */
	/* typedef u32 -> __u32 */ unsigned int               prior_ssthresh;            /*  2116     4 */
	/* typedef u32 -> __u32 */ unsigned int               high_seq;                  /*  2120     4 */
	/* typedef u32 -> __u32 */ unsigned int               retrans_stamp;             /*  2124     4 */
	/* typedef u32 -> __u32 */ unsigned int               undo_marker;               /*  2128     4 */
	int                        undo_retrans;                                         /*  2132     4 */
	/* typedef u64 -> __u64 */ long long unsigned int     bytes_retrans;             /*  2136     8 */
	/* typedef u32 -> __u32 */ unsigned int               total_retrans;             /*  2144     4 */
	/* typedef u32 -> __u32 */ unsigned int               urg_seq;                   /*  2148     4 */
	unsigned int               keepalive_time;                                       /*  2152     4 */
	unsigned int               keepalive_intvl;                                      /*  2156     4 */
	int                        linger2;                                              /*  2160     4 */
	/* typedef u8 -> __u8 */ unsigned char              bpf_sock_ops_cb_flags;       /*  2164     1 */
	/* typedef u8 -> __u8 */ unsigned char              bpf_chg_cc_inprogress:1;     /*  2165: 0  1 */

	/* XXX 7 bits hole, try to pack */

	/* typedef u16 -> __u16 */ short unsigned int         timeout_rehash;            /*  2166     2 */
	/* typedef u32 -> __u32 */ unsigned int               rcv_ooopack;               /*  2168     4 */
	/* typedef u32 -> __u32 */ unsigned int               rcv_rtt_last_tsecr;        /*  2172     4 */
	/* --- cacheline 34 boundary (2176 bytes) --- */
	struct {
		/* typedef u32 -> __u32 */ unsigned int       rtt_us;                    /*  2176     4 */
		/* typedef u32 -> __u32 */ unsigned int       seq;                       /*  2180     4 */
		/* typedef u64 -> __u64 */ long long unsigned int time;                  /*  2184     8 */
	} rcv_rtt_est;                                                                   /*  2176    16 */
	struct {
		/* typedef u32 -> __u32 */ unsigned int       space;                     /*  2192     4 */
		/* typedef u32 -> __u32 */ unsigned int       seq;                       /*  2196     4 */
		/* typedef u64 -> __u64 */ long long unsigned int time;                  /*  2200     8 */
	} rcvq_space;                                                                    /*  2192    16 */
	struct {
		/* typedef u32 -> __u32 */ unsigned int       probe_seq_start;           /*  2208     4 */
		/* typedef u32 -> __u32 */ unsigned int       probe_seq_end;             /*  2212     4 */
	} mtu_probe;                                                                     /*  2208     8 */
	/* typedef u32 -> __u32 */ unsigned int               mtu_info;                  /*  2216     4 */
	/* typedef bool */ _Bool                      is_mptcp;                          /*  2220     1 */

	/* XXX 3 bytes hole, try to pack */

	bool                       (*smc_hs_congested)(const struct sock  *);            /*  2224     8 */
	/* typedef bool */ _Bool                      syn_smc;                           /*  2232     1 */

	/* XXX 7 bytes hole, try to pack */

	/* --- cacheline 35 boundary (2240 bytes) --- */
	const struct tcp_sock_af_ops  * af_specific;                                     /*  2240     8 */
	struct tcp_md5sig_info *   md5sig_info;                                          /*  2248     8 */
	struct tcp_fastopen_request * fastopen_req;                                      /*  2256     8 */
	struct request_sock *      fastopen_rsk;                                         /*  2264     8 */
	struct saved_syn *         saved_syn;                                            /*  2272     8 */

	/* size: 2280, cachelines: 36, members: 142 */
	/* sum members: 2265, holes: 2, sum holes: 10 */
	/* sum bitfield members: 33 bits, bit holes: 1, sum bit holes: 7 bits */
	/* paddings: 3, sum paddings: 10 */
	/* last cacheline: 40 bytes */
};

struct tcp_sock tcp_sock_61;
