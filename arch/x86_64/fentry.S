/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86_64 entry trampoline: chapter 8 (HAVE_DYNAMIC_FTRACE_WITH_ARGS).
 *
 * What gcc -O2 -pg -mfentry -fno-pie puts at the top of every traced
 * function, before its prologue, "call __fentry__", as recordmcount --nop
 * leaves it (recorded, and written as the NOP):
 *
 *	<func>:
 *	  0f 1f 44 00 00	nopl 0x0(%rax,%rax,1)	<- rec->ip, disabled
 *	  e8 xx xx xx xx	call ftrace_caller	   enabled
 *	  55			push %rbp		(the prologue, if any)
 *	  ...
 *
 * (position-independent code has "ff 15" call *__fentry__@GOTPCREL(%rip)
 * there instead, which becomes the 6-byte NOP, and "67 e8" enabled:
 * ftrace.c.)
 *
 * gcc's one site that is not the first instruction: a GNU C nested
 * function, whose static chain arrives in %r10, keeps it around the call:
 *
 *	  41 52			push %r10
 *	  0f 1f 44 00 00	(the site)
 *	  41 5a			pop  %r10
 *
 * so there the return address is one word further up: the trampoline
 * looks for the pop after the site (one compare, not taken elsewhere)
 * and then for the push before it.
 *
 * Stack and registers on entry to ftrace_caller:
 *
 *	0(%rsp)		return into func = rec->ip + MCOUNT_INSN_SIZE
 *	8(%rsp)		return into func's caller = parent_ip
 *	16(%rsp)...	func's arguments past the sixth
 *	%rbp		the CALLER's frame: func has built none yet
 *	%rdi %rsi %rdx %rcx %r8 %r9, %rax, %r10, the vector registers:
 *			func's arguments, as at mcount (mcount.S says which)
 *
 * ftrace_caller builds struct ftrace_regs (asm/ftrace.h) under two frame
 * records, so that a stack walk from a callback sees func and its caller
 * as it would once func's prologue ran (the kernel's ftrace_64.S does
 * the same under CONFIG_FRAME_POINTER):
 *
 *	E+8	parent_ip		(func's return slot: fregs->sp = E+8)
 *	E	func + 5		<- %rsp on entry (E)
 *	E-8	parent_ip (copy)  \  the caller's record, as func's prologue
 *	E-16	%rbp on entry     /  would have begun it
 *	E-24	func + 5 (copy)   \  func's record:
 *	E-32	E-16              /  %rbp = E-32
 *	E-120	struct ftrace_regs (88 bytes, FREGS_ENTRY(%rbp))
 *
 * The callback may change the saved argument registers and fregs->ip:
 * both are read back, and "ret" goes to fregs->ip.
 */
#include <linux/event_path.h>
#include <linux/ftrace.h>

/* struct ftrace_regs from %rbp, and its fields */
#define FREGS_ENTRY	-88
#define FR_R10		0
#define FR_R9		8
#define FR_R8		16
#define FR_RCX		24
#define FR_RDX		32
#define FR_RSI		40
#define FR_RDI		48
#define FR_RAX		56
#define FR_IP		64
#define FR_SP		72
#define FR_FP		80
#define FR(field)	(FREGS_ENTRY + FR_##field)(%rbp)

	EVENT_PATH_TEXT

/*
 * What a site calls before the start-up conversion: only position-
 * independent code does (through the GOT), and only a constructor that
 * runs first.  It does nothing.
 */
	.globl	__fentry__
	.type	__fentry__, @function
__fentry__:
	ret
	.size	__fentry__, .-__fentry__

	.globl	ftrace_caller
	.type	ftrace_caller, @function
ftrace_caller:
	pushq	8(%rsp)			/* parent_ip */
	pushq	%rbp
	movq	%rsp, %rbp		/* the caller's record */
	pushq	16(%rsp)		/* func + 5 */
	pushq	%rbp
	movq	%rsp, %rbp		/* func's record */
	subq	$88, %rsp
	movq	%r10, FR(R10)
	movq	%r9, FR(R9)
	movq	%r8, FR(R8)
	movq	%rcx, FR(RCX)
	movq	%rdx, FR(RDX)
	movq	%rsi, FR(RSI)
	movq	%rdi, FR(RDI)
	movq	%rax, FR(RAX)
	movq	32(%rbp), %rdi
	movq	%rdi, FR(IP)
	leaq	40(%rbp), %rsi		/* func's sp on entry */
	cmpw	$0x5a41, (%rdi)		/* "pop %r10" after the site? */
	je	.Lstatic_chain
.Lentry_sp:
	movq	%rsi, FR(SP)
	movq	(%rsi), %rsi		/* parent_ip */
	movq	%rsi, 24(%rbp)		/* into the caller's record too */
	movq	16(%rbp), %rsi
	movq	%rsi, FR(FP)
	/*
	 * A caller that broke the ABI's alignment (hand-written asm) must
	 * not make the C code fault on an aligned store: everything above is
	 * reached through %rbp.
	 */
	andq	$-16, %rsp

	subq	$MCOUNT_INSN_SIZE, %rdi	/* arg 1: ip = rec->ip */
	movq	24(%rbp), %rsi		/* arg 2: parent_ip */
	movq	function_trace_op(%rip), %rdx	/* arg 3: op */
	leaq	FREGS_ENTRY(%rbp), %rcx	/* arg 4: fregs */
	.globl	ftrace_call
ftrace_call:
	call	ftrace_stub		/* 5 bytes, rewritten in place */

	/* where to return: func + 5, or another function's entry */
	movq	FR(IP), %r11		/* %r11: dead at a function's entry */
	movq	%r11, 32(%rbp)
	movq	FR(R10), %r10
	movq	FR(R9), %r9
	movq	FR(R8), %r8
	movq	FR(RCX), %rcx
	movq	FR(RDX), %rdx
	movq	FR(RSI), %rsi
	movq	FR(RDI), %rdi
	movq	FR(RAX), %rax
	leave				/* func's record */
	leave				/* the caller's: %rbp as on entry */
	addq	$8, %rsp		/* the copy of parent_ip */
	ret

	/* "push %r10" before a 5-byte site or a 6-byte PIC one: skip it */
.Lstatic_chain:
	cmpw	$0x5241, -(MCOUNT_INSN_SIZE + 2)(%rdi)
	je	1f
	cmpw	$0x5241, -(MCOUNT_INSN_SIZE + 3)(%rdi)
	jne	.Lentry_sp
1:	addq	$8, %rsi
	jmp	.Lentry_sp
	.size	ftrace_caller, .-ftrace_caller

	.section .note.GNU-stack, "", @progbits
