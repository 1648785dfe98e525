/* Structs of Linux 6.1 that cachelint once printed otherwise than pahole
 * 1.24, where pahole is right (cut down to what shows it). */
typedef unsigned char u8;
typedef unsigned int u32;
typedef unsigned long long u64;

/* arch/x86/include/asm/kvm_host.h: an explicit filler, unsigned :5,
 * which pahole prints as such, not as a zero-width bit-field. */
union kvm_mmu_page_role {
	u32 word;
	struct {
		unsigned level:4;
		unsigned has_4_byte_gpte:1;
		unsigned quadrant:2;
		unsigned direct:1;
		unsigned access:3;
		unsigned invalid:1;
		unsigned efer_nx:1;
		unsigned cr0_wp:1;
		unsigned smep_andnot_wp:1;
		unsigned smap_andnot_wp:1;
		unsigned ad_disabled:1;
		unsigned guest_mode:1;
		unsigned passthrough:1;
		unsigned :5;
		unsigned smm:8;
	};
};

/* include/linux/tboot.h: packed, which only the packed array of packed
 * structs at offset 113 tells; it has no hole. */
struct tboot_mac_region {
	u64 start;
	u32 size;
} __attribute__((packed));

struct tboot {
	u8 uuid[16];
	u32 version;
	u8 num_mac_regions;
	struct tboot_mac_region mac_regions[4];
	u8 s3_key[64];
	u8 reserved_align[3];
	u32 num_in_wfs;
} __attribute__((packed));

/* include/uapi/linux/edd.h: packed, told by its size, 82, against the
 * natural alignment 8 of the packed struct it holds. */
struct edd_device_params {
	unsigned short length;
	unsigned short info_flags;
	u32 num_default_cylinders;
	u64 number_of_sectors;
	u8 host_bus_type[4];
	u8 interface_type[8];
	u8 reserved[46];
} __attribute__((packed));

struct edd_info {
	u8 device;
	u8 version;
	unsigned short interface_support;
	unsigned short legacy_max_cylinder;
	u8 legacy_max_head;
	u8 legacy_sectors_per_track;
	struct edd_device_params params;
} __attribute__((packed));

/* A packed struct held after a hole: not packed itself (pahole infers
 * packing only where there is no hole). */
struct holds_tboot_region {
	u8 c;
	struct tboot_mac_region r;
	u64 l;
};

/* block/partitions/check.h: a pointer to an unnamed struct, which pahole
 * prints in place; and to an unnamed union, and to one past a cacheline. */
struct parsed_partitions {
	int n;
	struct {
		long from;
		long size;
		int flags;
		_Bool has_info;
		char info[101];
	} *parts;
	union {
		int i;
		long l;
	} *u;
	struct {
		char head;
		long words[12];
		char tail;
	} *big;
};

/* block/partitions/efi.h: packed, with members all at their natural
 * alignment, one of a type aligned to 4: gcc gives the struct
 * DW_AT_alignment 1. */
typedef struct { unsigned char b[16]; } guid_t;
typedef guid_t efi_guid_t __attribute__((aligned(4)));

typedef struct _gpt_entry {
	efi_guid_t partition_type_guid;
	u64 starting_lba;
	u64 ending_lba;
	unsigned short partition_name[36];
} __attribute__((packed)) gpt_entry;

/* include/uapi/linux/pps.h: packed and aligned(4), which pahole prints
 * as aligned. */
struct pps_ktime_compat {
	long long sec;
	int nsec;
	unsigned int flags;
} __attribute__((packed, aligned(4)));

union kvm_mmu_page_role role;
struct tboot tb;
struct edd_info edd;
struct holds_tboot_region htr;
struct parsed_partitions pp;
gpt_entry gpt;
struct pps_ktime_compat pkc;
