/* A BPF program's map value (clang -target bpf -g): its DWARF carries
 * BPF relocations. */
struct bpf_map_val {
	unsigned long long pkts;
	unsigned int ifindex;
	char pad;
	unsigned long long bytes;
};

struct bpf_map_val v;

int prog(void *ctx)
{
	return v.ifindex;
}
