// SPDX-License-Identifier: GPL-2.0
/*
 * MIPS o32: read a function's frame back from its prologue.  Used by the
 * unwinder (stacktrace.c, STACKTRACE_SUPPORT) and by the graph tracer
 * (ftrace.c, prepare_ftrace_return) alike: one set of rules.
 *
 * MIPS has no frame layout fixed by the ABI; what every traced function
 * has (-pg -fno-omit-frame-pointer, arch.mk) is a prologue that allocates
 * its frame and, unless it is a leaf, stores ra in it.  gcc writes it in
 * one of these shapes (mips-linux-gnu-objdump -d of -O0 and -O2 code):
 *
 *   frame up to 32 KB, one step:
 *	addiu	sp,sp,-N
 *	sw	ra,off(sp)			(non-leaf)
 *   bigger frames, two steps, so that the register saves stay within a
 *   16-bit offset of the first step's sp:
 *	addiu	sp,sp,-32752
 *	sw	ra,32748(sp)			(non-leaf)
 *	addiu	sp,sp,-M			(total under 64 KB)
 *   or
 *	lui	v1,H			(or li v1,L: ori v1,zero,L)
 *	ori	v1,v1,L
 *	subu	sp,sp,v1			(any size)
 *   with the lui/ori anywhere before the subu, between the saves at -O2.
 * Then the mcount call site, whose own "addiu sp,sp,-8" is given back by
 * _mcount before the body runs (delay slot at -O1 and up, before the jal
 * at -O0), and -mmcount-ra-address's t4 (ftrace.c).
 *
 * So the decoder reads backwards from pc, adding up every allocation it
 * meets (an "sw ra" seen on the way is relative to the sp of its time:
 * the allocations after it are added to its offset), and stops at the
 * first instruction before the prologue that no prologue contains.
 * From a pc in the body, everything up to the last allocation is the
 * body and is passed over; a body that moves sp by an amount that is not
 * a constant (alloca) cannot be decoded.
 */
#include <stdint.h>
#include <linux/ftrace.h>
#include <asm/prologue.h>

#define OP(i)		((int)((i) >> 26))
#define RS(i)		((int)((i) >> 21) & 31)
#define RT(i)		((int)((i) >> 16) & 31)
#define RD(i)		((int)((i) >> 11) & 31)
#define FUNCT(i)	((int)(i) & 63)
#define SIMM(i)		((long)(int16_t)((i) & 0xffff))
#define UIMM(i)		((unsigned long)((i) & 0xffff))

enum {			/* major opcodes */
	OP_SPECIAL = 0, OP_JAL = 3, OP_ADDIU = 9, OP_ORI = 13, OP_LUI = 15,
	OP_SW = 43, OP_SWC1 = 57, OP_SDC1 = 61,
};
enum { F_ADDU = 0x21, F_SUBU = 0x23, F_OR = 0x25 };	/* SPECIAL */
enum {			/* registers */
	R_ZERO = 0, R_AT = 1, R_V0 = 2, R_T4 = 12, R_T7 = 15, R_SP = 29,
	R_S8 = 30, R_RA = 31,
};

#define INSN_ADDIU_SP_M8	0x27bdfff8	/* the call site's "-8" */
#define INSN_ADDIU_SP_8		0x27bd0008

/* How far back a prologue may be: the kit's biggest function is far less. */
#define SCAN_MAX		4096	/* instructions */
/* the constant of a two-step prologue is loaded shortly before its use */
#define CONST_SCAN_MAX		16

static int is_mcount_call(const uint32_t *p)
{
	unsigned long target;

	if (OP(*p) != OP_JAL)
		return 0;
	/* jal: 26-bit word index inside the 256 MB region of the delay slot */
	target = ((unsigned long)(p + 1) & 0xf0000000) |
		 ((unsigned long)(*p & 0x03ffffff) << 2);
	return target >= (unsigned long)_mcount &&
	       target < (unsigned long)_mcount_end;
}

