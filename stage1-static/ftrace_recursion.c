// SPDX-License-Identifier: GPL-2.0
/*
 * The recursion guard (FTRACE_OPS_FL_RECURSION), one bit per context, as
 * the kernel keeps one recursion bit per context (normal, softirq, irq,
 * NMI).  A process's interrupts are its signal handlers, and the kit
 * knows how deep in handlers a thread is: its sigaction() wraps every
 * handler in irq_enter()/irq_exit() (stage1-static/irq_entry.c,
 * linux/hardirq.h).  So a traced call made while this context's callback
 * runs is the callback calling traced code (recursion: dropped and
 * counted), while a handler that lands in the middle of a callback is a
 * context of its own and is traced.  Contexts: normal, handler, nested
 * handler, deeper (which share the last bit).
 *
 * A handler may also leave a callback by siglongjmp() and never come back,
 * leaving its bit set.  A bit is live only while the ftrace_ops_call()
 * frame that set it is: the stack is still below that frame (stacks grow
 * down on every arch of the kit) and the frame still holds the number the
 * bit was set with.  A dead bit is cleared when next seen.
 */
#include <pthread.h>
#include <linux/event_path.h>
#include <linux/hardirq.h>
#include <linux/init.h>
#include "ftrace_recursion.h"

#define FTRACE_RECURSION_CONTEXTS	4

struct ftrace_recursion {
	unsigned int	bits;			/* context k is in a callback */
	unsigned long	seq;
	unsigned long	sp[FTRACE_RECURSION_CONTEXTS];	/* its frame */
	unsigned long	cookie[FTRACE_RECURSION_CONTEXTS];	/* in it */
};

static __thread struct ftrace_recursion ftrace_recursion;
unsigned long ftrace_recursion_missed;

/* The context (handler depth) a traced call is made in, 0 to 3. */
static __event_path int ftrace_recursion_context(void)
{
	unsigned int level;

	if (__builtin_expect(!irq_count, 1))
		return 0;
	/* also forgets handlers that were left by siglongjmp() */
	level = TRACE_FLAG_IRQ_LEVEL(irq_ctx_flags());
	return level < FTRACE_RECURSION_CONTEXTS ?
	       level : FTRACE_RECURSION_CONTEXTS - 1;
}

/* Is context ctx inside a callback whose frame is still there? */
static __event_path int ftrace_recursion_live(struct ftrace_recursion *r,
					      int ctx, unsigned long sp)
{
	if (!(r->bits & 1u << ctx))
		return 0;
	if (sp < r->sp[ctx] &&
	    *(volatile unsigned long *)r->sp[ctx] == r->cookie[ctx])
		return 1;
	/* that callback's frame is gone: a handler jumped out of it */
	r->bits &= ~(1u << ctx);
	return 0;
}

__event_path void ftrace_ops_call(struct ftrace_ops *op, unsigned long ip,
				  unsigned long parent_ip,
				  struct ftrace_regs *fregs)
{
	struct ftrace_recursion *r = &ftrace_recursion;
	volatile unsigned long cookie;
	unsigned long sp = (unsigned long)&cookie;
	int ctx;

	if (!(op->flags & FTRACE_OPS_FL_RECURSION)) {
		op->func(ip, parent_ip, op, fregs);
		return;
	}
	ctx = ftrace_recursion_context();
	if (ftrace_recursion_live(r, ctx, sp)) {
		__atomic_add_fetch(&ftrace_recursion_missed, 1,
				   __ATOMIC_RELAXED);
		return;
	}
	/*
	 * A handler the kit did not wrap (sigset()) counts as this context:
	 * if it lands before the bit is set, it takes the bit itself and
	 * leaves its own frame in sp/cookie.  Write them again until they
	 * are ours with the bit set.
	 */
	cookie = ++r->seq;
	do {
		r->cookie[ctx] = cookie;
		r->sp[ctx] = sp;
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		r->bits |= 1u << ctx;
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
	} while (r->cookie[ctx] != cookie || r->sp[ctx] != sp ||
		 !(r->bits & 1u << ctx));
	op->func(ip, parent_ip, op, fregs);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	r->bits &= ~(1u << ctx);
}

/* A child after fork() starts its own counts. */
static void ftrace_recursion_after_fork(void)
{
	ftrace_recursion_missed = 0;
}

static __init_core void ftrace_recursion_init(void)
{
	pthread_atfork(NULL, NULL, ftrace_recursion_after_fork);
}
