/* A cachelint test fixture, written for cachelint: not kernel source.
 *
 * It states the cacheline group sizes Linux 6.18 asserts with
 * CACHELINE_ASSERT_GROUP_SIZE, one line each, in the syntax -asserts
 * reads, and with #line the file and line the kernel has each assert at
 * (6.18.19: net_dev_struct_check in net/core/dev.c,
 * page_pool_struct_check in net/core/page_pool.c), so that -asserts
 * cites the kernel's places:
 *
 *	struct net_device  net_device_read_tx    160 bytes  net/core/dev.c:13159
 *	struct net_device  net_device_read_txrx   46 bytes  net/core/dev.c:13168
 *	struct net_device  net_device_read_rx     92 bytes  net/core/dev.c:13186
 *	struct page_pool   frag  a macro's size (no number) net/core/page_pool.c:189
 *
 * The BTF's groups (vmlinux.btf.gz) fit these sizes. page_pool's size is
 * the macro the kernel names, which -asserts skips with a note. 6.18
 * asserts no group size of tcp_sock, sock or netns_ipv4. See
 * ../../README.md.
 */
#line 13159 "net/core/dev.c"
CACHELINE_ASSERT_GROUP_SIZE(struct net_device, net_device_read_tx, 160);
#line 13168 "net/core/dev.c"
CACHELINE_ASSERT_GROUP_SIZE(struct net_device, net_device_read_txrx, 46);
#line 13186 "net/core/dev.c"
CACHELINE_ASSERT_GROUP_SIZE(struct net_device, net_device_read_rx, 92);
#line 189 "net/core/page_pool.c"
CACHELINE_ASSERT_GROUP_SIZE(struct page_pool, frag, PAGE_POOL_FRAG_GROUP_ALIGN);