/*
 * The mcount site's "addiu sp,sp,-8": next to its jal (either side), or
 * before the "addiu sp,sp,8" that replaces a jal when a site is disabled;
 * also next to the other words mips_mcount_site_insn() (asm/ftrace.h)
 * knows: a -mlong-calls jalr, and the "bnezl zero,1f" of a disabled -O2
 * site (chapter 4).  Never the function's own allocation: that is not
 * next to a call.
 */
static int is_site_adjust(const uint32_t *p, const uint32_t *start)
{
	if (*p != INSN_ADDIU_SP_M8)
		return 0;
	return is_mcount_call(p + 1) || p[1] == INSN_ADDIU_SP_8 ||
	       mips_mcount_site_insn(p[1]) ||
	       (p > start && (is_mcount_call(p - 1) ||
			      (mips_mcount_site_insn(p[-1]) &&
			       /* a previous epilogue's "addiu sp,sp,8" */
			       p[-1] != INSN_ADDIU_SP_8)));
}

static int is_move(uint32_t insn, int rd, int rs)
{
	return OP(insn) == OP_SPECIAL && RT(insn) == R_ZERO &&
	       (FUNCT(insn) == F_OR || FUNCT(insn) == F_ADDU) &&
	       RD(insn) == rd && RS(insn) == rs && !(insn & 0x7c0);
}

/* An instruction a prologue may hold besides the allocations. */
static int prologue_insn(uint32_t insn)
{
	switch (OP(insn)) {
	case OP_SW:			/* register saves */
	case OP_SWC1:
	case OP_SDC1:
		return RS(insn) == R_SP;
	case OP_LUI:		/* constants of a big frame, or t4 */
		return 1;
	case OP_ORI:
		return RS(insn) == R_ZERO || RS(insn) == RT(insn);
	case OP_ADDIU:			/* li, or t4 = &saved ra */
		return RS(insn) == R_ZERO ||
		       (RS(insn) == R_SP && RT(insn) == R_T4);
	case OP_SPECIAL:
		return insn == 0 ||			/* nop */
		       is_move(insn, R_S8, R_SP) ||	/* frame pointer */
		       is_move(insn, R_AT, R_RA) ||	/* the mcount site */
		       is_move(insn, R_V0, R_T7) ||	/* static chain */
		       is_move(insn, R_T4, R_ZERO) ||	/* t4: leaf */
		       /* t4 = N + sp, a big frame's saved ra */
		       insn == 0x019d6021 ||		/* addu t4,t4,sp */
		       insn == 0x03ac6021;		/* addu t4,sp,t4 */
	}
	return 0;
}

/*
 * The constant in reg at p, as the prologue loaded it: lui and/or ori,
 * or a one-instruction li.  Returns 0 and sets *val, or -1.
 */
static int reg_const(const uint32_t *p, const uint32_t *start, int reg,
		     long *val)
{
	const uint32_t *q;
	unsigned long lo = 0;

	for (q = p - 1; q >= start && p - q <= CONST_SCAN_MAX; q--) {
		uint32_t insn = *q;

		if (OP(insn) == OP_ORI && RT(insn) == reg) {
			lo |= UIMM(insn);
			if (RS(insn) == reg)
				continue;		/* lui comes first */
			*val = lo;			/* ori reg,zero,L */
			return RS(insn) == R_ZERO ? 0 : -1;
		}
		if (OP(insn) == OP_LUI && RT(insn) == reg) {
			*val = (long)(int32_t)(UIMM(insn) << 16) | lo;
			return 0;
		}
		if (OP(insn) == OP_ADDIU && RT(insn) == reg &&
		    RS(insn) == R_ZERO && !lo) {
			*val = SIMM(insn);		/* li reg,-N */
			return 0;
		}
		if (!prologue_insn(insn) ||
		    (OP(insn) != OP_SW && OP(insn) != OP_SWC1 &&
		     OP(insn) != OP_SDC1 && insn && RT(insn) == reg) ||
		    (OP(insn) == OP_SPECIAL && insn && RD(insn) == reg))
			return -1;		/* reg set some other way */
	}
	return -1;
}

