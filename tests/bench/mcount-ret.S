/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The cheapest possible mcount: return at once.  "make bench" links it
 * into a -pg build to measure what the call sites alone cost, the floor
 * that the kit's nop tracer (one compare more) is measured against.
 *
 * With -DRET_CLOCK it reads the clock once first, and keeps the time
 * where a later read cannot drop it: the floor under any function tracer
 * that stamps each call, against which the function tracer's own part
 * (its saves, its C, its record) is measured.
 */
	.text
	.p2align 4
	.globl	mcount
	.type	mcount, @function
mcount:
#ifdef RET_CLOCK
	pushq	%rax			/* rdtsc writes both */
	pushq	%rdx
	rdtsc
	movl	%eax, ret_clock(%rip)
	popq	%rdx
	popq	%rax
#endif
	ret
	.size	mcount, .-mcount

#ifdef RET_CLOCK
	.bss
	.p2align 2
ret_clock:
	.zero	4
#endif

	.section .note.GNU-stack, "", @progbits
