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
 * Abicalls code that uses gp sets it up among these (or, position-
 * independent, before the allocation: "lui gp; addiu gp,gp; addu gp,gp,t9")
 * and saves it, through the frame pointer at -O0 ("sw gp,16(s8)").
 * Then the mcount call site, whose own "addiu sp,sp,-8" is given back by
 * _mcount before the body runs (delay slot at -O1 and up, before the jal
 * at -O0; a nop once dynamic ftrace converted the site), and
 * -mmcount-ra-address's t4 (ftrace.c).
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
#include <linux/event_path.h>
#include <linux/ftrace.h>
#include <asm/inst.h>
#include <asm/prologue.h>

/* How far back a prologue may be: the kit's biggest function is far less. */
#define SCAN_MAX		4096	/* instructions */
/* the constant of a two-step prologue is loaded shortly before its use */
#define CONST_SCAN_MAX		16

/* A jal or bal into _mcount (ftrace_caller+8 included). */
static __event_path int is_mcount_call(const uint32_t *p)
{
	unsigned long target;

	if (MIPS_OP(*p) == MIPS_OP_JAL)
		target = MIPS_J_TARGET(p, *p);
	else if (mips_is_bal(*p))
		target = MIPS_B_TARGET(p, *p);
	else
		return 0;
	return target >= (unsigned long)_mcount &&
	       target < (unsigned long)_mcount_end;
}

/*
 * Is p the call of a got site, "lw t9,%call16(_mcount)(gp)" before it:
 * "jalr t9", ld's "bal _mcount", or the "addiu sp,sp,8" that stands in
 * for either while dynamic ftrace has the site disabled (ftrace.c)?
 */
static __event_path int is_got_call(const uint32_t *p)
{
	if (!mips_is_lw_got(p[-1], MIPS_R_T9))
		return 0;
	return (mips_is_jalr_ra(*p) && MIPS_RS(*p) == MIPS_R_T9) ||
	       is_mcount_call(p) || *p == MIPS_INSN_ADDIU_SP_P8;
}

/*
 * The site's "addiu sp,sp,-8" (the caller's part of _mcount's "pops 2
 * words"): before the jal or jalr (-O0) or in its delay slot, or before a
 * got site's GOT load.  Never the function's own allocation: that is not
 * next to a call.  A recorded jal site has no -8 once stage 3's start-up
 * conversion made it a nop (chapter 4); nops are passed over as part of
 * any prologue.
 */
__event_path int mips_is_site_adjust(const uint32_t *p)
{
	if (*p != MIPS_INSN_ADDIU_SP_M8)
		return 0;
	return is_mcount_call(p + 1) || mips_is_jalr_ra(p[1]) ||
	       is_mcount_call(p - 1) || mips_is_jalr_ra(p[-1]) ||
	       (mips_is_lw_got(p[1], MIPS_R_T9) && is_got_call(p + 2));
}

static __event_path int is_move(uint32_t insn, int rd, int rs)
{
	return insn == MIPS_INSN_MOVE(rd, rs, MIPS_F_OR) ||
	       insn == MIPS_INSN_MOVE(rd, rs, MIPS_F_ADDU);
}

