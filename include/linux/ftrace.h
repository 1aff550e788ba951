/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The interface between the arch code (mcount and friends) and the generic
 * function tracing core: chapter 1 of docs/, "HAVE_FUNCTION_TRACER", and
 * what chapters 2, 4 and 5 add to it.
 *
 * A later chapter's hooks that an earlier one calls are declared here once,
 * with a static inline stub for the stages that do not have that chapter,
 * as the kernel's header does for CONFIG_DYNAMIC_FTRACE: the caller's .c
 * file calls them unconditionally.
 */
#ifndef _LINUX_FTRACE_H
#define _LINUX_FTRACE_H

#include <asm/ftrace.h>

/*
 * The pointer the arch's chapter 1 mcount calls through.  In the ftraced
 * design (chapter 4's 2008 history: CONFIG_DYNAMIC_FTRACE without
 * CONFIG_FTRACE_MCOUNT_RECORD) that mcount is what a site calls until the
 * daemon patched it, and it calls ftrace_record_ip() through a pointer of
 * its own (stage3-dynamic/ftraced.c).
 */
#if defined(CONFIG_DYNAMIC_FTRACE) && !defined(CONFIG_FTRACE_MCOUNT_RECORD)
#define MCOUNT_TRACE_FUNCTION	ftrace_mcount_function
#else
#define MCOUNT_TRACE_FUNCTION	ftrace_trace_function
#endif

#ifndef __ASSEMBLY__
#include <errno.h>
#include <stddef.h>

struct fgraph_ops;

/*
 * Code built with -fpatchable-function-entry (chapter 8, the arch's
 * ENTRY_CFLAGS say -DCC_USING_PATCHABLE_FUNCTION_ENTRY, as the kernel's
 * Makefiles do) has its sites taken away by a zero count, not by
 * no_instrument_function (the kernel's include/linux/compiler_types.h).
 */
#if defined(CONFIG_DYNAMIC_FTRACE_WITH_ARGS) && \
	defined(CC_USING_PATCHABLE_FUNCTION_ENTRY)
#define notrace __attribute__((patchable_function_entry(0, 0)))
#else
#define notrace __attribute__((no_instrument_function))
#endif

/* A function symbol's value -> its address (ARM: drop the Thumb bit). */
#ifndef ftrace_sym_addr
#define ftrace_sym_addr(v)	((unsigned long)(v))
#endif

struct ftrace_ops;
struct ftrace_ops_hash;
/* What mcount saved of the traced function's registers: asm/ftrace.h. */
struct ftrace_regs;

/*
 * The tracer's callback, called by mcount (stage 1) or ftrace_caller
 * (stage 3) on entry to every traced function:
 *   ip         the call site inside the traced function (the design
 *              document's selfpc; rec->ip at stage 3)
 *   parent_ip  where the traced function returns to, in its caller
 *              (frompc)
 *   op         the ftrace_ops this callback belongs to: one function may
 *              serve several ops and find its own state in op->private
 *   fregs      the traced function's argument registers as mcount saved
 *              them (ftrace_regs_get_argument(), asm/ftrace.h)
 * The design document's sample mcount passes (frompc, selfpc), the other
 * way round; the kernel has always passed the traced function first.
 */
typedef void (*ftrace_func_t)(unsigned long ip, unsigned long parent_ip,
			      struct ftrace_ops *op,
			      struct ftrace_regs *fregs);

struct ftrace_ops {
	ftrace_func_t		func;
	struct ftrace_ops	*next;
	unsigned long		flags;
	void			*private;	/* the owner's, untouched */
	/* chapter 4: which functions it wants (NULL: see FTRACE_OPS_FL_GLOBAL) */
	struct ftrace_ops_hash	*func_hash;
	/*
	 * Chapter 8: the arch's copy of the trampoline that calls this ops
	 * alone (x86_64, arch_ftrace_update_trampoline()), 0 for none; and
	 * where a direct ops sends its functions (register_ftrace_direct())
	 */
	unsigned long		trampoline;
	unsigned long		trampoline_size;
	unsigned long		direct_call;
	/*
	 * Chapter 8: an ops that manages others (FTRACE_OPS_FL_SUBOPS, the
	 * kernel's subops since v6.11) wants what any of subop_list wants,
	 * linked through next_subop; ftrace_lock held to change them
	 */
	struct ftrace_ops	*subop_list, *next_subop;
};

/* The callback calls code that may itself be traced: guard it. */
#define FTRACE_OPS_FL_RECURSION	0x1
/*
 * Chapter 4: the ops follows the set_ftrace_filter and set_ftrace_notrace
 * files (the function tracer does); without it and without a func_hash of
 * its own, an ops wants every function.
 */
