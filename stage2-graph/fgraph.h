/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _FGRAPH_H
#define _FGRAPH_H

#include <asm/trace_clock.h>
#include <linux/ftrace.h>

/*
 * Room in each frame for its users' data (fgraph_reserve_data()): two
 * users of the largest reservation, or more of smaller ones.
 */
#define FGRAPH_FRAME_WORDS	10

/*
 * One hijacked call (FTRACE_RETFUNC_DEPTH of them per thread: 128 * 176
 * bytes = 22 kB of TLS).  sp is what identifies the frame: the stack pointer
 * the function will return with (its caller's sp at the call), unique
 * among the live frames of a thread, since every live frame has its own
 * place on some stack.  sp == 0 marks a slot whose call has returned (or
 * was dropped) but which could not be popped yet: a "hole" (see fgraph.c).
 */
struct ftrace_ret_stack {
	unsigned long		ret;		/* where the function returns */
	unsigned long		func;		/* its selfpc */
	unsigned long		fp;		/* caller's frame (FP test) */
	unsigned long		*retp;		/* the slot we rewrote */
	unsigned long		sp;		/* identity, see above */
	unsigned long		stack;		/* fgraph_stack_of(sp) */
	unsigned long long	calltime;
	int			depth;		/* as reported at entry */
	unsigned short		users;		/* who took it: fgraph_ops idx */
	unsigned short		data_words;	/* of data[] reserved */
	/* each user's gops->gen when it took the call */
	unsigned char		gen[FGRAPH_ARRAY_SIZE];
	/* the users' data: a word (idx << 8 | words) before each one's */
	unsigned long		data[FGRAPH_FRAME_WORDS];
};

extern __thread struct ftrace_ret_stack ret_stack[FTRACE_RETFUNC_DEPTH];
extern __thread int curr_ret_stack;
/* entries that are not holes; where the thread's depths start (fgraph.c) */
extern __thread int ret_stack_live, depth_base;
/* calls of this thread too deep for the return stack */
extern __thread unsigned long thread_overrun;
/* the frame whose callbacks run now (fgraph_reserve_data() and friends) */
extern __thread struct ftrace_ret_stack *fgraph_frame;
/*
 * The graph's one user, when it has one that need not ask its filter
 * (set by fgraph_ops.c): fgraph.c then calls it itself, else the hooks
 */
extern struct fgraph_ops *fgraph_one;

/* ftrace_stub takes other arguments, but it only returns: safe to call */
#define graph_return_stub	((fgraph_return_t)(void *)ftrace_stub)

/*
 * fgraph_stack.c: which stack an address lies on.  Returns an identifier
 * of that stack (its lowest address), or 0 when the kit does not know the
 * stack: addresses on an unknown stack are never compared.
 * FGRAPH_ALT_STACK is set in the identifier of the thread's alternate
 * signal stack.
 */
#define FGRAPH_ALT_STACK	1UL
unsigned long fgraph_stack_of(unsigned long sp);

/*
 * The one user when it also has a fast path (fast_entry, fast_return):
 * function_graph_enter() and ftrace_return_to_handler() hand every call
 * to it, and it calls __function_graph_enter() and
 * __ftrace_return_to_handler(), the whole of both, for what it does not
 * take.  NULL otherwise, and once the graph tracer stopped.
 */
extern struct fgraph_ops *fgraph_fast;
int fgraph_stopped(void);
int __function_graph_enter(unsigned long ret, unsigned long func,
			   unsigned long frame_pointer, unsigned long *retp,
			   unsigned long sp);
unsigned long __ftrace_return_to_handler(unsigned long sp,
					 unsigned long frame_pointer,
					 unsigned long retval);

#define fgraph_barrier()	__asm__ __volatile__("" ::: "memory")

/*
 * Reserve entry e, ret_stack[idx], and fill it, clock included
 * (*cpu, with the time in e->calltime); no user yet.
 *
 * Signals: a handler can run between any two instructions and push and
 * pop entries of its own.  The slot is reserved (curr_ret_stack moved)
 * before it is filled; it is not a hole even before it is ours, so a
 * handler that runs right after the reservation does not pop it as one,
 * and a handler that runs before it may use the slot and leave a hole:
 * hence the second store of sp.
 */
static inline __attribute__((always_inline)) struct ftrace_ret_stack *
fgraph_reserve(struct ftrace_ret_stack *e, int idx, unsigned long ret,
	       unsigned long func, unsigned long frame_pointer,
	       unsigned long *retp, unsigned long sp, unsigned long stack,
	       unsigned int *cpu)
{
	e->sp = sp;
	fgraph_barrier();
	curr_ret_stack = idx;		/* reserve, then fill */
	fgraph_barrier();
	e->sp = sp;
	e->ret = ret;
	e->func = func;
	e->fp = frame_pointer;
	e->retp = retp;
	e->stack = stack;
	e->depth = depth_base + ret_stack_live++;
	e->calltime = trace_clock_local(cpu);
	e->users = 0;
	e->data_words = 0;
	return e;
}

