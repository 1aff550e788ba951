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
 *	E-80	struct ftrace_regs	(88 bytes, from FREGS_ENTRY(%rbp))
 *	E-88	a pad word		(%rsp 16-byte aligned for the C call,
 *					   as the ABI keeps E)
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
 * 0(%rbp) and 8(%rbp)); a pad word under it keeps %rsp 16-byte aligned
 */
#define FREGS_ENTRY	-72
#define FR_R10		0
#define FR_R9		8
#define FR_R8		16
#define FR_RCX		24
#define FR_RDX		32
#define FR_RSI		40
#define FR_RDI		48
#define FR_RAX		56
#define FR_DIRECT	64
#define FR(field)	(FREGS_ENTRY + FR_##field)(%rbp)
#define FRAME_BELOW	80

/* the record and the argument registers; %rdi = fregs->ip */
.macro SAVE_FREGS
	pushq	%rbp
	movq	%rsp, %rbp		/* the record, and fregs->fp */
	subq	$FRAME_BELOW, %rsp
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
.endm

/* the callback's arguments but op (%rdx) */
.macro CALLBACK_ARGS
	subq	$MCOUNT_INSN_SIZE, %rdi	/* arg 1: ip = rec->ip */
	movq	16(%rbp), %rsi		/* arg 2: parent_ip */
	leaq	FREGS_ENTRY(%rbp), %rcx	/* arg 4: fregs */
.endm

/* the argument registers, as the callback left them in fregs */
.macro RESTORE_FREGS
	movq	FR(R10), %r10
	movq	FR(R9), %r9
	movq	FR(R8), %r8
	movq	FR(RCX), %rcx
	movq	FR(RDX), %rdx
	movq	FR(RSI), %rsi
	movq	FR(RDI), %rdi
	movq	FR(RAX), %rax
.endm

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

/*
 * The shared trampoline, FTRACE_ADDR: what a site calls that several ops
 * want (or one that has no trampoline of its own), through the list
 * function or the one tracer ftrace_call is patched to.  A direct ops'
 * callback among them leaves its trampoline in fregs->direct
 * (arch_ftrace_set_direct_caller()): then the way out is that trampoline,
 * entered as if the site had called it.
 */
	.globl	ftrace_caller
	.type	ftrace_caller, @function
ftrace_caller:
	SAVE_FREGS
	movq	$0, FR(DIRECT)
	CALLBACK_ARGS
	movq	function_trace_op(%rip), %rdx	/* arg 3: op */
	.globl	ftrace_call
ftrace_call:
	call	ftrace_stub		/* 5 bytes, rewritten in place */

	RESTORE_FREGS
	movq	FR(DIRECT), %r11	/* %r11: dead at a function's entry */
	leave				/* %rbp as on entry (fregs->fp) */
	testq	%r11, %r11
	jnz	1f
	ret				/* to fregs->ip: func + 5, or another
					   function's entry */
1:	jmp	*%r11			/* fregs->ip is its return address */
	.size	ftrace_caller, .-ftrace_caller

/*
 * The template of an ops' own trampoline (chapter 8; the kernel's
 * create_trampoline(), arch/x86/kernel/ftrace.c): the ops it serves is
 * the word after its code, read %rip-relative, so that a copy works
 * wherever it is mapped, and its call is of that ops' callback, the
 * rel32 arch_ftrace_update_trampoline() writes into each copy (ops->func
 * does not change while the ops is registered).  No list, no direct
 * call: it serves the sites that ops alone wants.
 */
	.globl	ftrace_ops_caller
	.type	ftrace_ops_caller, @function
ftrace_ops_caller:
	SAVE_FREGS
	CALLBACK_ARGS
	movq	ftrace_ops_caller_op(%rip), %rdx	/* arg 3: op */
	.globl	ftrace_ops_caller_call
ftrace_ops_caller_call:
	call	ftrace_stub		/* the copy's: call ops->func */

	RESTORE_FREGS
	leave
	ret
	.balign	8
	.globl	ftrace_ops_caller_op
ftrace_ops_caller_op:
	.quad	0
	.globl	ftrace_ops_caller_end
ftrace_ops_caller_end:
	.size	ftrace_ops_caller, .-ftrace_ops_caller

	.section .note.GNU-stack, "", @progbits
