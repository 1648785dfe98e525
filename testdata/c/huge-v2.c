/* huge.c as a later build has it, for cachelint diff: x moved in front
 * of the terabyte array, a member added after it; huge_matrix unchanged. */
struct huge_array {
	char c;
	long x;
	char big[1UL << 40];
	int added;
};

struct huge_matrix {
	int n;
	long cells[1UL << 20][1UL << 20];
	int tail;
};

struct huge_array *ha;
struct huge_matrix *hm;
