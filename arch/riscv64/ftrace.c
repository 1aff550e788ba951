// SPDX-License-Identifier: GPL-2.0
/*
 * riscv64 function graph tracer, the arch half: which slot to hijack and
 * which sp the function returns with.  At the end, under
 * CONFIG_DYNAMIC_FTRACE, chapter 4: patching the sites.
 *
 * Every traced function calls _mcount, so it is never a leaf: its
 * prologue saved ra in its frame record, at -8(s0), before the call, and
 * its epilogue reloads ra from there.  That slot is the one to hijack
 * (mcount.S passes it); the copy gcc put in a0 is dead after the call.
 *
 * The frame's identity is the sp the function returns with: its entry
 * sp.  s0 is that sp for most functions, but a varargs function keeps
 * the registers of its unnamed arguments (a7 always among them) just
 * below its entry sp, above s0, and only its prologue says how many:
 * the store of a7 is at the top of that area.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <linux/event_path.h>
#include <linux/ftrace.h>
#include <linux/module.h>
#include <linux/text_patching.h>

/* Instruction fields, and the encodings the kit reads or writes. */
#define RV_OPC(i)		((i) & 0x7f)
#define RV_RD(i)		(((i) >> 7) & 0x1f)
#define RV_FUNCT3(i)		(((i) >> 12) & 7)
#define RV_RS1(i)		(((i) >> 15) & 0x1f)
#define RV_RS2(i)		(((i) >> 20) & 0x1f)
#define RV_OPC_AUIPC		0x17
#define RV_OPC_JALR		0x67
#define RV_OPC_JAL		0x6f
#define RV_OPC_STORE		0x23
#define RV_OPC_STORE_FP		0x27
#define RV_OPC_OP_IMM		0x13
#define RV_OPC_BRANCH		0x63
#define RV_REG_ZERO		0
#define RV_REG_RA		1
#define RV_REG_SP		2
#define RV_REG_T0		5
#define RV_REG_S0		8
#define RV_REG_A0		10
#define RV_REG_A7		17
#define RV_INSN_NOP		0x00000013	/* addi zero, zero, 0 */

/* A 32-bit instruction at any 2-byte boundary (RVC code). */
static inline __event_path uint32_t rv_read32(unsigned long p)
{
	uint32_t i;

	memcpy(&i, (const void *)p, sizeof(i));
	return i;
}

static inline __event_path uint16_t rv_read16(unsigned long p)
{
	uint16_t h;

	memcpy(&h, (const void *)p, sizeof(h));
	return h;
}

/* 4 for a 32-bit instruction (low bits 11), else 2 (compressed) */
static inline __event_path int rv_insn_len(unsigned long p)
{
	return (rv_read16(p) & 3) == 3 ? 4 : 2;
}

#ifndef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
/*
 * The prologue before the site: gcc's function starts with the sp
 * decrement, "c.addi sp, -N", "c.addi16sp sp, -N" or "addi sp, sp, -N",
 * and runs straight (no branch, jump or call) to the mcount call.  It is
 * at most this many bytes long (11 saved registers, 8 varargs stores,
 * argument moves).
 */
#define RV_PROLOGUE_MAX		256

static __event_path int rv_is_sp_decrement(unsigned long p)
{
	uint16_t h = rv_read16(p);
	uint32_t i;

	/* c.addi sp, -N (funct3 0) or c.addi16sp sp, -N (funct3 3) */
	if ((h & 0x1f83) == 0x1101 && ((h >> 13) == 0 || (h >> 13) == 3))
		return 1;
	if ((h & 3) != 3)
		return 0;
	i = rv_read32(p);
	return (i & 0x800fffff) == 0x80010113;	/* addi sp, sp, -N */
}

/* Does the instruction at p (len bytes) leave the straight line? */
static __event_path int rv_is_transfer(unsigned long p, int len)
{
	uint16_t h = rv_read16(p);
	uint32_t i;

	if (len == 2) {
		/* c.j, c.beqz, c.bnez (op 01); c.jr, c.jalr (op 10) */
		if ((h & 3) == 1 && (h >> 13) >= 5)
			return 1;
		return (h & 0xe07f) == 0x8002 && (h & 0x0f80);
	}
	i = rv_read32(p);
	return RV_OPC(i) == RV_OPC_JAL || RV_OPC(i) == RV_OPC_JALR ||
	       RV_OPC(i) == RV_OPC_BRANCH;
}

