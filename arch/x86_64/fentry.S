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
 * gcc's one site that is not the first instruction, a GNU C nested
 * function's "push %r10; call __fentry__; pop %r10" (its static chain
 * arrives in %r10), recordmcount --nop makes one site at the entry, a
 * NOP over the call and another over the push and the pop: this
 * trampoline keeps %r10 itself.  So the return address is at the stack
 * pointer for every function alike.
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
 * ftrace_caller pushes %rbp, which makes the words at E-8 and E a frame
 * record, and saves the rest of struct ftrace_regs (asm/ftrace.h) under
 * it: the record is the struct's last two fields.
 *
 *	E+8	parent_ip		(func's return slot, its sp on
 *					   entry: &fregs->ip + 1)
 *	E	func + 5		<- %rsp on entry (E); fregs->ip
 *	E-8	%rbp on entry		<- %rbp: fregs->fp; the record is
 *					   {fp, ip}
 *	E-72	struct ftrace_regs	(80 bytes, from FREGS_ENTRY(%rbp)),
 *					   16-byte aligned as the ABI keeps E
 *
 * To a stack walk the record is func's frame, returning into func; the
 * caller it was called from, parent_ip, is in no record: save_stack_trace()
 * (stacktrace.c) knows this frame by the return address of ftrace_call
 * below it and reads parent_ip just above it.  The kernel's ftrace_64.S
 * builds a second record for parent_ip under CONFIG_FRAME_POINTER
 * (save_mcount_regs); the kit's walk does without, and the function
 * tracer pays some 1.5 ns less a call (docs/08-entry.md, 8.3).
 *
 * The callback may change the saved argument registers and fregs->ip:
 * the registers are read back, and "ret" pops fregs->ip, our own return
 * address.
 */
#include <linux/event_path.h>
#include <linux/ftrace.h>

/*
 * struct ftrace_regs from %rbp, and its fields (fp and ip are the record,
 * 0(%rbp) and 8(%rbp))
 */
#define FREGS_ENTRY	-64
#define FR_R10		0
#define FR_R9		8
#define FR_R8		16
#define FR_RCX		24
#define FR_RDX		32
#define FR_RSI		40
#define FR_RDI		48
#define FR_RAX		56
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
	pushq	%rbp
	movq	%rsp, %rbp		/* the record, and fregs->fp */
	subq	$-FREGS_ENTRY, %rsp
	movq	%r10, FR(R10)
	movq	%r9, FR(R9)
	movq	%r8, FR(R8)
	movq	%rcx, FR(RCX)
	movq	%rdx, FR(RDX)
	movq	%rsi, FR(RSI)
	movq	%rdi, FR(RDI)
	movq	%rax, FR(RAX)
	movq	8(%rbp), %rdi		/* fregs->ip */
	/*
	 * A caller that broke the ABI's alignment (hand-written asm) must
	 * not make the C code fault on an aligned store: everything above is
	 * reached through %rbp.
	 */
	andq	$-16, %rsp

	subq	$MCOUNT_INSN_SIZE, %rdi	/* arg 1: ip = rec->ip */
	movq	16(%rbp), %rsi		/* arg 2: parent_ip */
	movq	function_trace_op(%rip), %rdx	/* arg 3: op */
	leaq	FREGS_ENTRY(%rbp), %rcx	/* arg 4: fregs */
	.globl	ftrace_call
ftrace_call:
	call	ftrace_stub		/* 5 bytes, rewritten in place */

	movq	FR(R10), %r10
	movq	FR(R9), %r9
	movq	FR(R8), %r8
	movq	FR(RCX), %rcx
	movq	FR(RDX), %rdx
	movq	FR(RSI), %rsi
	movq	FR(RDI), %rdi
	movq	FR(RAX), %rax
	leave				/* %rbp as on entry (fregs->fp) */
	ret				/* to fregs->ip: func + 5, or another
					   function's entry */

	.size	ftrace_caller, .-ftrace_caller

	.section .note.GNU-stack, "", @progbits
