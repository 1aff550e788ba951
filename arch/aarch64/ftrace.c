// SPDX-License-Identifier: GPL-2.0
/*
 * AArch64 function graph tracer, the arch half: which slot to hijack and
 * which sp the function returns with.  At the end, under
 * CONFIG_DYNAMIC_FTRACE, chapter 4: patching the sites.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <linux/event_path.h>
#include <linux/ftrace.h>
#include <linux/module.h>
#include <linux/text_patching.h>
#include <asm/prologue.h>

#if defined(CONFIG_FUNCTION_GRAPH_TRACER) && \
	!defined(CONFIG_DYNAMIC_FTRACE_WITH_ARGS)
/*
 * Called from ftrace_graph_caller (mcount.S) with the address of the x30
 * half of the traced function's frame record, the mcount site, and the
 * function's x29 (which points at that record).
 *
 * Every traced function has a record of its own (the mcount call makes
 * even a leaf a caller), its epilogue returns through that slot, and
 * puts back the caller's x29 saved beside it: the FP test's value is
 * fp[0].  The frame's identity, the sp the function returns with, is its
 * sp at entry, which x29 does not give: gcc puts the record at the
 * bottom of the frame, under the locals and the saved registers, or above
 * an outgoing-argument area, and only the prologue says how far it is
 * from the top (arch/aarch64/prologue.c).
 *
 * A prologue that signs x30 first (-mbranch-protection=pac-ret or
 * standard: paciasp) keeps a signed return address in the record, which
 * its epilogue authenticates (autiasp) before "ret": return_to_handler
 * written there would fail that check and the program would die.
 * ftrace-cc refuses those options for the graph tracer; code built so
 * anyway runs unhijacked.
 */
__event_path void prepare_ftrace_return(unsigned long *parent,
					unsigned long selfpc,
					unsigned long frame_pointer)
{
	unsigned long *fp = (unsigned long *)frame_pointer;
	struct a64_frame f;

	if (a64_frame_decode(selfpc, &f)) {
		static int said;

		ftrace_graph_not_hooked(&said, selfpc, " has a prologue the "
					"graph tracer cannot read, not traced");
		return;
	}
	if (f.signed_ra) {
		static int said;

		ftrace_graph_not_hooked(&said, selfpc, " signs its return "
					"address (-mbranch-protection), not "
					"traced");
		return;
	}
	if (!function_graph_enter(*parent, selfpc, fp[0], parent,
				  frame_pointer + f.entry_off))
		*parent = (unsigned long)return_to_handler;
}
#endif /* CONFIG_FUNCTION_GRAPH_TRACER && !CONFIG_DYNAMIC_FTRACE_WITH_ARGS */

#if defined(CONFIG_FUNCTION_GRAPH_TRACER) && \
	defined(CONFIG_DYNAMIC_FTRACE_WITH_ARGS)
/*
 * Chapter 8: the graph tracer's ops callback.  ftrace_caller (entry.S)
 * runs before func's prologue: the return address is still in a
 * register, saved in fregs->lr, and what the trampoline puts back in x30
 * on its way out.  Hooking it there needs no prologue reading, and works
 * as well for a leaf that never saves x30, and for code that signs it
 * (-mbranch-protection: paciasp runs after the hook, and signs
 * return_to_handler).  func returns with the sp it was entered with:
 * fregs->sp is the frame's identity.
 *
 * The retp given to function_graph_enter() is no slot in memory: x30 is
 * saved, if at all, where func's prologue chooses.  It is the caller's
 * x29 (fregs->fp), as in the kernel's arm64 prepare_ftrace_return()
 * under ftrace_graph_func() (arch/arm64/kernel/ftrace.c, since v6.2):
 * the frame record func builds holds it beside its saved x30, which is
 * how a stack walk recognises the entry (stacktrace.c).  No other frame
 * live at the time is entered with that x29 (func's callees see func's
 * own record), except func's tail callee, which shares func's entry as
 * at every other stage.
 */
__event_path void ftrace_graph_func(unsigned long ip, unsigned long parent_ip,
				    struct ftrace_ops *op,
				    struct ftrace_regs *fregs)
{
	if (!function_graph_enter(fregs->lr, ip, 0,
				  (unsigned long *)fregs->fp, fregs->sp))
		fregs->lr = (unsigned long)return_to_handler;
}
#endif