/*
 * The prologue's first instruction before the site selfpc, or 0: looking
 * back from the site, a candidate counts only if decoding forward from
 * it lands on the site with no transfer of control on the way, and the
 * farthest such one is taken (the sp decrement that starts the
 * function; a misread halfword nearer the site cannot start a decode
 * that is believed).
 */
static __event_path unsigned long rv_prologue(unsigned long selfpc)
{
	unsigned long start = 0, p, q;
	int len;

	for (p = selfpc - 2; p >= selfpc - RV_PROLOGUE_MAX; p -= 2) {
		if (!rv_is_sp_decrement(p))
			continue;
		for (q = p; q < selfpc; q += len) {
			len = rv_insn_len(q);
			if (rv_is_transfer(q, len))
				break;
		}
		if (q == selfpc)
			start = p;
	}
	return start;
}

/*
 * The registers a compressed instruction other than c.mv may write, as
 * a mask (a float destination counts as its integer number: that only
 * forgets more).  The stores write none; the branches and jumps do not
 * occur in a prologue.
 */
static __event_path uint32_t rvc_writes(uint16_t h)
{
	unsigned int funct3 = h >> 13;

	switch (h & 3) {
	case 0:		/* c.addi4spn, c.fld, c.lw, c.ld: rd' */
		return funct3 >= 5 ? 0 : 1U << (((h >> 2) & 7) + 8);
	case 1:		/* c.srli ... c.and: rd'; c.addi, c.li, ...: rd */
		if (funct3 == 4)
			return 1U << (((h >> 7) & 7) + 8);
		return funct3 >= 5 ? 0 : 1U << ((h >> 7) & 0x1f);
	default:	/* c.slli, c.lwsp, c.ldsp, c.add: rd */
		return funct3 >= 5 ? 0 : 1U << ((h >> 7) & 0x1f) | 1U << 1;
	}
}

/*
 * The first argument of the function whose mcount frame is fregs.  gcc's
 * site has loaded a0 with the return address, and its prologue moved the
 * argument first: into a callee-saved register ("mv s1, a0", -O1 and
 * up), or through a temporary into a slot below s0 ("mv a4, a0; sd a4,
 * -40(s0)", -O0).  The prologue is followed from its start, keeping the
 * set of registers that hold the value, and the s0 slot it was stored
 * to; any other write to a register drops it from the set.  0 when the
 * value is in neither at the site.
 */
