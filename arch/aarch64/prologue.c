// SPDX-License-Identifier: GPL-2.0
/*
 * AArch64: read a traced function's frame back from its prologue.
 *
 * AAPCS64 fixes the frame record (x29, x30 stored as a pair, x29 pointing
 * at it) but not where it sits in the frame.  gcc 12 writes these
 * prologues before "mov x0, x30; bl _mcount" (aarch64-linux-gnu-objdump
 * -d of -O0, -O2 and -Os code):
 *
 *   frames up to 512 bytes: the record at the bottom, one step
 *	stp	x29, x30, [sp, #-N]!
 *	mov	x29, sp
 *   bigger frames: the record still at the bottom, sp moved first
 *	sub	sp, sp, #N			(N < 4096)
 *	sub	sp, sp, #H, lsl #12		(and the rest, up to 16 MB)
 *	mov	x12, #N  [movk x12, #N2, lsl #16]
 *	sub	sp, sp, x12			(any size)
 *	stp	x29, x30, [sp]
 *	mov	x29, sp
 *   outgoing arguments on the stack (-O0): the record above them
 *	sub	sp, sp, #N
 *	stp	x29, x30, [sp, #M]
 *	add	x29, sp, #M
 *   a function with SVE arguments or results: their save area first, a
 *   multiple of the vector length VL, which only the CPU knows
 *	addvl	sp, sp, #-N			(N * VL bytes)
 *	sub	sp, sp, #M
 *	stp	x29, x30, [sp]
 *	mov	x29, sp
 * each maybe after "paciasp" (-mbranch-protection) and followed by the
 * callee-saved register stores.  In every shape the traced function
 * returns with sp = its sp at entry, which is not x29 plus anything fixed:
 * the N above is only in the code.  So the decoder finds the instruction
 * that set x29 (scanning back from the mcount site), then reads backwards
 * from there, adding up every allocation it meets, and stops at the first
 * instruction no prologue contains (the end of the previous function).
 */
#include <stdint.h>
#include <linux/event_path.h>
#include <linux/ftrace.h>
#include <asm/prologue.h>

/*
 * from the site back to "mov x29, sp": -O0 stores up to 8 arguments; a
 * function with SVE arguments saves z8-z23 and p4-p15 and, at -O0, its
 * vector arguments first (66 instructions for eight of them)
 */
#define FP_SCAN_MAX		128
/* from "mov x29, sp" back to the function's first instruction */
#define PROLOGUE_SCAN_MAX	16

#define INSN_ADD_X29_SP		0x910003fd	/* add x29, sp, #imm12 */
#define ADD_X29_SP_MASK		0xffc003ff	/* shift 0 only */
#define INSN_RET		0xd65f03c0
#define INSN_STP_FP_LR_PRE	0xa9807bfd	/* stp x29, x30, [sp, #-N]! */
#define INSN_STP_FP_LR_OFF	0xa9007bfd	/* stp x29, x30, [sp, #M] */
#define STP_FP_LR_MASK		0xffc07fff
#define STP_SP_PRE_MASK		0x7fc003e0	/* stp Xt/Dt, ..., [sp, #-N]! */
#define INSN_STP_X_SP_PRE	0x298003e0
#define STP_SP_OFF_MASK		0x7fc003e0	/* stp Xt/Dt, ..., [sp, #M] */
#define INSN_STP_X_SP_OFF	0x290003e0
#define STR_SP_OFF_MASK		0xbfc003e0	/* str Xt/Dt, [sp, #M] */
#define INSN_STR_X_SP_OFF	0xb90003e0
#define SUB_SP_IMM_MASK		0xff8003ff	/* sub sp, sp, #imm{, lsl 12} */
#define INSN_SUB_SP_IMM		0xd10003ff
#define SUB_SP_REG_MASK		0xffe01fff	/* sub sp, sp, Xm, {u,s}xtx */
#define INSN_SUB_SP_REG		0xcb2003ff
#define MOVZ_MASK		0xff800000	/* movz/movk Xd, #imm, lsl #s */
#define INSN_MOVZ_X		0xd2800000
#define INSN_MOVK_X		0xf2800000
#define HINT_MASK		0xfffff01f	/* the hint space: nop, bti... */
#define INSN_HINT		0xd503201f
#define INSN_PACIASP		0xd503233f
#define INSN_PACIBSP		0xd503237f
#define ADDVL_SP_MASK		0xfffff81f	/* addvl/addpl sp, sp, #imm6 */
#define INSN_ADDVL_SP		0x043f501f
#define INSN_ADDPL_SP		0x047f501f

