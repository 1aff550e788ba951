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
#include <signal.h>
#include <linux/ftrace.h>

ftrace_func_t ftrace_trace_function = ftrace_stub;

static struct ftrace_ops *ftrace_ops_list;
static pthread_mutex_t ftrace_lock = PTHREAD_MUTEX_INITIALIZER;

/*
 * The recursion guard (FTRACE_OPS_FL_RECURSION), one level per context,
 * as the kernel keeps one bit per context (normal, softirq, irq, NMI).
 *
 * A process's "interrupt" is a signal handler.  When a traced call arrives
 * while a callback of the same thread is running, it is either the callback
 * calling traced code (recursion: drop it) or a signal handler that
 * interrupted the callback (a new context: trace it).  The kernel tells
 * them apart by preempt_count, which its interrupt entry keeps; a process
 * has no such entry hook, but signal delivery leaves one mark the thread
 * can read: while a handler runs, its signal (and its sa_mask) is blocked
 * on top of what the interrupted code had blocked (asm/irqflags.h is the
 * same mask).  So each level remembers the blocked set it was entered
 * with, and a nested call is a new context only if more signals are
 * blocked now.  Reading the mask is a system call, made only on this rare
 * nested path; level 0's set is read once per thread and kept fresh by
 * the recursions that are caught (see chapter 1, 1.4, for the limits).
 *
 * A handler may also leave a callback by siglongjmp() and never come back,
 * leaving its level set.  A level is live only while the call_ops() frame
 * that entered it is: the stack is still below that frame (stacks grow
 * down on every arch of the kit) and the frame still holds the number
 * the level was entered with.  A dead level is cleared when next seen.
 */
#define FTRACE_RECURSION_LEVELS	4	/* normal, signal, nested signals */

struct ftrace_recursion {
	unsigned int	bits;			/* level k is in a callback */
	int		mask_known;		/* mask[0] has been read */
	unsigned long	seq;
	unsigned long	sp[FTRACE_RECURSION_LEVELS];	/* its frame */
	unsigned long	cookie[FTRACE_RECURSION_LEVELS];	/* in it */
	sigset_t	mask[FTRACE_RECURSION_LEVELS];
};

static __thread struct ftrace_recursion ftrace_recursion;
unsigned long ftrace_recursion_missed;

static void blocked_signals(sigset_t *set)
{
	sigemptyset(set);
	pthread_sigmask(SIG_BLOCK, NULL, set);
}

/* Does now block a signal that was not blocked in before? */
static int more_blocked(const sigset_t *now, const sigset_t *before)
{
	int sig;

	for (sig = 1; sig < NSIG; sig++)
		if (sigismember(now, sig) == 1 && sigismember(before, sig) != 1)
			return 1;
	return 0;
}

/*
 * Level 0's set: read when the thread registers a guarded ops (normal
 * context, as a rule), else at its first guarded callback, which may be
 * in a handler: then the set holds too much until the first recursion
 * caught outside handlers corrects it.
 */
static void ftrace_recursion_mask_init(struct ftrace_recursion *r)
{
	sigset_t set;

	blocked_signals(&set);
	r->mask[0] = set;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	r->mask_known = 1;
}

/* The level a callback entered at stack sp runs at, or -1 to drop it. */
static int ftrace_recursion_level(struct ftrace_recursion *r,
				  unsigned long sp)
{
	sigset_t now;
	int top;

	while (r->bits) {
		top = 31 - __builtin_clz(r->bits);
		if (sp < r->sp[top] &&
		    *(volatile unsigned long *)r->sp[top] == r->cookie[top])
			break;
		/* that callback's frame is gone: a handler jumped out */
		r->bits &= ~(1u << top);
	}
	if (!r->bits) {
		if (!r->mask_known)
			ftrace_recursion_mask_init(r);
		return 0;
	}
	blocked_signals(&now);
	if (more_blocked(&now, &r->mask[top])) {
		if (top + 1 == FTRACE_RECURSION_LEVELS)
			return -1;
		r->mask[top + 1] = now;
		return top + 1;
	}
	/* recursion; level 0's set may be stale (the program changed it) */
	if (top == 0)
		r->mask[0] = now;
	return -1;
}

static void call_ops(struct ftrace_ops *op, unsigned long frompc,
		     unsigned long selfpc)
{
	struct ftrace_recursion *r = &ftrace_recursion;
	volatile unsigned long cookie;
	unsigned long sp = (unsigned long)&cookie;
	int level;

	if (!(op->flags & FTRACE_OPS_FL_RECURSION)) {
		op->func(frompc, selfpc);
		return;
	}
	level = ftrace_recursion_level(r, sp);
	if (level < 0) {
		__atomic_add_fetch(&ftrace_recursion_missed, 1,
				   __ATOMIC_RELAXED);
		return;
	}
	/*
	 * A handler landing before the bit is set takes this level itself and
	 * leaves its own frame in sp/cookie: write them again until they are
	 * ours with the bit set.  Once they are, a handler sees a live level.
	 */
	cookie = ++r->seq;
	do {
		r->cookie[level] = cookie;
		r->sp[level] = sp;
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
		r->bits |= 1u << level;
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
	} while (r->cookie[level] != cookie || r->sp[level] != sp ||
		 !(r->bits & 1u << level));
	op->func(frompc, selfpc);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	r->bits &= ~(1u << level);
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
		call_ops(op, frompc, selfpc);
}

static void update_ftrace_function(void)
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
	if (!ret && (ops->flags & FTRACE_OPS_FL_RECURSION) &&
	    !ftrace_recursion.bits)
		ftrace_recursion_mask_init(&ftrace_recursion);
	if (!ret) {
		/* ops is complete before another thread can reach it */
		ops->next = ftrace_ops_list;
		__atomic_store_n(&ftrace_ops_list, ops, __ATOMIC_RELEASE);
		update_ftrace_function();
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
	update_ftrace_function();
	pthread_mutex_unlock(&ftrace_lock);
	return ret;
}