/*
 * How many bytes the instruction at p allocates on the stack: > 0, 0 when
 * it is no allocation, -1 when it moves sp down by an unknown amount.
 */
static long sp_alloc(const uint32_t *p, const uint32_t *start)
{
	uint32_t insn = *p;
	long n;

	if (OP(insn) == OP_ADDIU && RS(insn) == R_SP && RT(insn) == R_SP)
		return SIMM(insn) < 0 ? -SIMM(insn) : 0;
	if (OP(insn) != OP_SPECIAL || RS(insn) != R_SP ||
	    RD(insn) != R_SP || (insn & 0x7c0))
		return 0;
	if (FUNCT(insn) == F_SUBU) {		/* subu sp,sp,reg */
		if (reg_const(p, start, RT(insn), &n) || n <= 0)
			return -1;
		return n;
	}
	/* addu sp,sp,reg: a negative constant */
	if (FUNCT(insn) == F_ADDU && RT(insn) != R_ZERO) {
		if (reg_const(p, start, RT(insn), &n))
			return -1;
		return n < 0 ? -n : 0;
	}
	return 0;
}

int mips_frame_decode(const uint32_t *pc, int at_site, struct mips_frame *f)
{
	extern const char __executable_start[];
	const uint32_t *start = (const uint32_t *)__executable_start;
	const uint32_t *p;
	unsigned long size = 0;
	long ra_off = -1, n;
	int in_prologue = at_site;

	for (p = pc - 1; p >= start && pc - p <= SCAN_MAX; p--) {
		if (is_site_adjust(p, start))
			continue;
		n = sp_alloc(p, start);
		if (n < 0)
			return -1;
		if (n > 0) {
			size += n;
			in_prologue = 1;
			continue;
		}
		if (OP(*p) == OP_SW && RS(*p) == R_SP && RT(*p) == R_RA) {
			/* relative to sp as it was then: add what came after */
			if (ra_off < 0)
				ra_off = SIMM(*p) + size;
			continue;
		}
		if (in_prologue && !prologue_insn(*p))
			break;		/* the previous function's code */
	}
	if (!in_prologue)
		return -1;
	f->size = size;
	f->ra_off = ra_off;
	return 0;
}

/*
 * A -mlong-calls site (asm/prologue.h) is recognised by its second word,
 * "addiu r,r,%lo(_mcount)", followed within a few words by "jalr r".  Not
 * by the lui: at stage 3 a disabled site holds a branch there instead,
 * and a thread parked inside ftrace_caller may still need its first word
 * (ftrace_long_call_ip()).
 */
#define INSN_JALR_MASK		0xfc1fffff	/* jalr ra,r: all but r */
#define INSN_JALR		0x0000f809

static int is_long_call_addiu(uint32_t insn, int reg)
{
	unsigned long lo = (unsigned long)_mcount & 0xffff;

	return OP(insn) == OP_ADDIU && RS(insn) == reg && RT(insn) == reg &&
	       UIMM(insn) == lo;
}

static int is_jalr(uint32_t insn, int reg)
{
	return (insn & INSN_JALR_MASK) == INSN_JALR && RS(insn) == reg;
}

void mips_site_find(const uint32_t *pc, struct mips_site *s)
{
	const uint32_t *p;
	int reg;

	s->first = s->call = pc;
	if ((*pc & INSN_JALR_MASK) == INSN_JALR) {
		/* the jalr: the sequence starts one word before the addiu */
		reg = RS(*pc);
		for (p = pc - 2; pc - p < LONG_CALL_MAX; p--) {
			if (is_long_call_addiu(p[1], reg)) {
				s->first = p;
				return;
			}
		}
		return;
	}
	/* the first word: find the jalr after the addiu */
	reg = RT(pc[1]);
	if (!is_long_call_addiu(pc[1], reg))
		return;
	for (p = pc + 2; p - pc < LONG_CALL_MAX; p++) {
		if (is_jalr(*p, reg)) {
			s->call = p;
			return;
		}
	}
}