#define FTRACE_OPS_FL_GLOBAL	0x2
/*
 * Chapter 5: the graph tracer's ops.  It calls nothing itself: what it
 * buys is its sites, and while it is registered ftrace_graph_call jumps
 * to ftrace_graph_caller (the kernel's FTRACE_OPS_GRAPH_STUB).
 */
#define FTRACE_OPS_FL_GRAPH	0x4
/*
 * Chapter 8.  The callback may change where the traced function goes on
 * (ftrace_regs_set_instruction_pointer(): livepatch's redirect): one such
 * ops a function at most, a second is refused with -EBUSY.
 */
#define FTRACE_OPS_FL_IPMODIFY	0x8
/*
 * The callback wants every register of the traced function (the
 * kernel's pt_regs): the kit's trampolines save struct ftrace_regs only,
 * as the kernel's arm64 has since v6.2, so such an ops is refused with
 * -EINVAL, unless it takes what there is (..._IF_SUPPORTED).
 */
#define FTRACE_OPS_FL_SAVE_REGS	0x10
#define FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED	0x20
/* a direct ops (register_ftrace_direct()): its functions go to direct_call */
#define FTRACE_OPS_FL_DIRECT	0x40
/* its func_hash is the kit's, made by its first ftrace_set_filter() */
#define FTRACE_OPS_FL_KIT_HASH	0x80
/* its filter is its subops' together (the graph users' ops, chapter 8) */
#define FTRACE_OPS_FL_SUBOPS	0x100

/* Never called through the pointer: mcount compares against it. */
void ftrace_stub(unsigned long ip, unsigned long parent_ip,
		 struct ftrace_ops *op, struct ftrace_regs *fregs);
/*
 * What mcount calls when it is not ftrace_stub, and the op it passes:
 * read by the asm (stage 1), and by ftrace_caller (op only, stage 3).
 */
extern ftrace_func_t ftrace_trace_function;
extern struct ftrace_ops *function_trace_op;
/*
 * The ops whose callback walks the list of every registered ops (the
 * kernel's ftrace_list_ops), for the arches whose sites name the ops
 * they call (chapter 8, CALL_OPS): a site several ops want names it.
 * Its calls are counted (ftrace_list_func_calls(), the stats).
 */
extern struct ftrace_ops ftrace_list_ops;
unsigned long ftrace_list_func_calls(void);

int register_ftrace_function(struct ftrace_ops *ops);
int unregister_ftrace_function(struct ftrace_ops *ops);

/*
 * The ops list and its lock (stage1-static/ftrace.c), for the chapters
 * that change what the registered ops want (stage 3's filter files):
 * ftrace_update_locked() makes the code agree again; ftrace_lock held.
 */
void ftrace_lock(void);
void ftrace_unlock(void);
struct ftrace_ops *ftrace_ops_list_head(void);
int ftrace_update_locked(void);
/*
 * ftrace_lock held: is ops registered; does it share a function with
 * another registered ops of a kind two of which a function cannot have
 * (FTRACE_OPS_FL_IPMODIFY, FTRACE_OPS_FL_DIRECT)
 */
int ftrace_ops_registered(struct ftrace_ops *ops);
int ftrace_ops_conflicts(struct ftrace_ops *ops);

/*
 * Every thread running when it is called has executed a full memory
 * barrier by the time it returns (stage1-static/ftrace.c): what the
 * caller stored before is seen by their later loads, and what they
 * stored before is seen by the caller's.  Not from the event path.
 */
void ftrace_sync(void);

/*
 * Chapter 8 (stage5-entry/ftrace_tramp.c), ftrace_lock held: an ops being
 * registered gets its own trampoline where the arch makes them
 * (arch_ftrace_update_trampoline(), asm/ftrace.h), and gives it up once
 * unregistered, to be freed when no thread can be inside it.
 */
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
void ftrace_trampoline_attach(struct ftrace_ops *ops);
void ftrace_trampoline_detach(struct ftrace_ops *ops);
unsigned long ftrace_trampolines_retired(void);
#ifndef arch_ftrace_update_trampoline
static inline void arch_ftrace_update_trampoline(struct ftrace_ops *ops)
{
}

static inline void arch_ftrace_trampoline_free(unsigned long start,
					       unsigned long size)
{
}
#endif
#else
static inline void ftrace_trampoline_attach(struct ftrace_ops *ops)
{
}

static inline void ftrace_trampoline_detach(struct ftrace_ops *ops)
{
}

static inline unsigned long ftrace_trampolines_retired(void)
{
	return 0;
}
#endif