#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * Chapter 4 (HAVE_DYNAMIC_FTRACE): turning call sites off and on, one
 * aligned word each, as the kernel's arm64 port did before it moved to
 * -fpatchable-function-entry:
 *
 *	as linked		disabled		enabled
 *	aa1e03e0 mov x0, x30	(the same)		(the same)
 *	94xxxxxx bl _mcount	d503201f nop		bl ftrace_caller
 *
 * BL and NOP are among the instructions the architecture lets one thread
 * rewrite while another executes them (asm/text-patching.h), so the word
 * method needs no stop, not even at the start-up conversion: the
 * "mov x0, x30" that stays is harmless alone (x0 is free at a call).
 *
 * A bl reaches +-128 MB.  The program's sites reach ftrace_caller; a
 * library is mapped far away, so its enabled sites call its module PLT
 * (module_plt.S) instead, which branches on through x16.
 */
#define A64_INSN_NOP		0xd503201f
#define A64_INSN_MOV_X0_X30	0xaa1e03e0
#define A64_INSN_BL		0x94000000
#define A64_INSN_B		0x14000000
#define A64_BRANCH_MASK		0xfc000000

/* "b"/"bl" (op) at ip to target; 0 if out of reach. */
static unsigned int a64_branch(unsigned int op, unsigned long ip,
			       unsigned long target)
{
	long off = (long)(target - ip);

	if (off < -(1L << 27) || off >= (1L << 27) || (off & 3))
		return 0;
	return op | ((off >> 2) & 0x03ffffff);
}

static unsigned long a64_branch_target(unsigned long ip, unsigned int insn)
{
	return ip + (long)((int32_t)((insn & 0x03ffffff) << 6) >> 4);
}

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
#define A64_BTI_MASK		0xffffff3f
#define A64_BTI			0xd503241f

/*
 * Chapter 8, CALL_OPS: the address of rec's literal, or 0 where the site
 * has none the trampoline can read: a library's (its module PLT goes to
 * ftrace_list_caller), or one gcc did not align.  The mov is one word
 * before rec->ip, a bti maybe before that, the literal two words before
 * the function.
 */
unsigned long arch_ftrace_ops_literal(const struct dyn_ftrace *rec)
{
	unsigned long entry = rec->ip - AARCH64_INSN_SIZE;
	uint32_t before;

	if (rec->arch.plt || !kernel_text_address(entry - 12, 16))
		return 0;
	memcpy(&before, (const void *)(entry - 4), sizeof(before));
	if ((before & A64_BTI_MASK) == A64_BTI)
		entry -= AARCH64_INSN_SIZE;
	entry -= 8;
	return entry & 7 ? 0 : entry;
}

/*
 * Where a site's call of FTRACE_ADDR goes: ftrace_caller, which reads
 * the literal, or ftrace_list_caller, for a site that has none.
 */
static unsigned long a64_dest(const struct dyn_ftrace *rec,
			      unsigned long addr)
{
	if (addr == FTRACE_ADDR && !arch_ftrace_ops_literal(rec))
		return FTRACE_PLT_ADDR;
	return addr;
}

#else
static unsigned long a64_dest(const struct dyn_ftrace *rec,
			      unsigned long addr)
{
	return addr;
}
#endif

/*
 * The site's call of addr, or of the library's module PLT; 0 if neither
 * is in reach.
 */
static unsigned int a64_site_call(struct dyn_ftrace *rec, unsigned long addr)
{
	unsigned int call = a64_branch(A64_INSN_BL, rec->ip,
				       a64_dest(rec, addr));

	if (!call && addr == FTRACE_ADDR && rec->arch.plt)
		call = a64_branch(A64_INSN_BL, rec->ip, rec->arch.plt);
	return call;
}

#ifndef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
/*
 * A library's site calls _mcount through the library's own PLT (the
 * loader bound that to the program's, which exports it): the bl found
 * there is taken for the site's when it lands in the library's code.
 * 0: it does not.
 */
static unsigned int a64_module_call(struct module *mod,
				    struct dyn_ftrace *rec)
{
	unsigned int insn;
	unsigned long to;

	if (!mod)
		return 0;
	memcpy(&insn, (const void *)rec->ip, sizeof(insn));
	if ((insn & A64_BRANCH_MASK) != A64_INSN_BL)
		return 0;
	to = a64_branch_target(rec->ip, insn);
	if (to < mod->text_start || to >= mod->text_end)
		return 0;
	return insn;
}

#endif /* !CONFIG_DYNAMIC_FTRACE_WITH_ARGS */

