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

ftrace_func_t ftrace_trace_function = ftrace_stub;

/* not static: chapter 4 (stage3-dynamic/) walks the list under the lock */
struct ftrace_ops *ftrace_ops_list;
pthread_mutex_t ftrace_lock = PTHREAD_MUTEX_INITIALIZER;

/* Set while an FTRACE_OPS_FL_RECURSION callback runs on this thread. */
static __thread int ftrace_recursion;
unsigned long ftrace_recursion_missed;

static void call_ops(struct ftrace_ops *op, unsigned long frompc,
		     unsigned long selfpc)
{
	if (!(op->flags & FTRACE_OPS_FL_RECURSION)) {
		op->func(frompc, selfpc);
		return;
	}
	/*
	 * The callback may call traced code, whose mcount would call it
	 * again: that nested call is dropped and counted instead.
	 */
	if (ftrace_recursion) {
		__atomic_add_fetch(&ftrace_recursion_missed, 1,
				   __ATOMIC_RELAXED);
		return;
	}
	ftrace_recursion = 1;
	op->func(frompc, selfpc);
	ftrace_recursion = 0;
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