/* Calls the recursion guard dropped (FTRACE_OPS_FL_RECURSION). */
extern unsigned long ftrace_recursion_missed;

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Chapter 2, HAVE_FUNCTION_GRAPH_TRACER.  What the arch calls and provides:
 *
 * mcount -> ftrace_graph_caller -> prepare_ftrace_return(parent, selfpc,
 * frame_pointer), arch C code, which finds the slot the traced function
 * will really return through and calls function_graph_enter(); if that
 * accepts the call, the slot is rewritten to return_to_handler (asm).
 * return_to_handler saves the return registers, calls
 * ftrace_return_to_handler(sp, frame_pointer) for the original return
 * address, restores them and jumps there.
 *
 * sp identifies the frame: the stack pointer the function returns with,
 * i.e. its caller's sp at the call (x86_64: the return slot + 8), which the
 * arch computes at entry and return_to_handler has on arrival.  The return
 * stack also compares it (on one stack) to recognise frames that a
 * longjmp() skipped.
 *
 * frame_pointer (HAVE_FUNCTION_GRAPH_FP_TEST) is the CALLER's frame as the
 * arch can see it both at entry and at return (x86_64: the caller's %rbp,
 * which the function saved in its prologue and restores before returning).
 * It is only compared for equality, for the entry sp picked; an arch
 * without the test passes 0.
 */

/*
 * How many nested traced calls one thread can have hijacked at once (the
 * kernel used 50).  Deeper calls run normally, untraced, and are counted
 * as overruns.
 */
#define FTRACE_RETFUNC_DEPTH	128

struct ftrace_graph_ent {
	unsigned long	func;		/* selfpc */
	int		depth;
	/* kit extension: the entry time already read for the return stack,
	 * so a tracer needs no second clock read (~10 ns each) */
	unsigned long long calltime;
	unsigned int	cpu;
};

struct ftrace_graph_ret {
	unsigned long	func;
	/* chapter 8 (CONFIG_FUNCTION_GRAPH_RETVAL): the return-value
	 * register, if has_retval (kit extension: 0 without the config, and
	 * for a frame that never returned, left by longjmp) */
	unsigned long	retval;
	int		has_retval;
	int		depth;
	/* calls of this thread too deep for the return stack, so far */
	unsigned long	overrun;
	unsigned long long calltime;
	unsigned long long rettime;
	unsigned int	cpu;		/* kit extension, read with rettime */
};

typedef int (*trace_func_graph_ent_t)(struct ftrace_graph_ent *,
				      struct fgraph_ops *);
typedef void (*trace_func_graph_ret_t)(struct ftrace_graph_ret *,
				       struct fgraph_ops *);

/*
 * Kit extension: a user's own fast path, the whole of an entry and of a
 * return in one function each, with function_graph_enter()'s and
 * ftrace_return_to_handler()'s arguments.  Taken while the user is alone
 * (stage2-graph/fgraph_ops.c); it does the common case with the return
 * stack's inline helpers (stage2-graph/fgraph.h) and hands every other
 * call to __function_graph_enter() or __ftrace_return_to_handler(), which
 * call entryfunc and retfunc as usual.  The function_graph tracer has one
 * (trace_functions_graph.c); NULL for the rest.
 */
typedef int (*fgraph_fast_entry_t)(unsigned long ret, unsigned long func,
				   unsigned long frame_pointer,
				   unsigned long *retp, unsigned long sp);
typedef unsigned long (*fgraph_fast_return_t)(unsigned long sp,
					      unsigned long frame_pointer,
					      unsigned long retval);

/*
 * A user of the return stack (the kernel's struct fgraph_ops, since
 * v6.11; stage2-graph/fgraph_ops.c).  Up to FGRAPH_ARRAY_SIZE of them at
 * once, each with its own callbacks and filter (ops: its func_hash, or
 * FTRACE_OPS_FL_GLOBAL for the filter files); a call is hijacked once
 * for all of them, and each frame says which users took it, so each
 * return reaches just those.  The function_graph tracer and the profiler
 * are two users (trace_functions_graph.c, extras/fgraph_profile.c).  An
 * entryfunc returns nonzero to take the call.
 */
struct fgraph_ops {
	trace_func_graph_ent_t	entryfunc;
	trace_func_graph_ret_t	retfunc;
	/*
	 * the kit's, set at registration; here, at offsets no
	 * configuration moves, for an arch's lane (linux/fgraph_lane.h)
	 */
	int			idx;	/* its bit in each frame */
	int			test;	/* its entries ask its filter */
	unsigned char		gen;	/* which user of idx it is */
	struct ftrace_ops	ops;	/* its filter; chapter 8: its sites */
	void			*private;	/* the owner's */
	fgraph_fast_entry_t	fast_entry;	/* the kit's: see above */
	fgraph_fast_return_t	fast_return;
};