static int a64_patch(unsigned long ip, unsigned int old, unsigned int new)
{
	return ftrace_modify_code(ip, &old, &new, sizeof(old));
}

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
/*
 * Chapter 8: the site is two NOPs from the compiler, before the prologue
 * (entry.S).  Enabled, the second calls ftrace_caller, and that bl
 * overwrites x30, func's return address, which the trampoline needs: so
 * the first instruction copies it into x9, free at any call.  That copy
 * is written once and stays whether the function is traced or not; from
 * then on only rec->ip's word changes, nop <-> bl, as at chapter 4:
 *
 *	from the compiler	recorded		enabled
 *	d503201f nop		aa1e03e9 mov x9, x30	(the same)
 *	d503201f nop		d503201f nop		bl ftrace_caller
 *							<- rec->ip
 *
 * The kernel's arm64 writes the mov at boot (ftrace_init_nop(), since
 * v5.5); the kit's recordmcount --entries writes it into the object, so
 * the program's start-up reads no site (FTRACE_SITES_READY, asm/ftrace.h)
 * and ftrace_make_call() checks the mov before the first bl goes in.
 * What is left here is a library's first look, which reads the site and
 * keeps the library's module PLT.  An object that never went through
 * recordmcount has no record of its sites at all (dyn_ftrace.c reports
 * it), but a NOP found here anyway is written as the kernel would: NOP ->
 * MOV is not among the changes the architecture lets a thread make while
 * another may execute the word (asm/text-patching.h), so that batch goes
 * under stop_machine().
 */
#define A64_INSN_MOV_X9_X30	0xaa1e03e9

int ftrace_init_nop(struct module *mod, struct dyn_ftrace *rec)
{
	unsigned long pc = rec->ip - AARCH64_INSN_SIZE;
	unsigned int first, second;

	rec->arch.plt = mod ? mod->ftrace_plt : 0;
	if (!kernel_text_address(pc, 2 * AARCH64_INSN_SIZE))
		return -EFAULT;
	/* the word that will change must be the NOP the compiler wrote */
	memcpy(&second, (const void *)rec->ip, sizeof(second));
	if (second != A64_INSN_NOP || !a64_site_call(rec, FTRACE_ADDR))
		return a64_patch(rec->ip, A64_INSN_NOP, A64_INSN_NOP) ?:
		       -EINVAL;
	memcpy(&first, (const void *)pc, sizeof(first));
	if (first == A64_INSN_MOV_X9_X30)
		return 0;
	text_poke_needs_stop();
	return a64_patch(pc, A64_INSN_NOP, A64_INSN_MOV_X9_X30);
}
#else

/*
 * gcc's "mov x0, x30" before the site says the word is an mcount call and
 * not some other one.  The scheduler may put unrelated instructions
 * between the two (-O2: "add x19, x19, #0xce0"), and a varargs function
 * saves its argument registers there (q0-q7, x1-x7: a dozen stores), but
 * never an instruction that writes x0, and all of it comes after the
 * prologue's "mov x29, sp", where the scan gives up.
 */
#define SITE_MOV_SCAN		64
#define A64_ADD_X29_SP		0x910003fd	/* mov x29, sp / add x29, sp */
#define A64_ADD_X29_SP_MASK	0xffc003ff

/* a store (Rt in bits 0-4 is read, not written): the load/store class */
static int a64_is_store(uint32_t insn)
{
	return (insn & 0x0a000000) == 0x08000000 && !(insn & (1 << 22));
}

static int a64_site_mov(unsigned long ip)
{
	const uint32_t *p = (const uint32_t *)ip;
	int k;

	for (k = 1; k <= SITE_MOV_SCAN; k++) {
		if (!kernel_text_address((unsigned long)(p - k), 4))
			return 0;
		if (p[-k] == A64_INSN_MOV_X0_X30)
			return 1;
		if ((p[-k] & A64_ADD_X29_SP_MASK) == A64_ADD_X29_SP ||
		    ((p[-k] & 0x1f) == 0 && !a64_is_store(p[-k])))
			return 0;	/* the prologue, or a write of x0 */
	}
	return 0;
}

/*
 * The start-up conversion of one site: the "mov x0, x30" before it (read,
 * never written), the bl verified, a nop after.
 */
static int a64_convert_site(struct module *mod, struct dyn_ftrace *rec)
{
	unsigned int call;

	rec->arch.plt = mod ? mod->ftrace_plt : 0;
	if (!kernel_text_address(rec->ip, 4))
		return -EFAULT;
	call = a64_branch(A64_INSN_BL, rec->ip, MCOUNT_ADDR);
	if (!a64_site_mov(rec->ip))
		/* rewriting the word with itself lets ftrace_bug() show it */
		return (call ? a64_patch(rec->ip, call, call) : 0) ?: -EINVAL;
	call = a64_module_call(mod, rec) ?: call;
	if (!call || !a64_site_call(rec, FTRACE_ADDR))
		return -EINVAL;
	return a64_patch(rec->ip, call, A64_INSN_NOP);
}

#endif /* CONFIG_DYNAMIC_FTRACE_WITH_ARGS */

