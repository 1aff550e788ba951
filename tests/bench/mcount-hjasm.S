/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The least graph tracer in assembly that writes the kit's records: what
 * "make bench" measures beside hijack-rec (the same in C, hijack-c.c
 * -DHIJACK_REC) to show what the records cost once no C call, no
 * register save beyond what the work clobbers, and no check but the
 * depth's are left.  A bench build, x86_64, one thread; not the kit's
 * event path, and without its return stack's cases (signal handlers that
 * push between two stores, longjmp, other stacks, a second user).
 *
 * What it writes is the kit's function_graph output:
 *   - an entry of a thread-local return stack: the return address, the
 *     function, the entry time, the depth;
 *   - per event a 32-byte struct trace_entry (include/linux/ring_buffer.h)
 *     in the kit's order of stores: reserved with one un-locked xadd,
 *     marked { TRACE_UNUSED, lap } (with its depth and CPU number in the
 *     same 8-byte store), filled, given its type last, the nested count
 *     checked, the events counted;
 *   - a leaf as one record, as graph_merge_leaf() makes it
 *     (stage2-graph/trace_functions_graph.c): when nothing was recorded
 *     since the call's entry, its return stores the time into the
 *     entry's arg.
 * The CPU number is read from the thread's rseq area, as the kit reads it
 * (asm/trace_clock.h); a thread without one records CPU 0.
 * With -DHJA_NO_RECORDS ("make bench"'s hijack-stk) it keeps the return
 * stack's entries alone: no CPU number, no record, no leaf merge; the
 * difference between the two builds is what the records cost.
 * With -DHJA_PAD_STORES=n or -DHJA_PAD_LOADS=n (hijack-st, hijack-ld) each
 * call also makes n stores to, or n loads from, n words of its own, none
 * waiting for another: what one more memory access costs a call here,
 * which "make bench" multiplies by the accesses it counts in the kit's.
 *
 * The call site (x86_64, -pg, non-PIE):
 *	push	%rbp
 *	mov	%rsp, %rbp
 *	call	mcount
 * On entry: (%rsp) is mcount's return address, in the traced function
 * (its selfpc); 8(%rbp) the traced function's return address.  Every
 * register but %r11 may carry an argument (%rax: a varargs call's vector
 * count, %r10: a nested function's static chain).
 */
#define HJA_DEPTH	4096		/* deeper than the workload goes */
#define HJA_SHIFT	16		/* slots: 1 << 16, 2 MB, overwritten */
#define TRACE_GRAPH_ENT	4
#define TRACE_GRAPH_RET	5

/* struct trace_buffer's first words, as ring_buffer.h lays them out */
#define B_HEAD		0
#define B_MASK		8
/* struct trace_entry */
#define E_TS		0
#define E_IP		8
#define E_ARG		16
#define E_COMMIT	24		/* commit, depth, cpu, flags: 4 x 16 */

/*
 * One record.  In: \b the buffer, %rax the time, %r8 ip, %r9 arg, %rdx
 * depth << 16 | cpu << 32 (flags 0).  Out: %rsi the slot's index + 1,
 * %rdi the slot.  Clobbers %rcx, %rdx.
 */
.macro RECORD type, b
	movl	$1, %esi
	xaddq	%rsi, B_HEAD(\b)	/* %rsi = i: reserved */
	movq	%rsi, %rdi
	andq	B_MASK(\b), %rdi
	shlq	$5, %rdi
	leaq	hja_ring(%rip), %rcx
	addq	%rcx, %rdi		/* %rdi = e */
	movq	%rsi, %rcx
	shrq	$HJA_SHIFT, %rcx
	movzbl	%cl, %ecx
	shll	$8, %ecx		/* { TRACE_UNUSED, lap } */
	orq	%rcx, %rdx
	movq	%rdx, E_COMMIT(%rdi)	/* unused mark, depth, cpu: first */
	movq	%rax, E_TS(%rdi)
	movq	%r8, E_IP(%rdi)
	movq	%r9, E_ARG(%rdi)
	incq	%rsi
	cmpq	%rsi, B_HEAD(\b)	/* a handler recorded since? */
	jne	8f
7:	movb	$\type, E_COMMIT(%rdi)	/* the type last */
	incq	hja_events(%rip)
	jmp	9f
8:	incq	hja_nested(%rip)
	jmp	7b
9:
.endm

/* %edx = the CPU number from the rseq area (clobbers %rcx) */
.macro CPU
	xorl	%edx, %edx
	movl	__rseq_size(%rip), %ecx
	testl	%ecx, %ecx
	jz	1f
	movq	__rseq_offset(%rip), %rcx
	movl	%fs:4(%rcx), %edx	/* struct rseq's cpu_id */
	testl	%edx, %edx
	jns	1f
	xorl	%edx, %edx
1:
.endm

	.text
	.p2align 4
	.globl	mcount
	.type	mcount, @function
mcount:
	pushq	%rax			/* rdtsc's, and the work's scratch */
	pushq	%rdx
	pushq	%rcx
	pushq	%rsi
	pushq	%rdi
	pushq	%r8
	pushq	%r9
#if defined(HJA_PAD_STORES) || defined(HJA_PAD_LOADS)
	.set	pad, 0
#ifdef HJA_PAD_STORES
	.rept	HJA_PAD_STORES
	movq	%rcx, hja_pad+8*pad(%rip)
#else
	.rept	HJA_PAD_LOADS
	movq	hja_pad+8*pad(%rip), %rcx
#endif
	.set	pad, pad + 1
	.endr
#endif
	movslq	%fs:hja_depth@tpoff, %r9
	cmpl	$HJA_DEPTH, %r9d
	jae	2f			/* too deep: not hijacked */
	movq	%r9, %rsi
	shlq	$5, %rsi		/* an entry: ret, func, calltime, depth */
	movq	8(%rbp), %rcx
	movq	%rcx, %fs:hja_frames@tpoff(%rsi)
	movq	56(%rsp), %r8		/* selfpc */
	movq	%r8, %fs:hja_frames@tpoff+8(%rsi)
	movq	%r9, %fs:hja_frames@tpoff+24(%rsi)
	rdtsc
	shlq	$32, %rdx
	orq	%rdx, %rax
	movq	%rax, %fs:hja_frames@tpoff+16(%rsi)
	incl	%fs:hja_depth@tpoff
	leaq	hja_return(%rip), %rcx
	movq	%rcx, 8(%rbp)		/* the function now returns to us */
#ifndef HJA_NO_RECORDS
	movq	%fs:hja_buffer@tpoff, %r11
	testq	%r11, %r11
	jz	3f
4:	shlq	$16, %r9		/* depth */
	CPU
	shlq	$32, %rdx
	orq	%r9, %rdx
	xorl	%r9d, %r9d		/* arg 0 */
	RECORD	TRACE_GRAPH_ENT, %r11
	movq	%rsi, %fs:hja_last@tpoff	/* its index + 1: a leaf's */
#endif
2:	popq	%r9
	popq	%r8
	popq	%rdi
	popq	%rsi
	popq	%rcx
	popq	%rdx
	popq	%rax
	ret
#ifndef HJA_NO_RECORDS
3:	leaq	hja_buf(%rip), %r11	/* the thread's first record */
	movq	%r11, %fs:hja_buffer@tpoff
	jmp	4b
#endif
	.size	mcount, .-mcount

/*
 * %rax/%rdx carry the return value; the other scratch registers are free.
 * The real return address is loaded first: the final "jmp *%r11" is
 * mispredicted as often as not (one jump for every return site), and a
 * target known early lets the CPU redirect while the record is still
 * being written (2 ns a call here against loading it last).
 */
	.globl	hja_return
	.type	hja_return, @function
hja_return:
	movslq	%fs:hja_depth@tpoff, %r8
	subl	$1, %r8d
	movl	%r8d, %fs:hja_depth@tpoff
	movq	%r8, %rsi
	shlq	$5, %rsi
	movq	%fs:hja_frames@tpoff(%rsi), %r11	/* where to go: first */
	pushq	%rax
	pushq	%rdx
	movq	%r8, %rdi
	shlq	$16, %rdi
	rdtsc
	shlq	$32, %rdx
	orq	%rdx, %rax
	movq	%fs:hja_frames@tpoff+8(%rsi), %r8	/* func */
	movq	%fs:hja_frames@tpoff+16(%rsi), %r9	/* calltime */
#ifdef HJA_NO_RECORDS
	movq	%rax, hja_last_time(%rip)	/* used, not dead */
#else
	movq	%fs:hja_buffer@tpoff, %r10
	CPU
	shlq	$32, %rdx
	orq	%rdi, %rdx
	movq	%fs:hja_last@tpoff, %rcx
	cmpq	%rcx, B_HEAD(%r10)
	jne	5f			/* something was recorded since */
	leaq	-1(%rcx), %rdi
	andq	B_MASK(%r10), %rdi
	shlq	$5, %rdi
	leaq	hja_ring(%rip), %rsi
	addq	%rsi, %rdi
	cmpq	%r8, E_IP(%rdi)
	jne	5f
	movq	%rax, E_ARG(%rdi)	/* a leaf: its entry takes the time */
	cmpq	%rcx, B_HEAD(%r10)
	jne	6f			/* a handler recorded: give it back */
	movq	$0, %fs:hja_last@tpoff
	jmp	4f
6:	movq	$0, E_ARG(%rdi)
5:	RECORD	TRACE_GRAPH_RET, %r10
#endif
4:	popq	%rdx
	popq	%rax
	jmp	*%r11
	.size	hja_return, .-hja_return

	.data
	.p2align 6
hja_buf:
	.quad	0			/* head */
	.quad	(1 << HJA_SHIFT) - 1	/* mask */
	.bss
	.p2align 6
hja_events:
	.skip	8
hja_nested:
	.skip	8
hja_last_time:
	.skip	8
	.p2align 6
hja_pad:
	.skip	8 * 64
	.p2align 6
hja_ring:
	.skip	32 << HJA_SHIFT

	.section .tbss, "awT", @nobits
	.p2align 6
hja_frames:
	.skip	32 * HJA_DEPTH
hja_depth:
	.skip	8
hja_buffer:
	.skip	8
hja_last:
	.skip	8

	.section .note.GNU-stack, "", @progbits