#define FGRAPH_ARRAY_SIZE	16

/*
 * The graph callbacks of the frame being entered or returning: room for
 * the user's own data in that frame, taken at entry (fgraph_reserve_data()
 * from entryfunc: NULL when the frame's FGRAPH_FRAME_WORDS are used up)
 * and found again at its return (fgraph_retrieve_data() from retfunc;
 * ..._parent_data(), depth frames below: a caller's, whoever took it).
 * Sizes in bytes, at most FGRAPH_MAX_DATA_SIZE, as in the kernel.
 */
#define FGRAPH_MAX_DATA_SIZE	(4 * sizeof(long))
void *fgraph_reserve_data(int idx, int size_bytes);
void *fgraph_retrieve_data(int idx, int *size_bytes);
void *fgraph_retrieve_parent_data(int idx, int *size_bytes, int depth);

/*
 * What the hooks call (mcount compares these with ftrace_graph_entry_stub
 * and ftrace_stub): the users, through fgraph_ops.c, or the stubs.
 */
typedef int (*fgraph_entry_t)(struct ftrace_graph_ent *);
typedef void (*fgraph_return_t)(struct ftrace_graph_ret *);
extern fgraph_entry_t ftrace_graph_entry;
extern fgraph_return_t ftrace_graph_return;
int ftrace_graph_entry_stub(struct ftrace_graph_ent *trace);

/*
 * 0, -EBUSY (registered already, or FGRAPH_ARRAY_SIZE users), or
 * -errno when the code could not be changed.  Unregistering: 0, or
 * -errno when the code could not be changed (still registered).
 */
int register_ftrace_graph(struct fgraph_ops *gops);
int unregister_ftrace_graph(struct fgraph_ops *gops);

/* arch: mcount.S and ftrace.c */
void ftrace_graph_caller(void);
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
/*
 * Chapter 8: the graph tracer's ops callback (stage5-entry/), arch code:
 * it hooks the return through fregs, the traced function's return address
 * being the word at ftrace_regs_get_stack_pointer().
 */
void ftrace_graph_func(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs);
#endif
void return_to_handler(void);
void prepare_ftrace_return(unsigned long *parent, unsigned long selfpc,
			   unsigned long frame_pointer);

/* generic, for the arch */
int function_graph_enter(unsigned long ret, unsigned long func,
			 unsigned long frame_pointer, unsigned long *retp,
			 unsigned long sp);
/*
 * retval: chapter 8, CONFIG_FUNCTION_GRAPH_RETVAL (the arch's
 * HAVE_FUNCTION_GRAPH_RETVAL): return_to_handler also passes the
 * function's return-value register, for funcgraph-retval (the kernel
 * since v6.5).  Elsewhere the arch passes two arguments and the third is
 * never read.
 */
unsigned long ftrace_return_to_handler(unsigned long sp,
				       unsigned long frame_pointer,
				       unsigned long retval);
/*
 * prepare_ftrace_return() cannot find func's return slot (code it cannot
 * read): func runs unhijacked, and the first such function of each kind
 * (*said, the caller's own flag) is named on stderr at exit, followed by
 * why.  Safe anywhere: it only records.
 */
void ftrace_graph_not_hooked(int *said, unsigned long func, const char *why);
/*
 * HAVE_FUNCTION_GRAPH_RET_ADDR_PTR: an unwinder that read ret from the
 * stack slot retp gets back the address the function will really return
 * to.  idx is the kernel's cursor for one walk (start it at 0): only an
 * arch without HAVE_FUNCTION_GRAPH_RET_ADDR_PTR needs it, and then the
 * n-th hijacked slot of a walk is taken to be the n-th newest entry.
 */
unsigned long ftrace_graph_ret_addr(int *idx, unsigned long ret,
				    unsigned long *retp);
/*
 * The slot where a hijacked frame keeps its return address now, for the
 * generic code that puts the real address back (a coroutine switch,
 * stage2-graph/fgraph.c; backtrace(), fgraph_unwind.c): retp itself, as
 * prepare_ftrace_return() found it.  An arch that hooks the return before
 * the function saved it anywhere (chapter 8: in a register, at the entry)
 * gives function_graph_enter() the frame's identity as retp instead, and
 * its own version (asm/ftrace.h defines ftrace_graph_ret_slot) finds
 * where the function with that entry sp has saved it since; NULL if it
 * cannot.  The caller writes only a slot that holds return_to_handler.
 */