static __event_path long simm7_x8(uint32_t insn)
{
	return (long)((int32_t)(insn << 10) >> 25) * 8;
}

/* addvl/addpl's signed immediate, in vector (predicate) lengths */
static __event_path long simm6(uint32_t insn)
{
	return (int32_t)(insn << 21) >> 26;
}

/*
 * SVE's vector length in bytes, "rdvl x0, #1" (the runtime is built for
 * the base architecture, so the word itself).  Only asked after an addvl
 * or addpl has run, so the CPU has SVE.
 */
static __event_path unsigned long sve_vl(void)
{
	register unsigned long x0 __asm__("x0");

	__asm__ __volatile__(".inst 0x04bf5020" : "=r"(x0));
	return x0;
}

/*
 * The constant "sub sp, sp, Xm" takes: the movz (and movk) of Xm at most
 * a few instructions before it.  0: not found.
 */
static __event_path unsigned long reg_const(const uint32_t *p,
					    unsigned int reg)
{
	unsigned long val = 0;
	int k;

	for (k = 1; k <= 4; k++) {
		uint32_t insn = p[-k];
		unsigned long part;

		if ((insn & 0x1f) != reg)
			continue;
		part = (unsigned long)((insn >> 5) & 0xffff) <<
		       (16 * ((insn >> 21) & 3));
		if ((insn & MOVZ_MASK) == INSN_MOVK_X)
			val |= part;
		else if ((insn & MOVZ_MASK) == INSN_MOVZ_X)
			return val | part;
		else
			return 0;
	}
	return 0;
}

__event_path int a64_frame_decode(unsigned long site, struct a64_frame *f)
{
	const uint32_t *p = (const uint32_t *)site;
	unsigned long alloc = 0;
	long vls = 0;		/* and vls * VL / 8 bytes (addvl, addpl) */
	long at_fp;		/* sp at "mov x29" = x29 - at_fp */
	int k, record = 0;

	for (k = 1; k <= FP_SCAN_MAX; k++) {
		if ((p[-k] & ADD_X29_SP_MASK) == INSN_ADD_X29_SP)
			break;
		if (p[-k] == INSN_RET)
			return -1;
	}
	if (k > FP_SCAN_MAX)
		return -1;
	f->fp_set = p - k;
	f->signed_ra = 0;
	at_fp = (p[-k] >> 10) & 0xfff;
	p = f->fp_set;
	for (k = 1; k <= PROLOGUE_SCAN_MAX; k++) {
		uint32_t insn = p[-k];

		if ((insn & STP_FP_LR_MASK) == INSN_STP_FP_LR_PRE) {
			/* the record at the sp it leaves */
			if (at_fp)
				return -1;
			record = 1;
			alloc -= simm7_x8(insn);
		} else if ((insn & STP_FP_LR_MASK) == INSN_STP_FP_LR_OFF) {
			if (simm7_x8(insn) != at_fp)
				return -1;
			record = 1;
		} else if ((insn & STP_SP_PRE_MASK) == INSN_STP_X_SP_PRE) {
			alloc -= simm7_x8(insn);
		} else if ((insn & STP_SP_OFF_MASK) == INSN_STP_X_SP_OFF ||
			   (insn & STR_SP_OFF_MASK) == INSN_STR_X_SP_OFF) {
			/* a register save: no allocation */
		} else if ((insn & SUB_SP_IMM_MASK) == INSN_SUB_SP_IMM) {
			alloc += ((insn >> 10) & 0xfff) <<
				 (insn & (1 << 22) ? 12 : 0);
		} else if ((insn & SUB_SP_REG_MASK) == INSN_SUB_SP_REG &&
			   ((insn >> 13) & 3) == 3) {
			unsigned long n = reg_const(p - k, (insn >> 16) & 0x1f);

			if (!n)
				return -1;
			alloc += n;
		} else if ((insn & MOVZ_MASK) == INSN_MOVZ_X ||
			   (insn & MOVZ_MASK) == INSN_MOVK_X) {
			/* the constant of a "sub sp, sp, Xm" (reg_const()) */
		} else if ((insn & ADDVL_SP_MASK) == INSN_ADDVL_SP) {
			vls -= simm6(insn) * 8;
		} else if ((insn & ADDVL_SP_MASK) == INSN_ADDPL_SP) {
			vls -= simm6(insn);
		} else if (insn == INSN_PACIASP || insn == INSN_PACIBSP) {
			f->signed_ra = 1;
		} else if ((insn & HINT_MASK) == INSN_HINT) {
			/* bti c, nop: nothing to the frame */
		} else {
			break;
		}
	}
	if (!record || k > PROLOGUE_SCAN_MAX)
		return -1;
	if (vls)
		alloc += vls * (long)(sve_vl() / 8);
	f->entry_off = alloc - at_fp;
	return 0;
}

