/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ARM (32-bit, ARM state, hard float) mcount: chapter 1
 * (HAVE_FUNCTION_TRACER).
 *
 * What gcc -O2 -pg -marm -mapcs-frame puts at the top of every traced
 * function (objdump -dr of the kit's demo.o, leaf_add):
 *
 *	<func>:
 *	  e1a0c00d	mov   ip, sp
 *	  e92dd800	push  {fp, ip, lr, pc}	APCS frame: fp -> saved pc
 *	  e24cb004	sub   fp, ip, #4
 *	  e52de004	push  {lr}		one more copy of lr, for mcount
 *	  ebfffffe	bl    __gnu_mcount_nc	<- selfpc (R_ARM_CALL)
 *	  ...				(the body; arguments still in registers)
 *
 * Registers and stack on entry to __gnu_mcount_nc:
 *
 *	lr		return into func = selfpc + MCOUNT_INSN_SIZE
 *	[sp]		func's own lr = frompc, pushed by the call site; the
 *			"_nc" ABI makes mcount pop it: func resumes with sp
 *			one word higher and lr = that word
 *	fp		func's APCS frame: [fp, #-4] = the same frompc (the
 *			slot func really returns through), [fp, #-12] = the
 *			caller's fp
 *	r0-r3		integer arguments of func
 *	d0-d7		float/double arguments of func (armhf passes them in
 *			VFP registers)
 *	ip		free: a "bl" may go through a linker veneer that
 *			clobbers ip, so no caller keeps anything in it
 *	sp		only 4-byte aligned (the pushed lr, and func's frame
 *			may hold an odd number of words at this point)
 *
 * Thumb-2 code (-mthumb, Debian armhf's default) calls us the same way:
 * "push {lr}; bl __gnu_mcount_nc" (a 4-byte Thumb bl, which the linker
 * makes a blx into this ARM code), with bit 0 of lr set.  The function
 * tracer clears that bit for selfpc; every return into func is a "bx",
 * which goes back into the state bit 0 names.  Thumb frames are
 * "push {r7, lr}", not APCS: fp is no frame pointer there, so the graph
 * tracer cannot find the slot to hijack (arch/arm/ftrace.c refuses).
 *
 * The tracer is ordinary C and may use every caller-saved core register,
 * so the slow path saves r0-r3 around the call; r4-r11 are saved by the C
 * code itself when it uses them.  d0-d7 need no saving: the tracer's C
 * code is the event path (linux/event_path.h), built with
 * -mgeneral-regs-only, and never touches a VFP register; a slow path that
 * calls the C library goes through kernel_fpu_call() (fpu.S), which keeps
 * them.
 */
#include <linux/event_path.h>
#include <linux/ftrace.h>

	.syntax unified
	.arm
	EVENT_PATH_TEXT

/*
 * reg = &sym, or reg = the word at sym: movw/movt reach any address in two
 * instructions and need no literal pool next to the code.  A PIE's runtime
 * (CONFIG_PIE, built -fPIE: gcc's __PIC__) has no link-time address, so
 * there they hold sym's distance from the add, which adds pc (the add's
 * own address + 8 in ARM state).
 */
	.macro	mov_addr, reg, sym
#ifdef __PIC__
	movw	\reg, #:lower16:(\sym - (.Lpc\@ + 8))
	movt	\reg, #:upper16:(\sym - (.Lpc\@ + 8))
.Lpc\@:
	add	\reg, \reg, pc
#else
	movw	\reg, #:lower16:\sym
	movt	\reg, #:upper16:\sym
#endif
	.endm

	.macro	ldr_word, reg, sym
	mov_addr \reg, \sym
	ldr	\reg, [\reg]
	.endm

/*
 * ftrace_stub: the "no tracer" value of ftrace_trace_function.  mcount only
 * compares against it; it is still a real function so the pointer is always
 * safe to call.
 */
	.globl	ftrace_stub
	.type	ftrace_stub, %function
	.align	2
ftrace_stub:
	bx	lr
	.size	ftrace_stub, .-ftrace_stub

/*
 * The slow paths share one frame layout, set up by mcount_enter from the
 * state the fast path leaves ([sp] = into func, [sp, #4] = frompc):
 *
 *	[fp, #8]	frompc: func's lr, the word its call site pushed
 *			(chapter 4: ftrace_caller pushes it for the site)
 *	[fp, #4]	into func (the fast path's push)
 *	[fp]		our pc \
 *	[fp, #-4]	into func = lr	 | an APCS frame like gcc's, so that
 *	[fp, #-8]	&[fp, #4]	 | save_stack_trace() walks through
 *	[fp, #-12]	func's fp	/  us into func and its callers
 *	[fp, #-28]	r0-r3 (MCOUNT_FREGS: the tracer's fregs)
 *	(sp rounded down to 8 bytes: AAPCS wants that at every call)
 */
	.macro	mcount_enter
	@ the compare borrowed lr: into func again
	ldr	lr, [sp]
	mov	ip, sp
	push	{fp, ip, lr, pc}
	sub	fp, ip, #4
	push	{r0-r3}
	bic	sp, sp, #7
	.endm

	/*
	 * The tracer's arguments (linux/ftrace.h, ftrace_func_t), in
	 * mcount_enter's frame, lr = into func (bit 0 set for Thumb).
	 */
	.macro	tracer_args
	bic	r0, lr, #1		@ a Thumb site returns to an odd lr:
	sub	r0, r0, #MCOUNT_INSN_SIZE	@ arg 1: ip, the call site
	ldr	r1, [fp, #8]		@ arg 2: parent_ip
	ldr_word r2, function_trace_op	@ arg 3: op
	sub	r3, fp, #MCOUNT_FREGS	@ arg 4: fregs, the saved r0-r3
	.endm

	/* undo mcount_enter: back to [sp] = into func, [sp, #4] = frompc */
	.macro	mcount_exit
	sub	sp, fp, #(12 + 4 * 4)	@ where the push left it
	pop	{r0-r3}
	ldm	sp, {fp, sp, lr}	@ fp = func's fp, sp = as at the push
	.endm

#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * Chapter 4: __gnu_mcount_nc is only the stub now.  It runs for calls made
 * before the sites are converted (constructors that run before ours) and
 * for any site the records do not know, both still gcc's "push {lr}; bl":
 * it still owes such a site its push, so lr comes back from the stack and
 * the function resumes.  A Thumb site reaches it (and ftrace_caller) with
 * blx, so it returns with bx.
 */
#ifdef CONFIG_FTRACE_MCOUNT_RECORD
	.globl	__gnu_mcount_nc
	.type	__gnu_mcount_nc, %function
	.align	2
__gnu_mcount_nc:
	mov	ip, lr			@ into func (bit 0 set for Thumb)
	pop	{lr}			@ func's own lr, as the site pushed it
	bx	ip
	.size	__gnu_mcount_nc, .-__gnu_mcount_nc
#endif

/*
 * What an enabled site calls.  The start-up conversion made every
 * recorded site "mov ip, lr; nop" (arch/arm/ftrace.c) and enabling makes
 * the nop "bl ftrace_caller" ("blx" from Thumb-2), so on entry:
 *
 *	ip		func's own lr = frompc (the site's "mov ip, lr")
 *	lr		return into func = selfpc + 4 (bit 0 set for Thumb)
 *	sp		func's sp: the site pushed nothing
 *	fp, r0-r3, d0-d7	as on entry to __gnu_mcount_nc at stage 1
 *
 * Pushing frompc, then lr, gives exactly the two words stage 1's mcount
 * has after its own push ([sp] = into func, [sp, #4] = frompc), and from
 * there the same frame: the tracer, ftrace_graph_caller,
 * prepare_ftrace_return(), save_stack_trace() and return_to_handler find
 * everything where they always did.  The final "pop {ip, lr}" takes both
 * words off again, so func resumes with its own sp and lr (or
 * return_to_handler, when a frameless function's copy was hijacked).
 * The tracer is called directly from ftrace_call, a "bl" that
 * ftrace_update_ftrace_func() rewrites.
 */
	.globl	ftrace_caller
	.type	ftrace_caller, %function
	.align	2
ftrace_caller:
	push	{ip}			@ frompc, where the site's push was
	push	{lr}			@ [sp] = into func, [sp, #4] = frompc
	mcount_enter
	tracer_args			@ ip == rec->ip
	.globl	ftrace_call
ftrace_call:
	bl	ftrace_stub
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	/*
	 * Chapter 5: the second patch site.  A nop while the graph tracer
	 * is off, "b ftrace_graph_caller" while it is on (one word,
	 * ftrace_enable_ftrace_graph_caller()).  It comes before
	 * mcount_exit: ftrace_graph_caller works in this very frame, so
	 * nothing is saved twice and no pointer is tested on any path.
	 */
	.globl	ftrace_graph_call
ftrace_graph_call:
	nop
#endif
	mcount_exit
.Lmcount_return:
	pop	{ip, lr}		@ ip = into func, lr = func's lr
	bx	ip
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Chapter 5: reached by the branch at ftrace_graph_call, inside
 * ftrace_caller's frame (mcount_enter's layout, above).  The stage 2
 * version is entered with lr = into func and builds that frame itself;
 * here lr was spent on the bl at ftrace_call, so "into func" comes from
 * the frame's [fp, #-4].  parent, selfpc (bit 0 still set for a Thumb
 * site: prepare_ftrace_return() refuses those) and func's fp are what
 * stage 2 passes, so prepare_ftrace_return() is unchanged: parent is the
 * copy of frompc ftrace_caller pushed, which "pop {ip, lr}" puts into lr
 * as the site's own push was at stage 2.
 */
	.globl	ftrace_graph_caller
ftrace_graph_caller:
	add	r0, fp, #8		@ arg 1: parent, the pushed frompc
	ldr	r1, [fp, #-4]		@ into func (bit 0 set for Thumb)
	sub	r1, r1, #MCOUNT_INSN_SIZE	@ arg 2: selfpc, Thumb bit kept
	ldr	r2, [fp, #-12]		@ arg 3: func's fp
	bl	prepare_ftrace_return
	mcount_exit
	b	.Lmcount_return
#endif
#endif /* CONFIG_DYNAMIC_FTRACE */

/*
 * Chapters 1 and 2; and chapter 4's ftraced design, where the sites call
 * __gnu_mcount_nc until the daemon converted them and it records them
 * (MCOUNT_TRACE_FUNCTION, linux/ftrace.h).
 */
#ifndef CONFIG_FTRACE_MCOUNT_RECORD
	.globl	__gnu_mcount_nc
	.type	__gnu_mcount_nc, %function
	.align	2
__gnu_mcount_nc:
	/*
	 * The fast path.  A compare needs two registers and only ip is
	 * free, so lr (the way back into func) is parked on the stack
	 * next to func's lr; one "pop" then brings both back.
	 */
	push	{lr}			@ [sp] = into func, [sp, #4] = frompc
	ldr_word ip, MCOUNT_TRACE_FUNCTION
	mov_addr lr, ftrace_stub
	cmp	ip, lr
	bne	.Ltrace
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
.Lgraph_check:
	/* lr = ftrace_stub here, on both ways in */
	ldr_word ip, ftrace_graph_return
	cmp	ip, lr
	bne	ftrace_graph_caller
	ldr_word ip, ftrace_graph_entry
	mov_addr lr, ftrace_graph_entry_stub
	cmp	ip, lr
	bne	ftrace_graph_caller
#endif
.Lmcount_nc_return:
	pop	{ip, lr}		@ ip = into func, lr = func's lr
	bx	ip

.Ltrace:
	mcount_enter
	tracer_args
	/* reload: the tracer may have changed since the check; both are ok */
	ldr_word ip, MCOUNT_TRACE_FUNCTION
	blx	ip
	mcount_exit
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	mov_addr lr, ftrace_stub
	b	.Lgraph_check
#else
	b	.Lmcount_nc_return
#endif
#endif /* !CONFIG_FTRACE_MCOUNT_RECORD */

#if defined(CONFIG_FUNCTION_GRAPH_TRACER) && !defined(CONFIG_DYNAMIC_FTRACE)
/*
 * Chapter 2: let prepare_ftrace_return() hijack func's return address.
 * It gets the address of the pushed copy of func's lr and func's fp, and
 * works out itself which of the two places func really returns through
 * (arch/arm/ftrace.c).  The copy is popped into lr below, so a hijack of
 * it reaches func through lr.
 */
	.globl	ftrace_graph_caller
ftrace_graph_caller:
	mcount_enter
	add	r0, fp, #8		@ arg 1: parent, the pushed lr
	sub	r1, lr, #MCOUNT_INSN_SIZE	@ arg 2: selfpc
	ldr	r2, [fp, #-12]		@ arg 3: func's fp
	bl	prepare_ftrace_return
	mcount_exit
	b	.Lmcount_nc_return
#endif
#ifdef CONFIG_DYNAMIC_FTRACE
	.size	ftrace_caller, .-ftrace_caller
#else
	.size	__gnu_mcount_nc, .-__gnu_mcount_nc
#endif

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Traced functions "return" here once prepare_ftrace_return() has put
 * this address in their return slot.  The function has already torn its
 * frame down: sp is as its caller left it, fp is the caller's again, and
 * r0-r3 / d0-d7 hold the return value (up to a 16-byte integer container
 * or four doubles).  Keep r0-r3 (the event path leaves d0-d7 alone), ask
 * the generic code for the real return address, and go there with bx
 * (the caller may be Thumb code: bit 0 of the address says so).  gcc keeps sp 8-byte aligned at calls,
 * but the caller may be any code: align it here rather than trust that.
 */
/*
 * Unwind information (EHABI) for unwinders that meet return_to_handler as
 * the return address of a hijacked function (stage2-graph/fgraph_unwind.c):
 * they look up the address minus two, in this one-word entry in front of
 * the label, whose personality routine, ftrace_graph_personality(), sets
 * pc to the real return address and leaves sp as it is.  The body itself
 * is marked "cannot unwind": a walk that starts inside it ends there.
 */
	.align	2
	.fnstart
	.personality ftrace_graph_personality
	nop
	.fnend

	.globl	return_to_handler
	.type	return_to_handler, %function
return_to_handler:
	.fnstart
	.cantunwind
	mov	ip, sp
	bic	sp, sp, #7
	push	{r0-r3, ip, lr}		@ lr: only a slot for the answer
	mov	r0, ip			@ arg 1: sp, the frame's identity
	mov	r1, fp			@ arg 2: fp, for the frame pointer test
	bl	ftrace_return_to_handler
	str	r0, [sp, #(5 * 4)]	@ the real return address
	pop	{r0-r3, ip, lr}
	mov	sp, ip
	bx	lr
	.fnend
	.size	return_to_handler, .-return_to_handler
#endif

	.section .note.GNU-stack, "", %progbits