#ifndef ftrace_graph_ret_slot
static inline unsigned long *ftrace_graph_ret_slot(unsigned long *retp,
						   unsigned long sp)
{
	return retp;
}
#endif
/*
 * For the unwinders' personality routine (stage2-graph/fgraph_unwind.c,
 * or the arch's own when it defines HAVE_ARCH_GRAPH_PERSONALITY): the
 * real return address of the hijacked frame that returns with sp, or 0.
 * drop: a forced unwind leaves the frame for good (pthread_exit).
 */
unsigned long fgraph_unwind_frame(unsigned long sp, int drop);
/* The calls too deep for the return stack, all threads (the stats file). */
unsigned long ftrace_graph_overruns(void);
unsigned long ftrace_graph_skipped_frames(void);
/*
 * For swapcontext() (stage1-static/signal_mask.c): the frames of the
 * context being left, moved out of the thread's return stack into save
 * (ftrace_graph_ctx_size() bytes) with the depth they nest at; back in
 * when the context runs again (stage2-graph/fgraph_context.c).
 */
size_t ftrace_graph_ctx_size(void);
int ftrace_graph_ctx_save(void *save, int *depth);
void ftrace_graph_ctx_restore(const void *save, int n, int depth);
/*
 * No return is hijacked from now on, whoever registers (the kernel's
 * ftrace_graph_stop()): for a thread whose return stack another thread
 * may share (stage1-static/clone_vm.c).  Returns hijacked already come
 * back as usual.
 */
void ftrace_graph_stop(void);
/*
 * A thread the program starts, before its start routine
 * (stage1-static/thread_start.c): it finds its stack (fgraph_stack.c).
 */
void fgraph_thread_start(void);
#else
static inline unsigned long ftrace_graph_ret_addr(int *idx, unsigned long ret,
						  unsigned long *retp)
{
	return ret;
}

static inline size_t ftrace_graph_ctx_size(void)
{
	return 0;
}

static inline int ftrace_graph_ctx_save(void *save, int *depth)
{
	return 0;
}

static inline void ftrace_graph_ctx_restore(const void *save, int n,
					    int depth)
{
}

static inline void ftrace_graph_stop(void)
{
}

static inline void fgraph_thread_start(void)
{
}
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * Chapter 4, HAVE_DYNAMIC_FTRACE.  Every call site recorded in the
 * __mcount_loc table (chapter 3) gets one dyn_ftrace record; the generic
 * code (stage3-dynamic/) decides what each site must be, the arch hooks
 * below turn one site into a NOP or into a call of ftrace_caller.
 */
struct dyn_ftrace {
	unsigned long		ip;	/* rec->ip: the site to patch */
	unsigned long		flags;	/* FTRACE_FL_* */
	struct dyn_arch_ftrace	arch;	/* whatever the arch needs more */
};

/* rec->flags: the site calls ftrace_caller now */
#define FTRACE_FL_ENABLED	0x1UL
/*
 * rec->flags, the ftraced design: while disabled, the site is a jump over
 * the rest of the site rather than a NOP (the ftraced_nop setting)
 */
#define FTRACE_FL_JMP		0x8UL
/* rec->flags: CALL_OPS, the site's literal was written (ftrace_rec_set_ops()) */
#define FTRACE_FL_ARCH		0x10UL
/*
 * The jump form was x86's answer to "which 5-byte NOP is safe on every
 * CPU"; an arch that has it says so in asm/ftrace.h.  On the others a
 * disabled site is the arch's one NOP form.
 */
#ifndef ARCH_SUPPORTS_FTRACE_JMP
#define ARCH_SUPPORTS_FTRACE_JMP	0
#endif

/*
 * A set of functions, by rec->ip, sorted.  ops->func_hash holds the two an
 * ftrace_ops filters with (the kernel's filter_hash and notrace_hash);
 * NULL means every function, or the global files set_ftrace_filter and
 * set_ftrace_notrace for an ops with FTRACE_OPS_FL_GLOBAL.
 * An empty or NULL filter_hash selects every function.
 */
struct ftrace_hash {
	size_t		count;
	unsigned long	*ips;
};

struct ftrace_ops_hash {
	struct ftrace_hash	*filter_hash;
	struct ftrace_hash	*notrace_hash;
};

/* arch: ftrace.c and mcount.S */
int ftrace_dyn_arch_init(void);
/*
 * addr: MCOUNT_ADDR for the first conversion of a site (at start-up, or
 * when its library loads), else FTRACE_ADDR.  mod: the library the site
 * is in (linux/module.h) for that first conversion, else NULL, as in the
 * kernel: what the arch needs of it, it keeps in rec->arch.
 */
struct module;
int ftrace_make_nop(struct module *mod, struct dyn_ftrace *rec,
		    unsigned long addr);