/* An instruction a prologue may hold besides the allocations. */
static __event_path int prologue_insn(uint32_t insn)
{
	switch (MIPS_OP(insn)) {
	case MIPS_OP_SW:	/* register saves; gp's (abicalls) may */
	case MIPS_OP_SWC1:	/* go through the frame pointer */
	case MIPS_OP_SDC1:
		return MIPS_RS(insn) == MIPS_R_SP || MIPS_RS(insn) == MIPS_R_S8;
	case MIPS_OP_LUI:	/* constants of a big frame, t4, or gp */
		return 1;
	case MIPS_OP_ORI:
		return MIPS_RS(insn) == MIPS_R_ZERO ||
		       MIPS_RS(insn) == MIPS_RT(insn);
	case MIPS_OP_ADDIU:	/* li, t4 = &saved ra, gp's low half */
		return MIPS_RS(insn) == MIPS_R_ZERO ||
		       (MIPS_RS(insn) == MIPS_R_SP &&
			MIPS_RT(insn) == MIPS_R_T4) ||
		       (MIPS_RS(insn) == MIPS_R_GP &&
			MIPS_RT(insn) == MIPS_R_GP);
	case MIPS_OP_SPECIAL:
		return insn == 0 ||			/* nop */
		       /* frame pointer, the mcount site, static chain */
		       is_move(insn, MIPS_R_S8, MIPS_R_SP) ||
		       is_move(insn, MIPS_R_AT, MIPS_R_RA) ||
		       is_move(insn, MIPS_R_V0, MIPS_R_T7) ||
		       is_move(insn, MIPS_R_T4, MIPS_R_ZERO) ||	/* t4: leaf */
		       /* t4 = N + sp, a big frame's saved ra */
		       insn == MIPS_INSN_ADDU_T4_T4_SP ||
		       insn == MIPS_INSN_ADDU_T4_SP_T4 ||
		       /* a position-independent function's gp, from t9 */
		       insn == MIPS_INSN_ADDU_GP_GP_T9;
	}
	return 0;
}

/*
 * May insn, one a prologue holds, change reg?  Stores do not; a SPECIAL
 * one is taken to when reg is any of its registers but rs.
 */
static __event_path int sets_reg(uint32_t insn, int reg)
{
	switch (MIPS_OP(insn)) {
	case MIPS_OP_SW:
	case MIPS_OP_SWC1:
	case MIPS_OP_SDC1:
		return 0;
	case MIPS_OP_SPECIAL:
		return MIPS_RD(insn) == reg || MIPS_RT(insn) == reg;
	}
	return MIPS_RT(insn) == reg;
}

/*
 * The constant in reg at p, as the prologue loaded it: lui and/or ori,
 * or a one-instruction li.  Returns 0 and sets *val, or -1.
 */
static __event_path int reg_const(const uint32_t *p, const uint32_t *start,
				  int reg, long *val)
{
	const uint32_t *q;
	unsigned long lo = 0;

	for (q = p - 1; q >= start && p - q <= CONST_SCAN_MAX; q--) {
		uint32_t insn = *q;

		if (MIPS_OP(insn) == MIPS_OP_ORI && MIPS_RT(insn) == reg) {
			lo |= MIPS_UIMM(insn);
			if (MIPS_RS(insn) == reg)
				continue;		/* lui comes first */
			*val = lo;			/* ori reg,zero,L */
			return MIPS_RS(insn) == MIPS_R_ZERO ? 0 : -1;
		}
		if (MIPS_OP(insn) == MIPS_OP_LUI && MIPS_RT(insn) == reg) {
			*val = (long)(int32_t)(MIPS_UIMM(insn) << 16) | lo;
			return 0;
		}
		if (MIPS_OP(insn) == MIPS_OP_ADDIU && MIPS_RT(insn) == reg &&
		    MIPS_RS(insn) == MIPS_R_ZERO && !lo) {
			*val = MIPS_SIMM(insn);		/* li reg,-N */
			return 0;
		}
		if (!prologue_insn(insn) || (insn && sets_reg(insn, reg)))
			return -1;		/* reg set some other way */
	}
	return -1;
}

/*
 * How many bytes the instruction at p allocates on the stack: > 0, 0 when
 * it is no allocation, -1 when it moves sp down by an unknown amount.
 */
static __event_path long sp_alloc(const uint32_t *p, const uint32_t *start)
{
	uint32_t insn = *p;
	long n;

	if (MIPS_OP(insn) == MIPS_OP_ADDIU && MIPS_RS(insn) == MIPS_R_SP &&
	    MIPS_RT(insn) == MIPS_R_SP)
		return MIPS_SIMM(insn) < 0 ? -MIPS_SIMM(insn) : 0;
	if (MIPS_OP(insn) != MIPS_OP_SPECIAL || MIPS_RS(insn) != MIPS_R_SP ||
	    MIPS_RD(insn) != MIPS_R_SP || MIPS_SHAMT(insn))
		return 0;
	if (MIPS_FUNCT(insn) == MIPS_F_SUBU) {		/* subu sp,sp,reg */
		if (reg_const(p, start, MIPS_RT(insn), &n) || n <= 0)
			return -1;
		return n;
	}
	/* addu sp,sp,reg: a negative constant */
	if (MIPS_FUNCT(insn) == MIPS_F_ADDU && MIPS_RT(insn) != MIPS_R_ZERO) {
		if (reg_const(p, start, MIPS_RT(insn), &n))
			return -1;
		return n < 0 ? -n : 0;
	}
	return 0;
}

