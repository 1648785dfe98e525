/* Bit-field fixtures. Offsets below are GCC x86-64 (SysV) layout.
 * Bit offsets are from the start of the struct. */
enum color { RED, GREEN, BLUE, BLACK = 7 };

struct bits {
	unsigned int a:3;	/* bit 0 */
	unsigned int b:5;	/* bit 3 */
	signed int c:4;		/* bit 8 */
	enum color col:3;	/* bit 12 */
	unsigned int :0;	/* closes the int unit */
	unsigned int d:7;	/* bit 32 */
	unsigned char e:4;	/* bit 40 (byte 5) */
	unsigned char f:6;	/* bit 48: does not fit in byte 5 */
	unsigned long long g:40;	/* bit 64 */
	unsigned long long h:30;	/* bit 128: 64+40+30 > 128 */
	int i;			/* byte 20 */
	_Bool flag:1;		/* bit 192 */
	signed char sc:2;	/* bit 193 */
};

/* Storage units of different types overlapping: s is in a short unit at
 * byte 0, t in an int unit also at byte 0, starting at bit 4. */
struct mixed_units {
	unsigned short s:4;	/* bit 0 */
	unsigned int t:20;	/* bit 4 */
	unsigned char u:8;	/* bit 24 */
	unsigned long v:33;	/* bit 64: 32+33 > 64, so the next long unit */
	unsigned long w:31;	/* bit 97 */
};

/* A packed struct lets a bit-field straddle its type's storage unit. */
struct __attribute__((packed)) straddle_bits {
	unsigned char tag;	/* byte 0 */
	unsigned int x:30;	/* bit 8 .. 37: straddles the int at byte 0 */
	unsigned int y:30;	/* bit 38 .. 67 */
	unsigned short z:12;	/* bit 68 */
};

/* Zero-width bit-fields of different types. */
struct zero_width {
	char c;			/* byte 0 */
	int :0;			/* next bit-field at an int boundary */
	char d:3;		/* bit 32 */
	long :0;		/* next at a long boundary */
	char e:2;		/* bit 64 */
	char f;			/* byte 9 */
};

/* Three units of growing types from byte 0, each field in the next bits:
 * on a big-endian machine DW_AT_bit_offset counts each from its unit's
 * most significant bit, so read as little-endian they would overlap. */
struct growing_units {
	unsigned char x:3;	/* bit 0 */
	unsigned short y:9;	/* bit 3 */
	unsigned int z:17;	/* bit 12 */
};

struct bits bits_v;
struct mixed_units mixed_units_v;
struct straddle_bits straddle_bits_v;
struct zero_width zero_width_v;
struct growing_units growing_units_v;
