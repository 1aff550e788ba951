// SPDX-License-Identifier: GPL-2.0
/*
 * The function tracing core: the list of ftrace_ops and the one pointer,
 * ftrace_trace_function, that the arch's mcount reads on every call.
 *
 * mcount's fast path is a single compare of that pointer with ftrace_stub,
 * so everything here is about keeping the pointer right:
 *   no ops        -> ftrace_stub           (mcount returns at once)
 *   one plain ops -> ops->func             (called directly from mcount)
 *   otherwise     -> ftrace_ops_list_func  (walks the list)
 */
#include <pthread.h>
#include <errno.h>
#include <linux/ftrace.h>
#include <linux/hardirq.h>

ftrace_func_t ftrace_trace_function = ftrace_stub;

/* not static: chapter 4 (stage3-dynamic/) walks the list under the lock */
struct ftrace_ops *ftrace_ops_list;
pthread_mutex_t ftrace_lock = PTHREAD_MUTEX_INITIALIZER;

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
 * leaving its bit set.  A bit is live only while the call_ops() frame
 * that set it is: the stack is still below that frame (stacks grow down
 * on every arch of the kit) and the frame still holds the number the bit
 * was set with.  A dead bit is cleared when next seen.
 */
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
static int ftrace_recursion_context(void)
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
static int ftrace_recursion_live(struct ftrace_recursion *r, int ctx,
				 unsigned long sp)
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

static void call_ops(struct ftrace_ops *op, unsigned long frompc,
		     unsigned long selfpc)
{
	struct ftrace_recursion *r = &ftrace_recursion;
	volatile unsigned long cookie;
	unsigned long sp = (unsigned long)&cookie;
	int ctx;

	if (!(op->flags & FTRACE_OPS_FL_RECURSION)) {
		op->func(frompc, selfpc);
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
	op->func(frompc, selfpc);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	r->bits &= ~(1u << ctx);
}

/* A child after fork() starts its own counts. */
static void ftrace_after_fork(void)
{
	ftrace_recursion_missed = 0;
}

__attribute__((constructor(101))) static void ftrace_init(void)
{
	pthread_atfork(NULL, NULL, ftrace_after_fork);
}

static void ftrace_ops_list_func(unsigned long frompc, unsigned long selfpc)
{
	struct ftrace_ops *op;

	for (op = __atomic_load_n(&ftrace_ops_list, __ATOMIC_ACQUIRE); op;
	     op = __atomic_load_n(&op->next, __ATOMIC_ACQUIRE))
#ifdef CONFIG_DYNAMIC_FTRACE
		/* the site is on for some ops: is this one of them? */
		if (ftrace_ops_test(op, selfpc))
#endif
			call_ops(op, frompc, selfpc);
}

static int update_ftrace_function(void)
{
	struct ftrace_ops *first = ftrace_ops_list;
	ftrace_func_t func;

	if (!first)
		func = ftrace_stub;
	else if (!first->next && !(first->flags & FTRACE_OPS_FL_RECURSION))
		func = first->func;
	else
		func = ftrace_ops_list_func;
	/* one aligned store: every mcount sees the old or the new value */
	__atomic_store_n(&ftrace_trace_function, func, __ATOMIC_RELEASE);
#ifdef CONFIG_DYNAMIC_FTRACE
	/* chapter 4: mcount is a stub; patch ftrace_call and the sites */
	return ftrace_run_update_code(func);
#else
	return 0;
#endif
}

int register_ftrace_function(struct ftrace_ops *ops)
{
	struct ftrace_ops *op;
	int ret = 0;

	if (!ops || !ops->func)
		return -EINVAL;
	pthread_mutex_lock(&ftrace_lock);
	for (op = ftrace_ops_list; op; op = op->next)
		if (op == ops)
			ret = -EBUSY;
	if (!ret) {
		/* ops is complete before another thread can reach it */
		ops->next = ftrace_ops_list;
		__atomic_store_n(&ftrace_ops_list, ops, __ATOMIC_RELEASE);
		ret = update_ftrace_function();
		if (ret) {	/* the code could not be changed */
			__atomic_store_n(&ftrace_ops_list, ops->next,
					 __ATOMIC_RELEASE);
			update_ftrace_function();
		}
	}
	pthread_mutex_unlock(&ftrace_lock);
	return ret;
}

/*
 * Another thread may still be inside ops->func when this returns (the
 * kernel waits for an RCU grace period here); ops must stay valid.
 */
int unregister_ftrace_function(struct ftrace_ops *ops)
{
	struct ftrace_ops **p;
	int ret = -ENOENT;

	pthread_mutex_lock(&ftrace_lock);
	for (p = &ftrace_ops_list; *p; p = &(*p)->next) {
		if (*p == ops) {
			__atomic_store_n(p, ops->next, __ATOMIC_RELEASE);
			ret = 0;
			break;
		}
	}
	if (!ret)
		ret = update_ftrace_function();
	if (ret && ret != -ENOENT) {
		/* the code could not be changed: it still calls ops */
		ops->next = ftrace_ops_list;
		__atomic_store_n(&ftrace_ops_list, ops, __ATOMIC_RELEASE);
		update_ftrace_function();
	}
	pthread_mutex_unlock(&ftrace_lock);
	return ret;
}
