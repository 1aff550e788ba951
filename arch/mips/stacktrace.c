// SPDX-License-Identifier: GPL-2.0
/*
 * STACKTRACE_SUPPORT for MIPS o32: unwind by reading function prologues.
 *
 * MIPS has no frame-pointer chain with a fixed layout: s8 is a frame
 * pointer, but where a function keeps the caller's s8 and its own return
 * address depends on its frame.  What every function with a frame does
 * have is a prologue
 *	addiu	sp,sp,-N		allocate N bytes
 *	...
 *	sw	ra,off(sp)		non-leaf: keep the return address
 * so from a pc inside a function and the sp it runs with, the caller's
 * state is  sp + N  and  pc = the word at sp + off.  The prologue is found
 * by reading the code backwards from pc to the first "addiu sp,sp,-N".
 * The walk starts with the pc and sp of save_stack_trace()'s caller, taken
 * at save_stack_trace()'s entry.
 *
 * Two things on the way are not ordinary prologues:
 *  - the mcount call site has an "addiu sp,sp,-8": in the jal's delay slot
 *    (-O1 and up), or right before the jal (-O0, the delay slot is a nop);
 *    at stage 3 the jal may be the word that disables the site
 *    (mips_mcount_site_insn(), asm/ftrace.h).
 *    _mcount gives those 8 bytes back before the function's body runs, so
 *    the scan skips an "addiu sp,sp,-8" next to a "jal _mcount".
 *  - _mcount's own frame (asm/ftrace.h, MCOUNT_*): it is entered with the
 *    traced function's return address in at, not in a stack slot (a leaf
 *    function never stores ra), and it saves at in its frame.  So the
 *    frame above _mcount takes its return address from that slot, unless
 *    it stored ra itself (a non-leaf: the same value).
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
#include <linux/ftrace.h>
#include <linux/stacktrace.h>

void __save_stack_trace(struct stack_trace *trace, unsigned long pc,
			unsigned long sp);

/* addiu sp,sp,imm: op 9, rs = rt = 29 */
#define INSN_ADDIU_SP		0x27bd0000
#define INSN_ADDIU_SP_M8	0x27bdfff8	/* addiu sp,sp,-8 */
/* sw ra,imm(sp): op 43, base 29, rt 31 */
#define INSN_SW_RA_SP		0xafbf0000
#define INSN_HI(insn)		((insn) & 0xffff0000)
#define INSN_IMM(insn)		((long)(int16_t)((insn) & 0xffff))

/* How far back a prologue may be: the kit's biggest function is far less. */
#define SCAN_MAX	4096	/* instructions */

/*
 * Find the frame of the function that pc is in: its size, and the offset
 * of its saved ra (-1: the function has not stored ra, a leaf).
 * Returns 0 when no prologue is found.
 */
static int read_prologue(unsigned long pc, long *size, long *ra_off)
{
	extern const char __executable_start[];
	const uint32_t *start = (const uint32_t *)__executable_start;
	const uint32_t *ip = (const uint32_t *)pc, *p, *q;

	for (p = ip - 1; p >= start && ip - p <= SCAN_MAX; p--) {
		if (INSN_HI(*p) != INSN_ADDIU_SP || INSN_IMM(*p) >= 0)
			continue;		/* not an allocation */
		if (*p == INSN_ADDIU_SP_M8 &&
		    ((p > start && mips_mcount_site_insn(p[-1])) ||
		     mips_mcount_site_insn(p[1])))
			continue;		/* the mcount site's 8 bytes */
		*size = -INSN_IMM(*p);
		*ra_off = -1;
		/* the ra store comes after the allocation, before pc */
		for (q = p + 1; q < ip; q++) {
			if (INSN_HI(*q) == INSN_SW_RA_SP) {
				*ra_off = INSN_IMM(*q);
				break;
			}
		}
		return 1;
	}
	return 0;
}

static int in_mcount(unsigned long pc)
{
	return pc >= (unsigned long)_mcount && pc < (unsigned long)_mcount_end;
}

/*
 * The walk proper.  pc and sp are those of save_stack_trace()'s caller,
 * right after the call: pc is the first return address of the chain.
 */
void __save_stack_trace(struct stack_trace *trace, unsigned long pc,
			unsigned long sp)
{
	unsigned long ret = pc, entry_ra = 0, *entry_retp = NULL, *retp;
	int graph_idx = 0;

	trace->nr_entries = 0;
	if (stack_trace_add(trace, ret) || !core_text_address(ret))
		return;
	while (trace->nr_entries < trace->max_entries) {
		unsigned long *frame = (unsigned long *)sp;
		long size, ra_off;

		if (in_mcount(pc)) {
			/* stopped at its call of the tracer: a known frame */
			ret = frame[MCOUNT_RA / 4];
			retp = NULL;
			size = MCOUNT_FRAME_SIZE;
			/* the traced function's return address, leaf or not */
			entry_retp = &frame[MCOUNT_AT / 4];
			entry_ra = *entry_retp;
		} else {
			if (!read_prologue(pc, &size, &ra_off) || size & 7)
				break;
			if (ra_off >= 0 && !(ra_off & 3)) {
				retp = &frame[ra_off / 4];
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
 */
__asm__(".text\n"
	".globl	save_stack_trace\n"
	".type	save_stack_trace, @function\n"
	".set	push\n"
	".set	noreorder\n"
	"save_stack_trace:\n"
	"	move	$a1, $ra\n"		/* pc: return into the caller */
	"	j	__save_stack_trace\n"
	/* sp: the caller's (delay slot) */
	"	 move	$a2, $sp\n"
	".set	pop\n"
	".size	save_stack_trace, .-save_stack_trace\n");