int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr);
/*
 * The first look at a recorded site (at start-up, or when its library
 * loads), mod as for ftrace_make_nop().  Where the compiler made the site
 * a call of MCOUNT_ADDR, that is ftrace_make_nop()'s conversion; chapter
 * 8's sites are NOPs already, and the arch's own version (asm/ftrace.h
 * defines ftrace_init_nop) reads what it needs of them, and writes only
 * what its sites need once (x86 nothing; the kernel's arm64 makes the
 * first NOP "mov x9, x30"): the kernel's ftrace_init_nop(), since v5.5.
 */
#ifndef ftrace_init_nop
static inline int ftrace_init_nop(struct module *mod, struct dyn_ftrace *rec)
{
	return ftrace_make_nop(mod, rec, MCOUNT_ADDR);
}
#endif
/*
 * Chapter 8: an arch whose sites the build made ready, its NOPs and the
 * words they need once already in place (x86's recordmcount --nop,
 * arm64's mov written by recordmcount --entries), defines
 * FTRACE_SITES_READY 1 in asm/ftrace.h: the program's start-up then reads
 * the table and no site, as the kernel's does with CC_USING_NOP_MCOUNT
 * (ftrace_need_init_nop(), kernel/trace/ftrace.c), and the arch reads a
 * site when it first enables it.  A library's sites still get
 * ftrace_init_nop(), which learns what the library's module object
 * gives them.
 */
#ifndef FTRACE_SITES_READY
#define FTRACE_SITES_READY	0
#endif
/* patch the instruction at ftrace_call to call func */
int ftrace_update_ftrace_func(ftrace_func_t func);
/* generic, for the arch: what the instruction at ftrace_call calls now */
ftrace_func_t ftrace_call_func(void);
/* how many instructions in [start, end) call MCOUNT_ADDR */
unsigned long ftrace_mcount_calls(unsigned long start, unsigned long end);
void ftrace_caller(void);
extern char ftrace_call[];
#define FTRACE_ADDR	((unsigned long)ftrace_caller)
/* where a library's module PLT jumps: the arch may choose another entry */
#ifndef FTRACE_PLT_ADDR
#define FTRACE_PLT_ADDR	FTRACE_ADDR
#endif

/*
 * generic, for the arch: every write to code goes through this.  It reads
 * len bytes at ip, compares them with old and only then writes new.
 * 0, -EFAULT (ip is not readable code), -EINVAL (the bytes differ from
 * old; nothing written) or -EPERM (the write failed).
 */
int ftrace_modify_code(unsigned long ip, const void *old, const void *new,
		       size_t len);
/* the same check alone, with no write: 0, -EFAULT or -EINVAL */
int ftrace_verify_code(unsigned long ip, const void *expected, size_t len);
/*
 * Chapter 8: an aligned word in the code that no thread executes but the
 * trampoline loads (CALL_OPS' ops literal), from old to new; a batch
 * writes these first, and every thread sees them before it can run an
 * instruction of the same batch
 */
int ftrace_modify_data(unsigned long ip, unsigned long old,
		       unsigned long new);

/* generic: the report when a site could not be patched; see chapter 4 */
void ftrace_bug(int err, struct dyn_ftrace *rec);

/*
 * generic (stage3-dynamic/), for stage1-static/ftrace.c, under its
 * ftrace_lock: make every site what the ops of list want and ftrace_call
 * call func; whether ops wants the function holding ip; whether a lone
 * ops must still ask that (sites the records do not know reach
 * ftrace_caller, and ops has a filter: see chapter 4).
 */
int ftrace_run_update_code(struct ftrace_ops *list, ftrace_func_t func);
int ftrace_ops_test(struct ftrace_ops *ops, unsigned long ip);
int ftrace_ops_needs_test(struct ftrace_ops *ops);
/* whether a and b want a function in common (ftrace_lock held) */
int ftrace_ops_overlap(struct ftrace_ops *a, struct ftrace_ops *b);
/*
 * An ops' own filters (stage3-dynamic/dyn_filter.c; the kernel's names):
 * buf's globs (len bytes) replace (reset) or add to the functions it
 * wants or leaves out; or the function at ip, added or removed.  0, or
 * -errno with tracefs_last_error() saying why; -EBUSY if the ops would
 * then share a function with another that excludes it.
 */
int ftrace_set_filter(struct ftrace_ops *ops, const char *buf, int len,
		      int reset);
int ftrace_set_notrace(struct ftrace_ops *ops, const char *buf, int len,
		       int reset);
int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip,
			 int remove, int reset);
