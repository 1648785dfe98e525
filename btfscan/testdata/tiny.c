/* A few layouts for btfscan's ELF test: bit-fields, an anonymous union,
 * a packed struct and a forced alignment. */
struct tiny {
	char tag;
	unsigned int a:3, b:5;
	union {
		long l;
		void (*fn)(struct tiny *);
	};
	int counters[4];
	struct tiny *next;
} __attribute__((aligned(64)));

struct __attribute__((packed)) tiny_packed {
	char c;
	int i;
	short s;
};

struct tiny t;
struct tiny_packed p;
