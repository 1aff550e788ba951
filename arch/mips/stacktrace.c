// SPDX-License-Identifier: GPL-2.0
/*
 * STACKTRACE_SUPPORT for MIPS o32: unwind by reading function prologues.
 *
 * MIPS has no frame-pointer chain with a fixed layout: s8 is a frame
 * pointer, but where a function keeps the caller's s8 and its own return
 * address depends on its frame.  What every function with a frame does
 * have is a prologue that allocates a frame and, unless the function is a
 * leaf, stores ra in it.  arch/mips/prologue.c reads it back from a pc in
 * the body (mips_frame_decode(), the same decoder the graph tracer uses):
 * the frame size N and the offset of the saved ra, so the caller's state
 * is  sp + N  and  pc = the word at sp + off.  The walk starts with the pc
 * and sp of save_stack_trace()'s caller, taken at save_stack_trace()'s
 * entry.
 *
 * _mcount's own frame (asm/ftrace.h, MCOUNT_*) is not an ordinary
 * prologue: it is entered with the traced function's return address in
 * at, not in a stack slot (a leaf function never stores ra), and it saves
 * at in its frame.  So the frame above _mcount takes its return address
 * from that slot, unless it stored ra itself (a non-leaf: the same value).
 *
 * While the function graph tracer (chapter 2) has hijacked a return, the
 * slot holds return_to_handler; ftrace_graph_ret_addr() gives back the real
 * address, told which slot it was read from.
 *
 * Every function the walk scans has a frame, so the backward scan ends in
 * its own prologue: a function that calls others must keep ra somewhere,
 * and a traced leaf gets one from -pg -fno-omit-frame-pointer (arch.mk).
 * The walk follows a return address only while it is in the program's code
 * (core_text_address()): the C library is read by nobody.
 */
#include <stdint.h>
#include <linux/event_path.h>
#include <linux/ftrace.h>
#include <linux/stacktrace.h>
#include <asm/prologue.h>

void __save_stack_trace(struct stack_trace *trace, unsigned long pc,
			unsigned long sp);

static __event_path int in_mcount(unsigned long pc)
{
	return pc >= (unsigned long)_mcount && pc < (unsigned long)_mcount_end;
}

/*
 * The walk proper.  pc and sp are those of save_stack_trace()'s caller,
 * right after the call: pc is the first return address of the chain.
 */
__event_path void __save_stack_trace(struct stack_trace *trace,
				     unsigned long pc, unsigned long sp)
{
	unsigned long ret = pc, entry_ra = 0, *entry_retp = NULL, *retp;
	int graph_idx = 0;

	trace->nr_entries = 0;
	if (stack_trace_add(trace, ret) || !core_text_address(ret))
		return;
	while (trace->nr_entries < trace->max_entries) {
		unsigned long *frame = (unsigned long *)sp;
		unsigned long size;
		struct mips_frame f;

		if (in_mcount(pc)) {
			/* stopped at its call of the tracer: a known frame */
			ret = frame[MCOUNT_RA / 4];
			retp = NULL;
			size = MCOUNT_FRAME_SIZE;
			/* the traced function's return address, leaf or not */
			entry_retp = &frame[MCOUNT_AT / 4];
			entry_ra = *entry_retp;
		} else {
			if (mips_frame_decode((const uint32_t *)pc, 0, &f) ||
			    f.size & 7)
				break;
			size = f.size;
			if (f.ra_off >= 0 && !(f.ra_off & 3)) {
				retp = &frame[f.ra_off / 4];
				ret = *retp;
			} else if (entry_ra) {
				retp = entry_retp;
				ret = entry_ra;
			} else {
				break;		/* a leaf in the middle: lost */
			}
			entry_ra = 0;
			entry_retp = NULL;
		}
		/* chapter 2: a hijacked slot holds return_to_handler */
		ret = ftrace_graph_ret_addr(&graph_idx, ret, retp);
		if (stack_trace_add(trace, ret) || !core_text_address(ret))
			break;
		sp += size;
		pc = ret;
	}
}

/*
 * save_stack_trace() is three instructions of assembly: only at a
 * function's entry are its caller's pc (in ra) and sp known exactly, with
 * nothing of our own on the stack.  (A C function may or may not get a
 * frame, depending on what the compiler makes of it.)  a0 = trace stays.
 * Built as position-independent code (a PIE's runtime), the C walker
 * wants its own address in t9: the caller, the runtime's own C code, has
 * the GOT's pointer in gp.
 */
#ifdef __PIC__
#define JUMP_TO_WALKER	"	lw	$t9, %call16(__save_stack_trace)($gp)\n" \
			"	jr	$t9\n"
#else
#define JUMP_TO_WALKER	"	j	__save_stack_trace\n"
#endif
__asm__(EVENT_PATH_TEXT_ASM
	".globl	save_stack_trace\n"
	".type	save_stack_trace, @function\n"
	".set	push\n"
	".set	noreorder\n"
	"save_stack_trace:\n"
	"	move	$a1, $ra\n"		/* pc: return into the caller */
	JUMP_TO_WALKER
	/* sp: the caller's (delay slot) */
	"	 move	$a2, $sp\n"
	".set	pop\n"
	".size	save_stack_trace, .-save_stack_trace\n");
