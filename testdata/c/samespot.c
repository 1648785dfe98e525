union payload {
	int v;
};
typedef int word_t;
struct pair {
	int x;
	int y;
};
typedef struct {
	int x;
	int y;
} cell_t;

#include "samespot.h"

struct note n;
struct hook h;
struct same s;
struct dims d;
struct logger l;
struct union_holder uh;
struct word_holder wh;
struct pair_holder ph;
struct tagged t;
struct cell_holder ch;

int main(void) { return 0; }