void ftrace_free_filter(struct ftrace_ops *ops);
/*
 * During an update, for the arch's hooks and chapter 8's targets: the
 * one ops of the list being applied that wants rec, or NULL (none, or
 * several: the kernel's ftrace_find_unique_ops())
 */
struct ftrace_ops *ftrace_find_unique_ops(const struct dyn_ftrace *rec);

/*
 * Chapter 8 (stage 5): the address rec's site is to call, the ops of list
 * wanting it, and in *fallback the one that serves any site, if the
 * first is beyond this one's reach (stage5-entry/ftrace_target.c).
 * Earlier, every site calls FTRACE_ADDR.  An arch whose enabled sites
 * also name the ops they call (CALL_OPS: a word before the function)
 * revisits every enabled site in each update (FTRACE_SITE_NAMES_OPS),
 * with ftrace_modify_call() even when the address stays.
 */
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
unsigned long ftrace_rec_target(struct ftrace_ops *list,
				struct dyn_ftrace *rec,
				unsigned long *fallback);
/* arch: an enabled site's call of old_addr becomes one of addr */
int ftrace_modify_call(struct dyn_ftrace *rec, unsigned long old_addr,
		       unsigned long addr);
#else
static inline unsigned long ftrace_rec_target(struct ftrace_ops *list,
					      struct dyn_ftrace *rec,
					      unsigned long *fallback)
{
	*fallback = FTRACE_ADDR;
	return FTRACE_ADDR;
}

static inline int ftrace_modify_call(struct dyn_ftrace *rec,
				     unsigned long old_addr,
				     unsigned long addr)
{
	return -EINVAL;
}
#endif
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
#define FTRACE_SITE_NAMES_OPS	1
/*
 * For the arch's CALL_OPS hooks (stage5-entry/ftrace_target.c): the ops
 * rec's site is to name, the one ops that wants it, or ftrace_list_ops
 */
struct ftrace_ops *ftrace_rec_get_ops(const struct dyn_ftrace *rec);
/* arch: the address of rec's literal, 0 where the site has none */
unsigned long arch_ftrace_ops_literal(const struct dyn_ftrace *rec);
/* rec's literal names ops from now on (0 or -errno) */
int ftrace_rec_set_ops(struct dyn_ftrace *rec, const struct ftrace_ops *ops);
/* rec's literal, if the kit ever wrote it, names ftrace_nop_ops */
int ftrace_rec_set_nop_ops(struct dyn_ftrace *rec);
#else
#define FTRACE_SITE_NAMES_OPS	0

static inline int ftrace_rec_set_nop_ops(struct dyn_ftrace *rec)
{
	return 0;
}
#endif
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
/* an ops its trampoline may call alone (stage5-entry/ftrace_target.c) */
int ftrace_ops_bare(struct ftrace_ops *op);
/* what a disabled CALL_OPS site's literal names: a callback doing nothing */
extern struct ftrace_ops ftrace_nop_ops;
#endif

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
/*
 * Chapter 8: direct calls (stage5-entry/ftrace_direct.c; the kernel's
 * API since v6.4).  The functions of ops' filter call addr, a trampoline
 * of the caller's; arch_ftrace_set_direct_caller() (asm/ftrace.h) is how
 * ftrace_caller learns it should go there after the other callbacks.
 */
int register_ftrace_direct(struct ftrace_ops *ops, unsigned long addr);
int modify_ftrace_direct(struct ftrace_ops *ops, unsigned long addr);
int unregister_ftrace_direct(struct ftrace_ops *ops, unsigned long addr,
			     int free_filters);
#endif
/* the records' counters in ftrace_get_stats() (include/tracefs.h) */
struct ftrace_stats;
void ftrace_dyn_stats(struct ftrace_stats *st);
#else
struct ftrace_stats;
static inline void ftrace_dyn_stats(struct ftrace_stats *st)
{
}

static inline int ftrace_run_update_code(struct ftrace_ops *list,
					 ftrace_func_t func)
{
	return 0;
}

static inline int ftrace_ops_test(struct ftrace_ops *ops, unsigned long ip)
{
	return 1;
}

static inline int ftrace_ops_needs_test(struct ftrace_ops *ops)
{
	return 0;
}

/* without filters, every ops wants every function */
static inline int ftrace_ops_overlap(struct ftrace_ops *a,
				     struct ftrace_ops *b)
{
	return 1;
}
#endif /* CONFIG_DYNAMIC_FTRACE */

