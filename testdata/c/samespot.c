#include "samespot.h"

struct note n;
struct hook h;
struct same s;
struct dims d;
struct logger l;

int main(void) { return 0; }
