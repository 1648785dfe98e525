/* Members past 4 GiB: a count of 1 << 40 does not fit the 32 bits pahole
 * keeps, and must not read as a zero-length array. */
struct huge_array {
	char c;
	char big[1UL << 40];
	long x;
};

struct huge_matrix {
	int n;
	long cells[1UL << 20][1UL << 20];
	int tail;
};

struct huge_array *ha;
struct huge_matrix *hm;