#ifndef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
/*
 * (Chapter 8's trampoline runs before the prologue and saves x0-x7 as
 * they are: asm/ftrace.h reads them directly.)
 *
 * ftrace_regs_get_argument(): argument n of the function whose mcount
 * call saved fregs.  gcc copies the arguments it still needs after the
 * call into callee-saved registers (-O1 and up: "mov x19, x0") or into its
 * frame (-O0: "str x0, [sp, #40]"), between "mov x29, sp" and the site,
 * and x0 is frompc by then.  So: the copy the prologue made, if it made
 * one, else the register itself (0 for x0, which holds frompc).
 */
#define ORR_REG_MASK		0x7fe0ffe0	/* mov Wd/Xd, Wm/Xm */
#define INSN_MOV_REG		0x2a0003e0
#define STR_UIMM_MASK		0xbfc00000	/* str Wt/Xt, [Xn, #imm] */
#define INSN_STR_UIMM		0xb9000000

__event_path unsigned long ftrace_mcount_argument(struct ftrace_regs *fregs,
						  unsigned int n)
{
	const uint32_t *site = (const uint32_t *)(fregs->lr - MCOUNT_INSN_SIZE);
	struct a64_frame f;
	const uint32_t *p;

	if (a64_frame_decode((unsigned long)site, &f))
		return n ? fregs->x[n] : 0;
	for (p = f.fp_set + 1; p < site; p++) {
		uint32_t insn = *p;
		unsigned int rd = insn & 0x1f, rn = (insn >> 5) & 0x1f;
		unsigned long base;
		int wide;

		if ((insn & ORR_REG_MASK) == INSN_MOV_REG &&
		    ((insn >> 16) & 0x1f) == n && rd >= 19 && rd <= 28) {
			wide = insn >> 31;		/* sf */
			base = fregs->x19[rd - 19];
			return wide ? base : (uint32_t)base;
		}
		if ((insn & STR_UIMM_MASK) == INSN_STR_UIMM && rd == n &&
		    (rn == 31 || rn == 29)) {
			wide = (insn >> 30) & 1;	/* size 11: 8 bytes */
			base = rn == 31 ? fregs->sp : fregs->fp;
			base += ((insn >> 10) & 0xfff) << (wide ? 3 : 2);
			return wide ? *(unsigned long *)base :
				      *(uint32_t *)base;
		}
	}
	return n ? fregs->x[n] : 0;
}
#endif /* !CONFIG_DYNAMIC_FTRACE_WITH_ARGS */
