#include "samespot.h"

struct note n;
struct hook h;
struct same s;

int main(void) { return 0; }
