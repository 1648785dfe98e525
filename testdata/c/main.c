/* The linked executable: a few structs of its own plus the other units. */
#include <stdint.h>

struct counters {
	uint64_t hits;			/* 0 */
	uint64_t misses;		/* 8 */
	_Atomic uint64_t shared;	/* 16 */
	char pad[40];			/* 24 */
	_Atomic uint64_t other;		/* 64 */
};					/* size 72 */

struct counters per_cpu_counters[2];

int main(void)
{
	per_cpu_counters[0].hits++;
	return 0;
}
