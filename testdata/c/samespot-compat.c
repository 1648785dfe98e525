#define INFO struct compat_info
#include "samespot.h"

struct note compat_n;
struct hook compat_h;
struct same compat_s;
