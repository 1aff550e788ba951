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

struct ftrace_ops {
	ftrace_func_t		func;
	struct ftrace_ops	*next;
	unsigned long		flags;
};

/* The callback calls code that may itself be traced: guard it. */
#define FTRACE_OPS_FL_RECURSION	0x1

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

#endif /* __ASSEMBLY__ */
#endif /* _LINUX_FTRACE_H */