/*
 * Whether a call with sp nests in entry top, deeper on top's stack.  That
 * stack is known (its identifier is its lowest address), and a stack is
 * one range: sp between its bottom and top's sp is on it, no lookup
 * needed.
 */
static inline int fgraph_nests_in(const struct ftrace_ret_stack *top,
				   unsigned long sp)
{
	unsigned long base = top->stack & ~FGRAPH_ALT_STACK;

	return top->stack && sp - base < top->sp - base;
}

/*
 * The common entry, for fgraph.c and a user's fast_entry: the call nests
 * in the top entry and the entry above is free.  The entry reserved and
 * filled, or NULL when the call is not that simple.
 */
static inline __attribute__((always_inline)) struct ftrace_ret_stack *
fgraph_push_nested(unsigned long ret, unsigned long func,
		   unsigned long frame_pointer, unsigned long *retp,
		   unsigned long sp, unsigned int *cpu)
{
	int idx = curr_ret_stack;
	struct ftrace_ret_stack *top;

	/* (also idx < 0: no entry yet) */
	if ((unsigned int)idx >= FTRACE_RETFUNC_DEPTH - 1)
		return NULL;
	top = &ret_stack[idx];
	if (!fgraph_nests_in(top, sp))
		return NULL;
	return fgraph_reserve(top + 1, idx + 1, ret, func, frame_pointer,
			      retp, sp, top->stack, cpu);
}

/* The users of the frame: gops alone */
static inline void fgraph_frame_take(struct ftrace_ret_stack *e,
				     const struct fgraph_ops *gops)
{
	e->users = 1U << gops->idx;
	e->gen[gops->idx] = gops->gen;
}

static inline int fgraph_frame_taken_by(const struct ftrace_ret_stack *e,
					const struct fgraph_ops *gops)
{
	return (e->users >> gops->idx & 1) && e->gen[gops->idx] == gops->gen;
}

/* ... by gops and no other user */
static inline int fgraph_frame_taken_alone(const struct ftrace_ret_stack *e,
					   const struct fgraph_ops *gops)
{
	return e->users == 1U << gops->idx && e->gen[gops->idx] == gops->gen;
}

/*
 * The common return: the top entry is the frame that returns with sp (and
 * passes the FP test); NULL otherwise, for __ftrace_return_to_handler()
 * to find which one does, or to report it.
 */
static inline __attribute__((always_inline)) struct ftrace_ret_stack *
fgraph_top_returning(unsigned long sp, unsigned long frame_pointer)
{
	int idx = curr_ret_stack;
	struct ftrace_ret_stack *e;

	if (idx < 0)
		return NULL;
	e = &ret_stack[idx];
	if (e->sp != sp)
		return NULL;
#ifdef HAVE_FUNCTION_GRAPH_FP_TEST
	if (e->fp != frame_pointer)
		return NULL;
#endif
	return e;
}

/* Pop the holes on top. */
static inline void trim_ret_stack(void)
{
	int k;

	while ((k = curr_ret_stack) >= 0 && !ret_stack[k].sp)
		curr_ret_stack = k - 1;
}

/*
 * Entry e has returned and everything in it was read: it is no more.
 * Popped at once in the common case, the top returned and the one below
 * is live; else it is a hole until the holes on top go.
 */
static inline __attribute__((always_inline)) void
fgraph_release(struct ftrace_ret_stack *e)
{
	int j = e - ret_stack;

	fgraph_barrier();
	e->sp = 0;
	ret_stack_live--;
	if (j > 0 && curr_ret_stack == j && e[-1].sp)
		curr_ret_stack = j - 1;
	else
		trim_ret_stack();
}

/* fgraph.c, for fgraph_unwind.c */
void fgraph_drop_dead(unsigned long sp);
unsigned long fgraph_entry_ret(int k);

/*
 * fgraph.c, for fgraph_context.c: a context switch.  The frames of the
 * context being left move from the thread's return stack to save[]; the
 * next context's first frame nests under the switching one, so *depth
 * gets where its depths started, for fgraph_ctx_restore().
 */
int fgraph_ctx_slots(void);
int fgraph_ctx_save(struct ftrace_ret_stack *save, int max, int *depth);
void fgraph_ctx_restore(const struct ftrace_ret_stack *save, int n,
			int depth);

#endif
