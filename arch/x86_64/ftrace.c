// SPDX-License-Identifier: GPL-2.0
/*
 * x86_64 arch hooks: the function graph tracer (chapter 2) and dynamic
 * ftrace (chapter 4).
 */
#include <dlfcn.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <linux/event_path.h>
#include <linux/fgraph_lane.h>
#include <linux/ftrace.h>
#include <linux/module.h>
#include <linux/text_patching.h>

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
#ifndef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
#include <asm/mcount_frame.h>	/* DRAP_MAX_PAD */

/*
 * The slot a function that realigns its stack through a register returns
 * through (gcc's DRAP prologue, left where -maccumulate-outgoing-args
 * cannot avoid it: code optimised for size, alloca() in a realigned
 * frame):
 *
 *	lea	8(%rsp),%r10		(or: push %r13; lea 16(%rsp),%r13)
 *	and	$-32,%rsp
 *	push	-8(%r10)		a copy of the return address
 *	push	%rbp
 *	mov	%rsp,%rbp
 *	push	%r10			the register, for the epilogue
 *	...
 *	call	mcount
 *
 * 8(%rbp) is the copy; "ret" pops the original, 8 below the register's
 * value, which the prologue saved at -8(%rbp) to put %rsp back with it
 * ("lea -8(%r10),%rsp; ret").  Taken only when that word points into the
 * padding above the copy at the same return address: in any other frame
 * -8(%rbp) holds mcount's own return address (code) or a register the
 * function saved, and the words above 8(%rbp) belong to its caller.
 * Chapter 8's entry comes before the prologue and never sees a copy.
 */
static inline unsigned long *drap_ret_slot(unsigned long *parent)
{
	unsigned long drap = parent[-2];	/* -8(%rbp) */
	unsigned long *slot = (unsigned long *)(drap - 8);

	/*
	 * One test first, which every other frame fails the same way (its
	 * word at -8(%rbp) is data): the branch stays predicted.
	 */
	if (__builtin_expect((unsigned long)(slot - (parent + 1)) >=
			     DRAP_MAX_PAD / sizeof(*slot), 1) ||
	    (drap & 7) || *slot != *parent)
		return parent;
	return slot;
}
#else
static inline unsigned long *drap_ret_slot(unsigned long *parent)
{
	return parent;
}
#endif

/*
 * On x86_64 every traced function has its return address at 8(%rbp) (the
 * call pushed it, the prologue pushed %rbp below it), whether it is a leaf
 * or not, so the slot mcount found is the one to rewrite: but for the
 * copy of a realigning prologue, drap_ret_slot().
 */
__event_path void prepare_ftrace_return(unsigned long *parent,
					unsigned long selfpc,
					unsigned long frame_pointer)
{
	unsigned long old;

	parent = drap_ret_slot(parent);
	old = *parent;

	/* the function returns with sp just above the slot its "ret" pops */
	if (function_graph_enter(old, selfpc, frame_pointer, parent,
				 (unsigned long)(parent + 1)))
		return;
	*parent = (unsigned long)return_to_handler;
}
#endif

#if defined(CONFIG_DYNAMIC_FTRACE_WITH_ARGS) && \
	defined(CONFIG_FUNCTION_GRAPH_TRACER)
/*
 * Chapter 8: the graph tracer's ops callback.  The trampoline runs before
 * func's prologue, so its return address is the word at the entry's stack
 * pointer, whatever func will do with its frame: no FP test is needed to
 * trust it (the kernel's arch/x86/kernel/ftrace.c, ftrace_graph_func(),
 * since v5.16).
 */
__event_path void ftrace_graph_func(unsigned long ip, unsigned long parent_ip,
				    struct ftrace_ops *op,
				    struct ftrace_regs *fregs)
{
	/* the graph tracer's common call in assembly (fgraph_lane.S) */
	fgraph_lane_enter((unsigned long *)ftrace_regs_get_stack_pointer(fregs),
			  ip, 0);
}
#endif

