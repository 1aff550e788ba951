/* SPDX-License-Identifier: GPL-2.0 */
/*
 * riscv64 entry trampoline: chapter 8 (HAVE_DYNAMIC_FTRACE_WITH_ARGS).
 *
 * What gcc -O2 -fpatchable-function-entry=4 -fno-omit-frame-pointer
 * -mno-relax (rv64gc) puts at the top of every traced function, before
 * its prologue, and what the kit makes of it (arch/riscv64/ftrace.c):
 *
 *	<func>:		as linked	after start-up		enabled
 *	  +0	0001	c.nop		auipc t0, hi		(the same)
 *	  +2	0001	c.nop		 |
 *	  +4	0001	c.nop		addi zero, tp, lo	jalr t0, lo(t0)
 *	  +6	0001	c.nop		 |  (a hint: a nop)
 *	  +8	1101	addi sp, sp, -32	(the prologue)
 *	  ...
 *
 * rec->ip is func itself (gcc records the first NOP in
 * __patchable_function_entries, which recordmcount --entries moves to
 * __mcount_loc).
 * The kernel's riscv builds its sites so since v5.18 (arch/riscv/Makefile)
 * and calls through t0 since v6.3 (arch/riscv/kernel/mcount-dyn.S): the
 * call links through t0, so ra is still what func's caller put there.
 * (v6.16's CALL_OPS puts four more NOPs before func: not the kit's.)
 *
 * Registers and stack on entry to ftrace_caller:
 *
 *	t0		return into func = rec->ip + MCOUNT_INSN_SIZE
 *	ra		func's return address = parent_ip
 *	sp		func's on entry (16-byte aligned); its ninth and
 *			later integer arguments at 0(sp), 8(sp), ...
 *	s0		the CALLER's frame pointer: func has built no frame
 *	a0-a7		func's integer arguments, untouched
 *	t2		gcc's static chain, a nested function's argument
 *	fa0-fa7		float arguments: the event path never touches them
 *
 * Every other temporary is free: func's caller made a call, which
 * clobbers them.  ftrace_caller builds two frame records and struct
 * ftrace_regs (asm/ftrace.h) below func's sp, so that a stack walk from
 * a callback passes through func and on into its caller, as it would
 * once func's prologue ran (E = sp on entry):
 *
 *	E-8	ra (parent_ip)	\  func's record, as its prologue
 *	E-16	s0 on entry	/  would write it: func's s0 would be E
 *	E-24	t0 (into func)	\  ftrace_caller's record: s0 = E-16
 *	E-32	E		/
 *	E-144	struct ftrace_regs (104 bytes, padded to 112)
 *
 * The callback may change the saved argument registers, fregs->pc (a
 * redirect: the trampoline goes there instead of into func) and
 * fregs->ra (the graph tracer: func returns to return_to_handler): all
 * are read back before "jr t0".
 */
#include <linux/event_path.h>
#include <linux/ftrace.h>

/* struct ftrace_regs, from sp, and the whole frame */
#define FR_A0		0
#define FR_A1		8
#define FR_A2		16
#define FR_A3		24
#define FR_A4		32
#define FR_A5		40
#define FR_A6		48
#define FR_A7		56
#define FR_T2		64
#define FR_PC		72
#define FR_RA		80
#define FR_SP		88
#define FR_S0		96
#define FR_DIRECT	104
#define ENTRY_FRAME	144

