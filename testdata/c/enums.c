/* Unnamed enums printed in place, with values pahole prints as DWARF
 * gives them: signed where the form is (sdata), unsigned otherwise, and
 * wider than 32 bits in an 8-byte enum. */
struct enum_values {
	enum { WIDE_NEG = -2, WIDE = 1099511627776L } wide;
	enum { NEG = -1, FIVE = 5 } neg;
	enum { ALL_ONES = 4294967295UL } ones;
};
struct enum_values enum_values;
