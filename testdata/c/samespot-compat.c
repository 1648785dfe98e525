#define INFO struct compat_info
#define DIM 8
#define LOGARGS int
#include "samespot.h"

struct note compat_n;
struct hook compat_h;
struct same compat_s;
struct dims compat_d;
struct logger compat_l;