__event_path unsigned long ftrace_regs_first_arg(struct ftrace_regs *fregs)
{
	unsigned long selfpc = fregs->ra - MCOUNT_INSN_SIZE;
	unsigned long p = rv_prologue(selfpc);
	uint32_t held = 1U << RV_REG_A0;
	long slot = 0;
	int k, len, size = 0;

	if (!p)
		return 0;
	for (; p < selfpc; p += len) {
		uint16_t h = rv_read16(p);
		unsigned int rd, rs;
		uint32_t i;

		len = rv_insn_len(p);
		if (len == 2) {
			rd = (h >> 7) & 0x1f;
			rs = (h >> 2) & 0x1f;
			if ((h >> 12) == 0x8 && (h & 3) == 2 && rs && rd) {
				/* c.mv rd, rs */
				held = (held & ~(1U << rd)) |
				       ((held >> rs) & 1) << rd;
			} else if ((h & 3) == 0 && (h >> 13) >= 6) {
				/* c.sw, c.sd rs2', off(rs1'): no register */
				rd = ((h >> 7) & 7) + 8;
				rs = ((h >> 2) & 7) + 8;
				if (rd == RV_REG_S0 && (held >> rs) & 1) {
					size = (h >> 13) == 7 ? 8 : 4;
					slot = ((h >> 10) & 7) << 3;
					slot |= size == 8 ?
						((h >> 5) & 3) << 6 :
						((h >> 6) & 1) << 2 |
						((h >> 5) & 1) << 6;
				}
			} else {
				/* whatever else it writes is gone */
				held &= ~rvc_writes(h);
			}
			continue;
		}
		i = rv_read32(p);
		rd = RV_RD(i);
		if (RV_OPC(i) == RV_OPC_STORE) {
			if (RV_RS1(i) == RV_REG_S0 && (held >> RV_RS2(i)) & 1 &&
			    (RV_FUNCT3(i) == 2 || RV_FUNCT3(i) == 3)) {
				size = RV_FUNCT3(i) == 3 ? 8 : 4;
				slot = ((long)(int32_t)(i & 0xfe000000) >> 20) |
				       ((i >> 7) & 0x1f);
			}
		} else if (RV_OPC(i) == RV_OPC_OP_IMM && RV_FUNCT3(i) == 0 &&
			   !(i >> 20)) {
			/* addi rd, rs1, 0: mv */
			held = (held & ~(1U << rd)) |
			       ((held >> RV_RS1(i)) & 1) << rd;
		} else if (RV_OPC(i) != RV_OPC_STORE_FP) {
			held &= ~(1U << rd);
		}
	}
	/* s1 is x9, s2-s11 are x18-x27 */
	if (held & 1U << 9)
		return fregs->s[1];
	for (k = 18; k <= 27; k++)
		if (held & 1U << k)
			return fregs->s[k - 16];
	for (k = 11; k <= 17; k++)		/* a1-a7, untouched since */
		if (held & 1U << k)
			return fregs->a[k - 10];
	if (size == 8)
		return *(unsigned long *)(fregs->s[0] + slot);
	if (size == 4)
		return (unsigned long)(long)*(int32_t *)(fregs->s[0] + slot);
	return 0;
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER

/*
 * How far above s0 the entry sp of the function whose site is selfpc
 * lies: 0, or the size of a varargs register area, read from the
 * prologue's "sd a7, off(s0)" (the area's top word).  -1: the prologue
 * was not found, or keeps the area in a way this does not know.
 */
static __event_path long rv_varargs_size(unsigned long selfpc)
{
	unsigned long start = rv_prologue(selfpc), p;
	long size = 0;
	int len;

	if (!start)
		return -1;
	for (p = start; p < selfpc; p += len) {
		uint32_t i;
		long imm;

		len = rv_insn_len(p);
		if (len != 4)
			continue;
		i = rv_read32(p);
		if (RV_OPC(i) != RV_OPC_STORE || RV_FUNCT3(i) != 3 ||
		    RV_RS2(i) != RV_REG_A7)
			continue;
		/* sd a7, imm(rs1): imm = bits 31:25 and 11:7 */
		imm = ((long)(int32_t)(i & 0xfe000000) >> 20) |
		      ((i >> 7) & 0x1f);
		if (RV_RS1(i) == RV_REG_S0 && imm >= 0 && imm < 64 &&
		    !(imm & 7))
			size = imm + 8;
		else if (RV_RS1(i) == RV_REG_SP)
			return -1;	/* an area addressed from sp */
	}
	return size;
}

/*
 * Called from ftrace_graph_caller (mcount.S) with the address of the
 * traced function's ra slot, -8(s0), the site, and its s0.
 *
 * The frame pointer test compares what we record here with s0 as
 * return_to_handler sees it, after the function's epilogue restored the
 * caller's s0: the value saved at -16(s0).
 */
__event_path void prepare_ftrace_return(unsigned long *parent,
					unsigned long selfpc,
					unsigned long frame_pointer)
{
	unsigned long *fp = (unsigned long *)frame_pointer;
	long above = rv_varargs_size(selfpc);

	if (above < 0) {
		static int said;

		ftrace_graph_not_hooked(&said, selfpc, ": its prologue is not "
					"gcc's, not traced (the graph tracer "
					"needs its entry sp)");
		return;
	}
	if (!function_graph_enter(*parent, selfpc, fp[-2], parent,
				  frame_pointer + above))
		*parent = (unsigned long)return_to_handler;
}
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */
#endif /* !CONFIG_DYNAMIC_FTRACE_WITH_ARGS */

#if defined(CONFIG_DYNAMIC_FTRACE_WITH_ARGS) && \
	defined(CONFIG_FUNCTION_GRAPH_TRACER)
/*
 * Chapter 8: the graph tracer's ops callback.  The trampoline runs before
 * func's prologue, so there is no prologue to read (as above): func's
 * return address is in ra, saved as fregs->ra, which the trampoline
 * reloads (hooking it is writing return_to_handler there), and the sp
 * func returns with, the frame's identity, is its sp on entry, varargs
 * or not.  No FP test at stage 5: frame_pointer is 0.
 *
 * The retp given to function_graph_enter() is no slot in memory: ra is
 * saved, if at all, where func's prologue chooses (a varargs function
 * keeps its record below its register save area).  It is the caller's s0
 * (fregs->s0), which func's frame record holds beside its saved ra: a
 * stack walk recognises the entry by it (stacktrace.c), and
 * ftrace_graph_ret_slot() finds the slot through it, as arm64 does with
 * x29 (the kernel's riscv ftrace_graph_func(), arch/riscv/kernel/
 * ftrace.c, hands &fregs->ra to prepare_ftrace_return() instead: its
 * unwinder takes any return_to_handler it meets in order).
 */
__event_path void ftrace_graph_func(unsigned long ip, unsigned long parent_ip,
				    struct ftrace_ops *op,
				    struct ftrace_regs *fregs)
{
	if (!function_graph_enter(fregs->ra, ip, 0, (unsigned long *)fregs->s0,
				  ftrace_regs_get_stack_pointer(fregs)))
		fregs->ra = (unsigned long)return_to_handler;
}
#endif

#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * Chapter 4 (HAVE_DYNAMIC_FTRACE): turning call sites off and on.
 *
 * gcc's site is the pair "auipc ra, hi; jalr ra, lo(ra)" (8 bytes; the
 * kit's -mno-relax keeps ld from making it a "jal"), and with the C
 * extension it starts at any 2-byte boundary.  Two words that a thread
 * may be between cannot both change while it runs, so the start-up
 * conversion rewrites the pair once, into one whose first word stays:
 *
 *	as linked		after start-up		enabled
 *	auipc ra, hi(_mcount)	auipc ra, hi(dest)	(the same)
 *	jalr  ra, lo(ra)	addi  zero, zero, lo	jalr ra, lo(ra)
 *
 * dest is ftrace_caller, or a library's module PLT when ftrace_caller is
 * beyond the pair's +-2 GB (module_plt.S).  The auipc alone is harmless:
 * it only sets ra, which the function saved before and reloads after the
 * call (gcc's call clobbers it anyway).
 *
 * "addi zero, zero, lo" is a HINT: an instruction that writes x0 and
 * changes no architectural state, a nop.  It is "jalr ra, lo(ra)" with
 * only the low halfword changed, 0x80e7 -> 0x0013 (opcode, rd = zero,
 * funct3 and the low bit of rs1, which makes rs1 zero), and the high
 * halfword (lo and the rest of rs1) kept.  So enabling or disabling a
 * site changes one halfword: a hart that fetches the instruction while
 * it is rewritten gets the old low parcel or the new one with the same
 * high parcel, a whole jalr or a whole hint.  The change is written as
 * the one aligned word that holds that halfword (the jalr itself at a
 * multiple of 4, else the auipc's high half and the jalr's low half),
 * with the other halfword stored unchanged: the "word" method, no thread
 * stops.  (The kernel's old riscv ftrace NOP'd the whole pair and
 * applied every change under stop_machine().)
 *
 * The two-word rewrite is the start-up conversion's alone: it runs in
 * ftrace_init(), before main(), when no other thread runs the program's
 * code, or when a library is loaded, before its code runs.
 */
#define RV_JALR_RA_LOW		0x80e7	/* jalr ra, ?(ra): the low half */
#define RV_HINT_LOW		0x0013	/* addi zero, zero, ? */

/*
 * The register the site's pair links through: ra for gcc's -pg call,
 * t0 at chapter 8 (below), whose site is before the prologue, where ra
 * still holds the function's own return address.  Both are odd
 * registers (x1, x5), so the hint keeps the trick above: "jalr t0,
 * lo(t0)" with its low halfword 0x82e7 made 0x0013 is "addi zero, tp,
 * lo", a hint too.
 */
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
#define RV_SITE_REG		RV_REG_T0
#else
#define RV_SITE_REG		RV_REG_RA
#endif

/*
 * A call from the pair at ip to target: its two words; -ERANGE if out of
 * reach of auipc's signed 32-bit page offset.
 */
static int rv_pair(unsigned long ip, unsigned long target, uint32_t *auipc,
		   uint32_t *jalr)
{
	long off = (long)(target - ip);
	long hi = (off + 0x800) >> 12, lo = off - (hi << 12);

	if (off != (long)(int32_t)off || hi != (hi << 44) >> 44)
		return -ERANGE;
	*auipc = ((uint32_t)hi << 12) | RV_SITE_REG << 7 | RV_OPC_AUIPC;
	*jalr = ((uint32_t)lo << 20) | RV_SITE_REG << 15 | RV_SITE_REG << 7 |
		RV_OPC_JALR;
	return 0;
}

/* Where the linked pair at ip goes; 0 if it is not "auipc ra; jalr ra". */
static unsigned long rv_pair_target(unsigned long ip, uint32_t auipc,
				    uint32_t jalr)
{
	if (RV_OPC(auipc) != RV_OPC_AUIPC || RV_RD(auipc) != RV_REG_RA ||
	    RV_OPC(jalr) != RV_OPC_JALR || RV_RD(jalr) != RV_REG_RA ||
	    RV_RS1(jalr) != RV_REG_RA || RV_FUNCT3(jalr) != 0)
		return 0;
	return ip + (long)(int32_t)(auipc & 0xfffff000) +
	       ((long)(int32_t)jalr >> 20);
}

static uint32_t rv_disabled(uint32_t jalr)
{
	return (jalr & 0xffff0000) | RV_HINT_LOW;
}

/*
 * Switch the converted site rec between disabled and enabled: the one
 * aligned word that holds the jalr's low halfword.
 */
static int rv_site_switch(struct dyn_ftrace *rec, int enable)
{
	unsigned long ip = rec->ip;
	uint32_t auipc, jalr, off, on, old, new;

	if (!rec->arch.target ||
	    rv_pair(ip, rec->arch.target, &auipc, &jalr))
		return -EINVAL;
	off = rv_disabled(jalr);
	on = jalr;
	if (!((ip + 4) & 3))
		return ftrace_modify_code(ip + 4, enable ? &off : &on,
					  enable ? &on : &off, 4);
	/* little-endian: the auipc's high half, then the jalr's low half */
	old = auipc >> 16 | (enable ? off : on) << 16;
	new = auipc >> 16 | (enable ? on : off) << 16;
	return ftrace_modify_code(ip + 2, &old, &new, 4);
}

/*
 * The converted site at rec->ip, disabled: the pair towards
 * ftrace_caller, or towards the library's module PLT where ftrace_caller
 * is out of its reach, with the jalr made the hint.
 */
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
/*
 * Chapter 8, CALL_OPS: the address of rec's literal, the 8 bytes before
 * the function, or 0 where the site has none ftrace_caller can read: a
 * library's (its module PLT goes to ftrace_list_caller), or one gcc did
 * not align (-Os).  Such a site's auipc is for ftrace_list_caller.
 */
unsigned long arch_ftrace_ops_literal(const struct dyn_ftrace *rec)
{
	return rec->arch.plt || (rec->ip & 7) ? 0 : rec->ip - 8;
}

#endif

static int rv_converted(struct module *mod, struct dyn_ftrace *rec,
			uint32_t new[2])
{
	unsigned long dest = FTRACE_ADDR;

	rec->arch.plt = mod ? mod->ftrace_plt : 0;
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
	if (!arch_ftrace_ops_literal(rec))
		dest = FTRACE_PLT_ADDR;
#endif
	if (rv_pair(rec->ip, dest, &new[0], &new[1])) {
		dest = rec->arch.plt;
		if (!dest || rv_pair(rec->ip, dest, &new[0], &new[1]))
			return -ERANGE;
	}
	rec->arch.target = dest;
	new[1] = rv_disabled(new[1]);
	return 0;
}

#ifndef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
/*
 * A library's site calls _mcount through the library's own PLT (the
 * loader bound that to the program's, which exports it): a pair that
 * lands in the library's code is taken for the site.
 */
static int rv_module_site(struct module *mod, unsigned long to)
{
	return mod && to >= mod->text_start && to < mod->text_end;
}

/* The start-up conversion of one site: both words verified, then written. */
static int rv_convert_site(struct module *mod, struct dyn_ftrace *rec)
{
	unsigned long ip = rec->ip, to;
	uint32_t old[2], new[2];
	int ret;

	if (!kernel_text_address(ip, 8))
		return -EFAULT;
	memcpy(old, (const void *)ip, sizeof(old));
	to = rv_pair_target(ip, old[0], old[1]);
	if (!to || (to != MCOUNT_ADDR && !rv_module_site(mod, to))) {
		/*
		 * Not a call of _mcount (a relaxed "jal", or an entry that
		 * points elsewhere): rewriting it with itself changes
		 * nothing but lets ftrace_bug() show what was there.
		 */
		if (!rv_pair(ip, MCOUNT_ADDR, &new[0], &new[1]))
			ftrace_modify_code(ip, new, new, sizeof(new));
		return -EINVAL;
	}
	ret = rv_converted(mod, rec, new);
	if (ret)
		return ret;
	return ftrace_modify_code(ip, old, new, sizeof(old));
}
#else
/*
 * Chapter 8: gcc's site is four "c.nop"s (two 4-byte "nop"s in code
 * built without the C extension), and there is no call of _mcount to
 * convert.  The first look at a site still writes it: the two words of
 * the disabled pair above, "auipc t0, hi; addi zero, tp, lo", so that
 * from then on a site changes in one aligned word like chapter 4's.
 * Enabling a site from the NOPs would need both words written while
 * other threads run, and a thread that stopped between two of the NOPs
 * would resume in the middle of the new pair: in the second half of the
 * auipc, or at a jalr whose t0 no auipc set.  The kernel's riscv did
 * write the whole pair on each change, under stop_machine() with a
 * kernel that is never preempted there (arch/riscv/Kconfig: dynamic
 * ftrace depends on !PREEMPTION since v6.3); since v6.16
 * (ftrace_init_nop(), arch/riscv/kernel/ftrace.c) it writes the auipc
 * once, at boot, and then changes only the jalr, as the kit does here.
 * This runs where rv_convert_site() ran: before main(), or as a library
 * loads, before its code runs.
 */
static const uint16_t rv_cnops[4] = { 0x0001, 0x0001, 0x0001, 0x0001 };
static const uint32_t rv_nops[2] = { RV_INSN_NOP, RV_INSN_NOP };

int ftrace_init_nop(struct module *mod, struct dyn_ftrace *rec)
{
	const void *old = rv_cnops;
	uint32_t new[2];
	int ret;

	if (!kernel_text_address(rec->ip, MCOUNT_INSN_SIZE))
		return -EFAULT;
	/* neither: ftrace_modify_code() refuses, and says what it found */
	if (memcmp((const void *)rec->ip, rv_cnops, sizeof(rv_cnops)))
		old = rv_nops;
	ret = rv_converted(mod, rec, new);
	if (ret)
		return ret;
	return ftrace_modify_code(rec->ip, old, new, sizeof(new));
}
#endif /* CONFIG_DYNAMIC_FTRACE_WITH_ARGS */

/* addr: MCOUNT_ADDR at start-up, FTRACE_ADDR when a site is disabled */
int ftrace_make_nop(struct module *mod, struct dyn_ftrace *rec,
		    unsigned long addr)
{
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
	if (addr == MCOUNT_ADDR)
		return ftrace_init_nop(mod, rec);
#else
	if (addr == MCOUNT_ADDR)
		return rv_convert_site(mod, rec);
#endif
	if (addr != FTRACE_ADDR)
		return -EINVAL;
	if (ftrace_rec_set_nop_ops(rec))
		return -EINVAL;
	return rv_site_switch(rec, 0);
}

/* a site's auipc reaches ftrace_caller alone: nothing else (-ERANGE) */
int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr)
{
	if (addr != FTRACE_ADDR)
		return -ERANGE;
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
	{
		int ret = ftrace_rec_set_ops(rec, ftrace_rec_get_ops(rec));

		if (ret)
			return ret;
	}
#endif
	return rv_site_switch(rec, 1);
}

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
/* an enabled site keeps its call; with CALL_OPS its literal follows */
int ftrace_modify_call(struct dyn_ftrace *rec, unsigned long old_addr,
		       unsigned long addr)
{
	if (old_addr != FTRACE_ADDR)
		return -EINVAL;
	if (addr != FTRACE_ADDR)
		return -ERANGE;
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
	return ftrace_rec_set_ops(rec, ftrace_rec_get_ops(rec));
#else
	return 0;
#endif
}
#endif

/* "jal rd, target" at ip; 0 if beyond jal's +-1 MB. */
static uint32_t rv_jal(unsigned long ip, unsigned long target,
		       unsigned int rd)
{
	long off = (long)(target - ip);
	uint32_t imm;

	if (off < -(1L << 20) || off >= (1L << 20) || (off & 1))
		return 0;
	imm = (uint32_t)off;
	return ((imm >> 20) & 1) << 31 | ((imm >> 1) & 0x3ff) << 21 |
	       ((imm >> 11) & 1) << 20 | ((imm >> 12) & 0xff) << 12 |
	       rd << 7 | RV_OPC_JAL;
}

/*
 * ftrace_call: "jal ra, <what it calls now>" becomes "jal ra, func".
 * ftrace_caller and the tracers are all event-path code, one section of
 * the runtime: well within jal's reach.
 */
int ftrace_update_ftrace_func(ftrace_func_t func)
{
	unsigned long ip = (unsigned long)ftrace_call;
	uint32_t old = rv_jal(ip, (unsigned long)ftrace_call_func(),
			      RV_REG_RA);
	uint32_t new = rv_jal(ip, (unsigned long)func, RV_REG_RA);

	if (!old || !new)
		return -ERANGE;
	return ftrace_modify_code(ip, &old, &new, sizeof(old));
}

/* Nothing to prepare: _mcount and ftrace_caller are apart. */
int ftrace_dyn_arch_init(void)
{
	return 0;
}

/*
 * Calls of _mcount left in [start, end) after the start-up conversion:
 * a pair "auipc ra; jalr ra" that lands on it, at any 2-byte boundary.
 * A converted site's jalr is a hint.
 */
unsigned long ftrace_mcount_calls(unsigned long start, unsigned long end)
{
	unsigned long ip, n = 0;

	for (ip = (start + 1) & ~1UL; ip + 8 <= end; ip += 2)
		n += rv_pair_target(ip, rv_read32(ip), rv_read32(ip + 4)) ==
		     MCOUNT_ADDR;
	return n;
}
#endif /* CONFIG_DYNAMIC_FTRACE */

#if defined(CONFIG_DYNAMIC_FTRACE) && defined(CONFIG_FUNCTION_GRAPH_TRACER) && \
	!defined(CONFIG_DYNAMIC_FTRACE_WITH_ARGS)
/*
 * Chapter 5: ftrace_graph_call (mcount.S, assembled without compressed
 * instructions, so one aligned word) is "nop", or "j ftrace_graph_caller"
 * (jal zero) while the graph tracer is on: a jump, since
 * ftrace_graph_caller finishes ftrace_caller's frame and returns into
 * the traced function itself.
 */
static int rv_graph_patch(int enable)
{
	unsigned long ip = (unsigned long)ftrace_graph_call;
	uint32_t nop = RV_INSN_NOP;
	uint32_t j = rv_jal(ip, (unsigned long)ftrace_graph_caller,
			    RV_REG_ZERO);

	if (!j)
		return -ERANGE;
	return enable ? ftrace_modify_code(ip, &nop, &j, sizeof(j)) :
			ftrace_modify_code(ip, &j, &nop, sizeof(j));
}

int ftrace_enable_ftrace_graph_caller(void)
{
	return rv_graph_patch(1);
}

int ftrace_disable_ftrace_graph_caller(void)
{
	return rv_graph_patch(0);
}
#endif