#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * Two site shapes, told apart by the site's first byte (site_pic6()):
 *
 *  CALL5 (-fno-pie, the design document's)
 *	as linked		disabled		enabled
 *	e8 <rel32>		0f 1f 44 00 00		e8 <rel32>
 *	call mcount		nopl 0x0(%rax,%rax,1)	call ftrace_caller
 *
 *  PIC6 (-fPIC/-fPIE: a shared library's code, a PIE's, or a PIC object
 *  in the program)
 *	ff 15 <disp32>		66 0f 1f 44 00 00	67 e8 <rel32>
 *	call *mcount@GOTPCREL(%rip)			addr32 call
 *	(or 67 e8 <rel32>: ld made the call direct when mcount was in the
 *	same link)
 *
 * Each form is one instruction, so a thread is before or after it, never
 * inside.  A PIC6 call keeps the site's length with the 0x67 prefix, as
 * ld does: it returns to the same address, and ftrace_caller's
 * "return address - MCOUNT_INSN_SIZE" is one byte into the site, which
 * ftrace_location() accepts.
 *
 * A library is mapped far from the program (more than rel32's +-2 GB):
 * its enabled sites call the library's module PLT (module_plt.S), which
 * jumps on to ftrace_caller, as the kernel's arm64 modules do.
 */
static const unsigned char ftrace_nop[MCOUNT_INSN_SIZE] = {
	0x0f, 0x1f, 0x44, 0x00, 0x00
};
static const unsigned char ftrace_nop6[X86_PIC_SITE_SIZE] = {
	0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00
};
#define ADDR32_PREFIX	0x67

static int ftrace_call_replace(unsigned char *insn, unsigned long ip,
			       unsigned long addr)
{
	long rel = (long)(addr - (ip + MCOUNT_INSN_SIZE));

	if (rel != (int)rel)		/* beyond +-2 GB: no rel32 reaches */
		return -ERANGE;
	insn[0] = 0xe8;
	memcpy(insn + 1, &(int){ (int)rel }, 4);
	return 0;
}

/*
 * Is rec's site one of the 6-byte forms?  Its first byte says, whichever
 * form it has now: 66 (the NOP), 67 (the call) or ff (the call through
 * the GOT, before the first conversion); the 5-byte forms start with 0f,
 * e8, or the ftraced design's eb.  So the record keeps no shape of its
 * own (the kernel's x86 keeps nothing in struct dyn_arch_ftrace either),
 * and chapter 8's start-up need not read a site (FTRACE_SITES_READY).
 * The caller has made sure the site is code (kernel_text_address()).
 */
static int site_pic6(const struct dyn_ftrace *rec)
{
	unsigned char first = *(const unsigned char *)rec->ip;

	return first == 0x66 || first == ADDR32_PREFIX || first == 0xff;
}

static unsigned int site_len(const struct dyn_ftrace *rec)
{
	return site_pic6(rec) ? X86_PIC_SITE_SIZE : MCOUNT_INSN_SIZE;
}

/*
 * The enabled form of rec's site, calling addr, or the module PLT when
 * addr is out of reach; its length is site_len().
 */
static int ftrace_site_call(unsigned char *insn, const struct dyn_ftrace *rec,
			    unsigned long addr)
{
	unsigned char *call = insn;
	unsigned long end = rec->ip;
	int ret;

	if (site_pic6(rec)) {
		*call++ = ADDR32_PREFIX;
		end++;
	}
	ret = ftrace_call_replace(call, end, addr);
	if (ret == -ERANGE && addr == FTRACE_ADDR) {
		/*
		 * a library's site: its module PLT, found by the site's
		 * address, as the kernel's arm64 finds a module's
		 * (__module_text_address() in ftrace_make_call())
		 */
		struct module *mod = ftrace_module_of(rec->ip);

		if (mod && mod->ftrace_plt)
			ret = ftrace_call_replace(call, end, mod->ftrace_plt);
	}
	return ret;
}

int ftrace_dyn_arch_init(void)
{
	return 0;
}

/*
 * Calls of mcount left in [start, end) after the start-up conversion: an
 * e8 byte followed by the rel32 that lands on mcount from there.  Any
 * byte may start an instruction; a false match would need those exact
 * five bytes inside another instruction.
 */
unsigned long ftrace_mcount_calls(unsigned long start, unsigned long end)
{
	const unsigned char *p = (const unsigned char *)start;
	const unsigned char *last = (const unsigned char *)end -
				    MCOUNT_INSN_SIZE;
	unsigned char insn[MCOUNT_INSN_SIZE];
	unsigned long n = 0;

	while (p <= last && (p = memchr(p, 0xe8, last - p + 1))) {
		if (!ftrace_call_replace(insn, (unsigned long)p, MCOUNT_ADDR) &&
		    !memcmp(p, insn, MCOUNT_INSN_SIZE))
			n++;
		p++;
	}
	return n;
}

/*
 * The ftraced design's other disabled form (FTRACE_FL_JMP): "jmp .+5",
 * eb 03, over the first two bytes, the last three left as they were and
 * jumped over.  Those three bytes are whatever the call there held.
 */
static void ftrace_jmp_over(unsigned char *insn, unsigned long ip)
{
	memcpy(insn + 2, (const unsigned char *)ip + 2, MCOUNT_INSN_SIZE - 2);
	insn[0] = 0xeb;
	insn[1] = MCOUNT_INSN_SIZE - 2;
}

static void ftrace_disabled_insn(unsigned char *insn,
				 const struct dyn_ftrace *rec)
{
	if (site_pic6(rec))
		memcpy(insn, ftrace_nop6, X86_PIC_SITE_SIZE);
	else if (rec->flags & FTRACE_FL_JMP)
		ftrace_jmp_over(insn, rec->ip);
	else
		memcpy(insn, ftrace_nop, MCOUNT_INSN_SIZE);
}

/*
 * The first conversion reads the site's shape into old (what
 * ftrace_modify_code() then verifies).  A PIC site through the GOT is
 * checked by its GOT slot too: the slot must lie in the object the site
 * is in (dladdr(), before it is read) and hold mcount's address (the
 * loader bound it to the program's, which exports it); otherwise the
 * code calls another mcount and is not the kit's to patch.
 */
static int ftrace_read_site(struct module *mod, struct dyn_ftrace *rec,
			    unsigned char *old)
{
	const unsigned char *p = (const unsigned char *)rec->ip;
	Dl_info site, got;
	int disp;

	if (!kernel_text_address(rec->ip, X86_PIC_SITE_SIZE))
		return -EFAULT;
	if (p[0] == 0xff && p[1] == 0x15) {
		const unsigned long *slot;

		memcpy(&disp, p + 2, 4);
		slot = (const unsigned long *)(rec->ip + X86_PIC_SITE_SIZE +
					       disp);
		memcpy(old, p, X86_PIC_SITE_SIZE);
		if (!dladdr(p, &site) || !dladdr(slot, &got) ||
		    site.dli_fbase != got.dli_fbase || *slot != MCOUNT_ADDR)
			return -EINVAL;
		return 0;
	}
	if (p[0] == ADDR32_PREFIX && p[1] == 0xe8) {
		old[0] = ADDR32_PREFIX;
		return ftrace_call_replace(old + 1, rec->ip + 1, MCOUNT_ADDR);
	}
	return ftrace_call_replace(old, rec->ip, MCOUNT_ADDR);
}

int ftrace_make_nop(struct module *mod, struct dyn_ftrace *rec,
		    unsigned long addr)
{
	unsigned char old[X86_PIC_SITE_SIZE], new[X86_PIC_SITE_SIZE];
	int ret;

	if (addr == MCOUNT_ADDR)
		ret = ftrace_read_site(mod, rec, old);
	else if (!kernel_text_address(rec->ip, MCOUNT_INSN_SIZE))
		ret = -EFAULT;
	else
		ret = ftrace_site_call(old, rec, addr);
	if (ret)
		return ret;
	ftrace_disabled_insn(new, rec);
	return ftrace_modify_code(rec->ip, old, new, site_len(rec));
}

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
/*
 * Chapter 8, a library's first look (the program's start-up has none,
 * FTRACE_SITES_READY): a site recordmcount --nop wrote as a NOP (5 bytes,
 * or 6 for position-independent code's call through the GOT) is left as
 * it is.  A call of __fentry__ still there (an object recorded without
 * --nop) is converted as at chapter 4.
 */
int ftrace_init_nop(struct module *mod, struct dyn_ftrace *rec)
{
	const unsigned char *p = (const unsigned char *)rec->ip;

	if (!kernel_text_address(rec->ip, X86_PIC_SITE_SIZE))
		return -EFAULT;
	if (memcmp(p, ftrace_nop, MCOUNT_INSN_SIZE) &&
	    memcmp(p, ftrace_nop6, X86_PIC_SITE_SIZE))
		return ftrace_make_nop(mod, rec, MCOUNT_ADDR);
	return 0;
}
#endif

int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr)
{
	unsigned char old[X86_PIC_SITE_SIZE], new[X86_PIC_SITE_SIZE];
	int ret;

	if (!kernel_text_address(rec->ip, MCOUNT_INSN_SIZE))
		return -EFAULT;
	ret = ftrace_site_call(new, rec, addr);
	if (ret)
		return ret;
	ftrace_disabled_insn(old, rec);
	return ftrace_modify_code(rec->ip, old, new, site_len(rec));
}

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
/*
 * Chapter 8: an enabled site's call changes target in place, one
 * instruction to another of the same length (the kernel's
 * ftrace_modify_call(), arch/x86/kernel/ftrace.c).
 */
int ftrace_modify_call(struct dyn_ftrace *rec, unsigned long old_addr,
		       unsigned long addr)
{
	unsigned char old[X86_PIC_SITE_SIZE], new[X86_PIC_SITE_SIZE];
	int ret;

	if (!kernel_text_address(rec->ip, MCOUNT_INSN_SIZE))
		return -EFAULT;
	ret = ftrace_site_call(old, rec, old_addr);
	if (!ret)
		ret = ftrace_site_call(new, rec, addr);
	if (!ret)
		ret = ftrace_modify_code(rec->ip, old, new, site_len(rec));
	return ret;
}

/*
 * An ops' own trampoline: a copy of fentry.S's ftrace_ops_caller with the
 * ops written into its last word (the kernel's create_trampoline(), since
 * v3.17).  It must be within a rel32 of the program's sites: the kit maps
 * it just below the program's first page, where nothing grows (the heap
 * grows up from the program's end, the stack down from far above), and
 * a library's sites, beyond reach, keep calling ftrace_caller.
 *
 * The live copies are known to the stack walk (stacktrace.c), which
 * otherwise stops at a return address outside the program's code; a
 * fixed number of them keeps that lookup short and the memory bounded:
 * an ops that finds them all taken gets none, and is served by
 * ftrace_caller through the list.
 */
extern const char ftrace_ops_caller[], ftrace_ops_caller_call[],
		  ftrace_ops_caller_op[], ftrace_ops_caller_end[];
#define NR_TRAMPOLINES	64
#define TRAMP_WINDOW	(1UL << 30)	/* how far below the program */
static unsigned long trampolines[NR_TRAMPOLINES];

__event_path int ftrace_trampoline_ret(unsigned long ret)
{
	unsigned long size = ftrace_ops_caller_end - ftrace_ops_caller;
	int i;

	for (i = 0; i < NR_TRAMPOLINES; i++) {
		unsigned long t = __atomic_load_n(&trampolines[i],
						  __ATOMIC_RELAXED);

		if (t && ret - t < size)
			return 1;
	}
	return 0;
}

/*
 * A page below the program, within rel32 of all of it.  (Its start from
 * the linker, not dladdr(): that takes the loader's lock, which a thread
 * in dlclose() holds while it waits for ftrace_lock.)
 */
static void *tramp_map(size_t page)
{
	extern const char __executable_start[];
	unsigned long base = (unsigned long)__executable_start & ~(page - 1);
	unsigned long hint;

	for (hint = base - page; hint + TRAMP_WINDOW > base &&
	     hint >= 0x100000 && hint < base; hint -= 64 * page) {
		void *p = mmap((void *)hint, page, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS |
			       MAP_FIXED_NOREPLACE, -1, 0);

		if (p == (void *)hint)
			return p;
		if (p != MAP_FAILED)	/* a kernel older than v4.17 */
			munmap(p, page);
	}
	return NULL;
}

void arch_ftrace_update_trampoline(struct ftrace_ops *ops)
{
	size_t page = sysconf(_SC_PAGESIZE);
	unsigned long call = ftrace_ops_caller_call - ftrace_ops_caller;
	unsigned char *p;
	int i;

	for (i = 0; i < NR_TRAMPOLINES && trampolines[i]; i++)
		;
	if (i == NR_TRAMPOLINES || !(p = tramp_map(page)))
		return;
	memcpy(p, ftrace_ops_caller, ftrace_ops_caller_end - ftrace_ops_caller);
	memcpy(p + (ftrace_ops_caller_op - ftrace_ops_caller), &ops,
	       sizeof(ops));
	if (ftrace_call_replace(p + call, (unsigned long)p + call,
				(unsigned long)ops->func)) {
		munmap(p, page);
		return;
	}
	/* written, then executable: no thread has seen the page yet */
	if (mprotect(p, page, PROT_READ | PROT_EXEC)) {
		munmap(p, page);
		return;
	}
	__atomic_store_n(&trampolines[i], (unsigned long)p, __ATOMIC_RELEASE);
	ops->trampoline = (unsigned long)p;
	ops->trampoline_size = page;
}

void arch_ftrace_trampoline_free(unsigned long start, unsigned long size)
{
	int i;

	for (i = 0; i < NR_TRAMPOLINES; i++)
		if (trampolines[i] == start)
			__atomic_store_n(&trampolines[i], 0, __ATOMIC_RELEASE);
	munmap((void *)start, size);
}
#endif

/* ftrace_call: "call <what it calls now>" becomes "call func" */
int ftrace_update_ftrace_func(ftrace_func_t func)
{
	unsigned long ip = (unsigned long)ftrace_call;
	unsigned char old[MCOUNT_INSN_SIZE], new[MCOUNT_INSN_SIZE];
	int ret;

	ret = ftrace_call_replace(old, ip, (unsigned long)ftrace_call_func());
	if (!ret)
		ret = ftrace_call_replace(new, ip, (unsigned long)func);
	if (!ret)
		ret = ftrace_modify_code(ip, old, new, MCOUNT_INSN_SIZE);
	return ret;
}
#endif /* CONFIG_DYNAMIC_FTRACE */

#if defined(CONFIG_DYNAMIC_FTRACE) && defined(CONFIG_FUNCTION_GRAPH_TRACER) && \
	!defined(CONFIG_DYNAMIC_FTRACE_WITH_ARGS)
/*
 * Chapter 5.  ftrace_graph_call (mcount.S) is the same 5-byte NOP as a
 * disabled site, and "jmp rel32" (e9 + 4 bytes) to ftrace_graph_caller
 * while the graph tracer is on: a jump, not a call, because
 * ftrace_graph_caller finishes ftrace_caller's frame and returns into the
 * traced function itself.  rel32 is counted as for the call, so
 * ftrace_call_replace() builds it and only the opcode differs.
 */
static int ftrace_graph_jmp(unsigned char *insn)
{
	unsigned long ip = (unsigned long)ftrace_graph_call;
	int ret;

	ret = ftrace_call_replace(insn, ip, (unsigned long)ftrace_graph_caller);
	insn[0] = 0xe9;
	return ret;
}

int ftrace_enable_ftrace_graph_caller(void)
{
	unsigned char jmp[MCOUNT_INSN_SIZE];
	int ret = ftrace_graph_jmp(jmp);

	if (ret)
		return ret;
	return ftrace_modify_code((unsigned long)ftrace_graph_call, ftrace_nop,
				  jmp, MCOUNT_INSN_SIZE);
}

int ftrace_disable_ftrace_graph_caller(void)
{
	unsigned char jmp[MCOUNT_INSN_SIZE];
	int ret = ftrace_graph_jmp(jmp);

	if (ret)
		return ret;
	return ftrace_modify_code((unsigned long)ftrace_graph_call, jmp,
				  ftrace_nop, MCOUNT_INSN_SIZE);
}
#endif