__event_path int mips_frame_decode(const uint32_t *pc, int at_site,
				   struct mips_frame *f)
{
	extern const char __executable_start[];
	const uint32_t *start = (const uint32_t *)__executable_start;
	const uint32_t *p;
	unsigned long size = 0;
	long ra_off = -1, n;
	int in_prologue = at_site;

	/*
	 * The program's code is not read below its first byte.  A shared
	 * library's may lie below the program (a PIE is mapped among its
	 * libraries); its functions are read from their site only, a scan
	 * that ends at the first word no prologue holds.
	 */
	if (pc < start)
		start = pc - SCAN_MAX;

	for (p = pc - 1; p >= start && pc - p <= SCAN_MAX; p--) {
		if (mips_is_site_adjust(p))
			continue;
		n = sp_alloc(p, start);
		if (n < 0)
			return -1;
		if (n > 0) {
			size += n;
			in_prologue = 1;
			continue;
		}
		if (MIPS_OP(*p) == MIPS_OP_SW && MIPS_RS(*p) == MIPS_R_SP &&
		    MIPS_RT(*p) == MIPS_R_RA) {
			/* relative to sp as it was then: add what came after */
			if (ra_off < 0)
				ra_off = MIPS_SIMM(*p) + size;
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
 * Does insn load a long call's register (asm/prologue.h), as its first
 * word or its second?  Not the lui itself: while dynamic ftrace has the
 * site disabled, a branch stands there instead (ftrace.c), and a thread
 * still inside ftrace_caller then needs the site's rec->ip all the same
 * (ftrace_long_call_ip()).  So the non-PIC sequence is known by its
 * "addiu r,r,%lo(_mcount)", the first word being the one before it; the
 * position-independent one by its "lw r,%got(_mcount)(gp)", or by the
 * branch that replaced that lw: one whose target is just past the
 * sequence's jalr and delay slot.
 */
static __event_path const uint32_t *long_call_first(const uint32_t *p,
						    const uint32_t *jalr)
{
	int reg = MIPS_RS(*jalr);

	if (*p == MIPS_INSN_ADDIU_LO(reg, (unsigned long)_mcount))
		return p - 1;
	if (mips_is_lw_got(*p, reg) ||
	    (mips_is_b(*p) && MIPS_B_TARGET(p, *p) == (unsigned long)(jalr + 2)))
		return p;
	return NULL;
}

/*
 * jalr is a jalr: is it a long call's?  Then the first word of its
 * sequence, which "move at,ra" follows; else NULL.
 */
static __event_path const uint32_t *long_call_start(const uint32_t *jalr)
{
	const uint32_t *p, *first;
	int saw_move_at_ra = 0;

	for (p = jalr - 1; jalr - p < LONG_CALL_MAX; p--) {
		if (mips_is_move_at_ra(*p)) {
			saw_move_at_ra = 1;
			continue;
		}
		first = long_call_first(p, jalr);
		if (first)
			return saw_move_at_ra ? first : NULL;
	}
	return NULL;
}

__event_path void mips_site_find(const uint32_t *pc, struct mips_site *s)
{
	const uint32_t *p;

	s->first = s->call = s->ip = pc;
	if (is_got_call(pc)) {
		/* rec->ip is the call itself: the word that changes */
		s->first = pc - 1;
		return;
	}
	if (mips_is_jalr_ra(*pc)) {
		p = long_call_start(pc);
		if (p)
			s->first = s->ip = p;
		return;
	}
	/* a long call's first word?  Its jalr is a few words on */
	for (p = pc + 1; p - pc < LONG_CALL_MAX; p++) {
		if (mips_is_jalr_ra(*p)) {
			if (long_call_start(p) == pc)
				s->call = p;
			return;
		}
	}
}