/* addr: MCOUNT_ADDR at start-up, FTRACE_ADDR when a site is disabled */
int ftrace_make_nop(struct module *mod, struct dyn_ftrace *rec,
		    unsigned long addr)
{
	unsigned int call;

	if (addr == MCOUNT_ADDR)
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
		return ftrace_init_nop(mod, rec);
#else
		return a64_convert_site(mod, rec);
#endif
	call = a64_site_call(rec, addr);
	if (!call)
		return -EINVAL;
	if (ftrace_rec_set_nop_ops(rec))
		return -EINVAL;
	return a64_patch(rec->ip, call, A64_INSN_NOP);
}

int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr)
{
	unsigned int call;
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
	/*
	 * The program's start-up read no site (FTRACE_SITES_READY): no bl
	 * goes in without the mov it needs before it
	 */
	unsigned int mov = A64_INSN_MOV_X9_X30;
	int ret = ftrace_verify_code(rec->ip - AARCH64_INSN_SIZE, &mov,
				     sizeof(mov));

	if (ret)
		return ret;
#endif
	call = a64_site_call(rec, addr);
	if (!call)
		return addr == FTRACE_ADDR ? -EINVAL : -ERANGE;
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
	ret = ftrace_rec_set_ops(rec, ftrace_rec_get_ops(rec));
	if (ret)
		return ret;
#endif
	return a64_patch(rec->ip, A64_INSN_NOP, call);
}

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
/*
 * An enabled site's bl changes target (a direct trampoline, or back to
 * ftrace_caller); with CALL_OPS its literal follows the ops that want it
 * now, even when the bl stays (the kernel's ftrace_modify_call()).
 */
int ftrace_modify_call(struct dyn_ftrace *rec, unsigned long old_addr,
		       unsigned long addr)
{
	unsigned int old = a64_site_call(rec, old_addr);
	unsigned int call = a64_site_call(rec, addr);
	int ret = 0;

	if (!old)
		return -EINVAL;
	if (!call)
		return -ERANGE;
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
	ret = ftrace_rec_set_ops(rec, ftrace_rec_get_ops(rec));
#endif
	if (!ret && old != call)
		ret = a64_patch(rec->ip, old, call);
	return ret;
}
#endif

/* ftrace_call: "bl <what it calls now>" becomes "bl func" */
int ftrace_update_ftrace_func(ftrace_func_t func)
{
	unsigned long ip = (unsigned long)ftrace_call;
	unsigned int old = a64_branch(A64_INSN_BL, ip,
				      (unsigned long)ftrace_call_func());
	unsigned int new = a64_branch(A64_INSN_BL, ip, (unsigned long)func);

	if (!old || !new)
		return -EINVAL;
	return a64_patch(ip, old, new);
}

/* Nothing to prepare: _mcount and ftrace_caller are apart. */
int ftrace_dyn_arch_init(void)
{
	return 0;
}

/*
 * Calls of _mcount left in [start, end) after the start-up conversion:
 * aligned words that are a bl landing on it.
 */
unsigned long ftrace_mcount_calls(unsigned long start, unsigned long end)
{
	unsigned long ip, n = 0;
	uint32_t word;

	for (ip = (start + 3) & ~3UL; ip + 4 <= end; ip += 4) {
		memcpy(&word, (const void *)ip, sizeof(word));
		n += (word & A64_BRANCH_MASK) == A64_INSN_BL &&
		     a64_branch_target(ip, word) == MCOUNT_ADDR;
	}
	return n;
}
#endif /* CONFIG_DYNAMIC_FTRACE */

#if defined(CONFIG_DYNAMIC_FTRACE) && defined(CONFIG_FUNCTION_GRAPH_TRACER) && \
	!defined(CONFIG_DYNAMIC_FTRACE_WITH_ARGS)
/*
 * Chapter 5: ftrace_graph_call (mcount.S) is "nop", or
 * "b ftrace_graph_caller" while the graph tracer is on: one aligned word,
 * both in the architecture's list (chapter 4, above).  A b, not a bl:
 * ftrace_graph_caller finishes ftrace_caller's frame and returns into the
 * traced function itself.
 */
static int a64_graph_patch(int enable)
{
	unsigned long ip = (unsigned long)ftrace_graph_call;
	unsigned int b = a64_branch(A64_INSN_B, ip,
				    (unsigned long)ftrace_graph_caller);

	if (!b)
		return -ERANGE;
	return enable ? a64_patch(ip, A64_INSN_NOP, b) :
			a64_patch(ip, b, A64_INSN_NOP);
}

int ftrace_enable_ftrace_graph_caller(void)
{
	return a64_graph_patch(1);
}

int ftrace_disable_ftrace_graph_caller(void)
{
	return a64_graph_patch(0);
}
#endif
