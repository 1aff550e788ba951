/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The interface between the arch code (mcount and friends) and the generic
 * function tracing core: chapter 1 of docs/, "HAVE_FUNCTION_TRACER".
 */
#ifndef _LINUX_FTRACE_H
#define _LINUX_FTRACE_H

#include <asm/ftrace.h>

#ifndef __ASSEMBLY__
#include <stddef.h>

#define notrace __attribute__((no_instrument_function))

/* A function symbol's value -> its address (ARM: drop the Thumb bit). */
#ifndef ftrace_sym_addr
#define ftrace_sym_addr(v)	((unsigned long)(v))
#endif

/*
 * The design document passes (frompc, selfpc): frompc is where the traced
 * function will return to (its caller), selfpc is the mcount call site
 * inside the traced function (see MCOUNT_INSN_SIZE in asm/ftrace.h).
 */
typedef void (*ftrace_func_t)(unsigned long frompc, unsigned long selfpc);

struct ftrace_ops_hash;

struct ftrace_ops {
	ftrace_func_t		func;
	struct ftrace_ops	*next;
	unsigned long		flags;
	/* chapter 4: which functions it wants (NULL: see FTRACE_OPS_FL_GLOBAL) */
	struct ftrace_ops_hash	*func_hash;
};

/* The callback calls code that may itself be traced: guard it. */
#define FTRACE_OPS_FL_RECURSION	0x1
/*
 * Chapter 4: the ops follows the set_ftrace_filter and set_ftrace_notrace
 * files (the function tracer does); without it and without a func_hash of
 * its own, an ops wants every function.
 */
#define FTRACE_OPS_FL_GLOBAL	0x2

/* Never called through the pointer: mcount compares against it. */
void ftrace_stub(unsigned long frompc, unsigned long selfpc);
/* What mcount calls when it is not ftrace_stub; read by the asm. */
extern ftrace_func_t ftrace_trace_function;

int register_ftrace_function(struct ftrace_ops *ops);
int unregister_ftrace_function(struct ftrace_ops *ops);

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
	int		depth;
	unsigned long	overrun;
	unsigned long long calltime;
	unsigned long long rettime;
	unsigned int	cpu;		/* kit extension, read with rettime */
};

typedef int (*trace_func_graph_ent_t)(struct ftrace_graph_ent *);
typedef void (*trace_func_graph_ret_t)(struct ftrace_graph_ret *);

/* mcount compares these with ftrace_graph_entry_stub and ftrace_stub. */
extern trace_func_graph_ent_t ftrace_graph_entry;
extern trace_func_graph_ret_t ftrace_graph_return;
int ftrace_graph_entry_stub(struct ftrace_graph_ent *trace);

int register_ftrace_graph(trace_func_graph_ret_t retfunc,
			  trace_func_graph_ent_t entryfunc);
void unregister_ftrace_graph(void);

/* arch: mcount.S and ftrace.c */
void ftrace_graph_caller(void);
void return_to_handler(void);
void prepare_ftrace_return(unsigned long *parent, unsigned long selfpc,
			   unsigned long frame_pointer);

/* generic, for the arch */
int function_graph_enter(unsigned long ret, unsigned long func,
			 unsigned long frame_pointer, unsigned long *retp,
			 unsigned long sp);
unsigned long ftrace_return_to_handler(unsigned long sp,
				       unsigned long frame_pointer);
/*
 * prepare_ftrace_return() cannot find func's return slot (code it cannot
 * read): func runs unhijacked, and the first such function of each kind
 * (*said, the caller's own flag) is named on stderr, followed by why.
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
#else
static inline unsigned long ftrace_graph_ret_addr(int *idx, unsigned long ret,
						  unsigned long *retp)
{
	return ret;
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
/* addr: MCOUNT_ADDR for the start-up conversion, else FTRACE_ADDR */
int ftrace_make_nop(struct dyn_ftrace *rec, unsigned long addr);
int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr);
/* patch the instruction at ftrace_call to call func */
int ftrace_update_ftrace_func(ftrace_func_t func);
void ftrace_caller(void);
extern char ftrace_call[];
#define FTRACE_ADDR	((unsigned long)ftrace_caller)

/*
 * generic, for the arch: every write to code goes through this.  It reads
 * len bytes at ip, compares them with old and only then writes new.
 * 0, -EFAULT (ip is not readable code), -EINVAL (the bytes differ from
 * old; nothing written) or -EPERM (the write failed).
 */
int ftrace_modify_code(unsigned long ip, const void *old, const void *new,
		       size_t len);

/* generic: the report when a site could not be patched; see chapter 4 */
void ftrace_bug(int err, struct dyn_ftrace *rec);

/*
 * generic, for stage1-static/ftrace.c, under its ftrace_lock: make every
 * site what the registered ops want and ftrace_call call func; and
 * whether ops wants the function holding ip (for the list function)
 */
int ftrace_run_update_code(ftrace_func_t func);
int ftrace_ops_test(struct ftrace_ops *ops, unsigned long ip);
#endif /* CONFIG_DYNAMIC_FTRACE */

#if defined(CONFIG_DYNAMIC_FTRACE) && defined(CONFIG_FUNCTION_GRAPH_TRACER)
/*
 * Chapter 5, HAVE_DYNAMIC_FTRACE + HAVE_FUNCTION_GRAPH_TRACER.  mcount is
 * the stub, so the graph tracer is reached through ftrace_caller: right
 * after ftrace_call sits a second patch site, ftrace_graph_call, a NOP
 * while the graph tracer is off and a jump to ftrace_graph_caller while it
 * is on.  The arch patches it (verify-then-write, ftrace_modify_code());
 * the generic code (stage4-dyn-graph/) calls these under stop_machine().
 */
extern char ftrace_graph_call[];
int ftrace_enable_ftrace_graph_caller(void);
int ftrace_disable_ftrace_graph_caller(void);

/*
 * generic (stage4-dyn-graph/), for stage2-graph/ and stage3-dynamic/:
 * start and stop the graph tracer through dynamic ftrace; patch
 * ftrace_graph_call to what the graph tracer needs now (in the
 * stop_machine() of every update), or off for good (ftrace_bug());
 * whether the graph tracer wants the function at selfpc when another
 * ops has enabled sites the graph filter does not select
 */
int ftrace_graph_startup(void);
void ftrace_graph_shutdown(void);
int ftrace_graph_update_caller(void);
void ftrace_graph_kill_caller(void);
extern int ftrace_graph_filter_check;
int ftrace_graph_wants(unsigned long selfpc);
#endif

#endif /* __ASSEMBLY__ */
#endif /* _LINUX_FTRACE_H */
