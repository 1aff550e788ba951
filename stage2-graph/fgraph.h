/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _FGRAPH_H
#define _FGRAPH_H

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
