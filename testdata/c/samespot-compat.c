#define INFO struct compat_info
#define DIM 8
#define LOGARGS int
#define ENUMS OFF, ON
#define INNER long y;
union payload {
	char bytes[8];
};
typedef long word_t;
struct pair {
	long x;
};
typedef struct {
	long x;
} cell_t;

#include "samespot.h"

struct note compat_n;
struct hook compat_h;
struct same compat_s;
struct dims compat_d;
struct logger compat_l;
struct union_holder compat_uh;
struct word_holder compat_wh;
struct pair_holder compat_ph;
struct tagged compat_t;
struct cell_holder compat_ch;