#if defined(CONFIG_DYNAMIC_FTRACE) && defined(CONFIG_FUNCTION_GRAPH_TRACER)
/*
 * Chapter 5, HAVE_DYNAMIC_FTRACE + HAVE_FUNCTION_GRAPH_TRACER.  mcount is
 * the stub, so the graph tracer is reached through ftrace_caller: right
 * after ftrace_call sits a second patch site, ftrace_graph_call, a NOP
 * while the graph tracer is off and a jump to ftrace_graph_caller while it
 * is on.  The arch patches it (verify-then-write, ftrace_modify_code());
 * stage3-dynamic/ calls these in the update that registers or unregisters
 * an ops with FTRACE_OPS_FL_GRAPH.
 */
/*
 * The graph tracer's ops: chapter 5's (stage4-dyn-graph/fgraph_stub_ops.c)
 * or chapter 8's (stage5-entry/fgraph_entry.c), registered by
 * stage4-dyn-graph/fgraph_dyn.c.
 */
extern struct ftrace_ops graph_ops;
#ifndef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
extern char ftrace_graph_call[];
int ftrace_enable_ftrace_graph_caller(void);
int ftrace_disable_ftrace_graph_caller(void);
#else
/* chapter 8: no ops has FTRACE_OPS_FL_GRAPH, and there is no such site */
static inline int ftrace_enable_ftrace_graph_caller(void)
{
	return 0;
}

static inline int ftrace_disable_ftrace_graph_caller(void)
{
	return 0;
}
#endif

/*
 * generic (stage4-dyn-graph/), for stage2-graph/: start and stop the
 * graph tracer through dynamic ftrace, and whether it wants the function
 * at selfpc: it must ask while other ops enabled sites the graph filter
 * may not select (ftrace_graph_filter_check, stage3-dynamic/ sets it in
 * each update).
 */
int ftrace_graph_startup(void);
int ftrace_graph_shutdown(void);
extern int ftrace_graph_filter_check;
int ftrace_graph_filter_wants(unsigned long selfpc);

/* whether ftrace_graph_wants() has a filter to ask (a call to make) */
static inline int ftrace_graph_filter_on(void)
{
	return __atomic_load_n(&ftrace_graph_filter_check, __ATOMIC_RELAXED);
}

static inline int ftrace_graph_wants(unsigned long selfpc)
{
	if (!__builtin_expect(ftrace_graph_filter_on(), 0))
		return 1;
	return ftrace_graph_filter_wants(selfpc);
}

/*
 * For stage2-graph/fgraph_ops.c: a graph user joins or leaves the sites'
 * filter, and do the graph's sites follow ops's filter exactly (then its
 * entries need not ask it).  Chapter 8's graph_ops wants what its users
 * want (stage5-entry/fgraph_entry.c); chapter 5's follows the files.
 */
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
void ftrace_graph_user_add(struct fgraph_ops *gops);
void ftrace_graph_user_del(struct fgraph_ops *gops);

static inline int ftrace_graph_sites_follow(struct ftrace_ops *ops)
{
	return 1;
}
#else
static inline void ftrace_graph_user_add(struct fgraph_ops *gops)
{
}

static inline void ftrace_graph_user_del(struct fgraph_ops *gops)
{
}

static inline int ftrace_graph_sites_follow(struct ftrace_ops *ops)
{
	return (ops->flags & FTRACE_OPS_FL_GLOBAL) && !ops->func_hash;
}
#endif
#else
static inline int ftrace_enable_ftrace_graph_caller(void)
{
	return 0;
}

static inline int ftrace_disable_ftrace_graph_caller(void)
{
	return 0;
}

static inline int ftrace_graph_startup(void)
{
	return 0;
}

static inline int ftrace_graph_shutdown(void)
{
	return 0;
}

static inline int ftrace_graph_filter_on(void)
{
	return 0;
}

static inline int ftrace_graph_wants(unsigned long selfpc)
{
	return 1;
}

static inline void ftrace_graph_user_add(struct fgraph_ops *gops)
{
}

static inline void ftrace_graph_user_del(struct fgraph_ops *gops)
{
}

/* no filters before chapter 4 */
static inline int ftrace_graph_sites_follow(struct ftrace_ops *ops)
{
	return 1;
}
#endif

#endif /* __ASSEMBLY__ */

#ifdef __ASSEMBLY__
/*
 * How return_to_handler's unwind entry (each arch's mcount.S) encodes its
 * personality routine, ftrace_graph_personality: its address as it is
 * (DW_EH_PE_absptr), or in a PIE's runtime (built -fPIE: gcc's __PIC__),
 * which has no link-time address, as a 4-byte offset from the entry
 * itself (DW_EH_PE_pcrel | DW_EH_PE_sdata4), with no text relocation.
 */
#ifdef __PIC__
#define FTRACE_PERSONALITY_ENC	0x1b
#else
#define FTRACE_PERSONALITY_ENC	0x0
#endif
#endif
#endif /* _LINUX_FTRACE_H */