/* struct ftrace_regs and the two frame records (see above) */
.macro SAVE_FREGS
	addi	sp, sp, -ENTRY_FRAME
	sd	ra, ENTRY_FRAME - 8(sp)
	sd	s0, ENTRY_FRAME - 16(sp)
	sd	t0, ENTRY_FRAME - 24(sp)
	sd	a0, FR_A0(sp)
	sd	a1, FR_A1(sp)
	sd	a2, FR_A2(sp)
	sd	a3, FR_A3(sp)
	sd	a4, FR_A4(sp)
	sd	a5, FR_A5(sp)
	sd	a6, FR_A6(sp)
	sd	a7, FR_A7(sp)
	sd	t2, FR_T2(sp)		# the C code below may clobber it
	sd	t0, FR_PC(sp)
	sd	ra, FR_RA(sp)
	sd	s0, FR_S0(sp)		# before s0 changes below
	sd	zero, FR_DIRECT(sp)
	addi	s0, sp, ENTRY_FRAME	# E
	sd	s0, FR_SP(sp)
	sd	s0, ENTRY_FRAME - 32(sp)	# our record leads to func's
	addi	s0, sp, ENTRY_FRAME - 16	# our frame, for the walk

	addi	a0, t0, -MCOUNT_INSN_SIZE	# arg 1: ip = rec->ip
	mv	a1, ra				# arg 2: parent_ip
	mv	a3, sp				# arg 4: fregs
.endm

	/*
	 * No compressed instructions: ftrace_call, the word
	 * ftrace_update_ftrace_func() rewrites, is then 4-byte aligned and
	 * changes with one store.
	 */
	.option	norvc
	EVENT_PATH_TEXT

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
/*
 * CALL_OPS (the kernel's riscv since v6.16): -fpatchable-function-entry=8,4
 * -falign-functions=8 leaves 8 more bytes before func, 8-aligned, which
 * hold the ftrace_ops the site calls (ftrace.c writes it before enabling
 * the jalr), and the site calls that ops' callback without the list:
 *
 *	func - 8:	.quad	ops		<- the literal
 *	func:		auipc	t0, hi
 *			jalr	t0, lo(t0)	t0 = func + 8
 *
 * A site gcc did not align (-Os ignores -falign-functions) calls
 * ftrace_list_caller instead: its auipc is written for that one.
 */
	.globl	ftrace_caller
	.type	ftrace_caller, %function
	.balign	4
ftrace_caller:
	SAVE_FREGS
	ld	a2, -16(t0)			# arg 3: the site's ops
	beqz	a2, ftrace_caller_exit		# none written: a stray call
	ld	t1, 0(a2)			# op->func
	jalr	t1
	j	ftrace_caller_exit
	.size	ftrace_caller, .-ftrace_caller

/*
 * The sites with no literal to trust, and a library's (its module PLT
 * jumps here, FTRACE_PLT_ADDR): through ftrace_call, the one tracer or
 * the list.
 */
	.globl	ftrace_list_caller
	.type	ftrace_list_caller, %function
	.balign	4
ftrace_list_caller:
#else
	.globl	ftrace_caller
	.type	ftrace_caller, %function
	.balign	4
ftrace_caller:
#endif
	SAVE_FREGS
	lla	a2, function_trace_op
	ld	a2, 0(a2)			# arg 3: op
	.globl	ftrace_call
ftrace_call:
	jal	ra, ftrace_stub		# one aligned word, rewritten

ftrace_caller_exit:
	ld	a0, FR_A0(sp)
	ld	a1, FR_A1(sp)
	ld	a2, FR_A2(sp)
	ld	a3, FR_A3(sp)
	ld	a4, FR_A4(sp)
	ld	a5, FR_A5(sp)
	ld	a6, FR_A6(sp)
	ld	a7, FR_A7(sp)
	ld	t2, FR_T2(sp)
	ld	t0, FR_PC(sp)		# into func, or where a callback said
	ld	ra, FR_RA(sp)		# func's return, maybe hooked
	ld	s0, FR_S0(sp)		# the caller's frame, as on entry
	ld	t1, FR_DIRECT(sp)	# t1: free at func's entry
	addi	sp, sp, ENTRY_FRAME
	bnez	t1, 1f
	jr	t0
	/*
	 * A direct ops' callback chose a trampoline (fregs->direct): enter
	 * it as a site would have called it, t0 into func and ra func's
	 * return (arch_ftrace_set_direct_caller())
	 */
1:	jr	t1
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
	.size	ftrace_list_caller, .-ftrace_list_caller
#else
	.size	ftrace_caller, .-ftrace_caller
#endif

	.section .note.GNU-stack, "", %progbits
