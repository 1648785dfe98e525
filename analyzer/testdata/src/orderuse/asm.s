#include "textflag.h"
#include "go_asm.h"

// func sum(f *frame) uint64
TEXT ·sum(SB), NOSPLIT, $0-16
	MOVQ f+0(FP), AX
	MOVQ 0(AX), BX
	ADDQ 72(AX), BX
	MOVQ BX, ret+8(FP)
	RET

// func count(c *counted) uint64
TEXT ·count(SB), NOSPLIT, $0-16
	MOVQ c+0(FP), AX
	MOVQ counted_head(AX), BX
	ADDQ counted_tail(AX), BX
	MOVQ BX, ret+8(FP)
	RET
