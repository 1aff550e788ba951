// SPDX-License-Identifier: GPL-2.0
/*
 * The function tracing core: the list of ftrace_ops and the two words,
 * ftrace_trace_function and function_trace_op, that the arch's mcount
 * reads on every call.
 *
 * mcount's fast path is a single compare of ftrace_trace_function with
 * ftrace_stub, so everything here is about keeping the pair right:
 *   no ops              -> ftrace_stub
 *   one plain ops       -> ops->func, op = ops  (called directly)
 *   one ops that needs  -> ftrace_ops_assist_func, op = ops (the recursion
 *   a guard or a test      guard, or chapter 4's filter test)
 *   several ops         -> ftrace_ops_list_func (walks the list; op is
 *                          not used)
 */
#include <errno.h>
#include <pthread.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/event_path.h>
#include <linux/membarrier.h>
#include <linux/fork_lock.h>
#include <linux/ftrace.h>
#include <linux/hardirq.h>
#include <linux/init.h>
#include "ftrace_recursion.h"

ftrace_func_t ftrace_trace_function = ftrace_stub;
/*
 * The op of "no single ops" (the kernel's ftrace_list_end): a thread
 * delayed between mcount's two loads may pair the op it read with the
 * next function (see ftrace_set_function()), an assist function that
 * reads the op, so the op is never NULL.  It wants every function and
 * calls ftrace_stub.
 */
static struct ftrace_ops ftrace_list_end = { .func = ftrace_stub };
struct ftrace_ops *function_trace_op = &ftrace_list_end;

static struct ftrace_ops *ftrace_ops_list;
static pthread_mutex_t ftrace_mutex = PTHREAD_MUTEX_INITIALIZER;

void ftrace_lock(void)
{
	pthread_mutex_lock(&ftrace_mutex);
}

void ftrace_unlock(void)
{
	pthread_mutex_unlock(&ftrace_mutex);
}

struct ftrace_ops *ftrace_ops_list_head(void)
{
	return __atomic_load_n(&ftrace_ops_list, __ATOMIC_ACQUIRE);
}

/* calls through the list function, all threads (the stats) */
static unsigned long list_func_calls;

/*
 * Several ops: each one's filter is asked (chapter 4: a site is on when
 * any ops wants it) and each callback gets its own op.
 */
static __event_path void ftrace_ops_list_func(unsigned long ip,
					      unsigned long parent_ip,
					      struct ftrace_ops *unused,
					      struct ftrace_regs *fregs)
{
	struct ftrace_ops *op;

	__atomic_add_fetch(&list_func_calls, 1, __ATOMIC_RELAXED);
	for (op = __atomic_load_n(&ftrace_ops_list, __ATOMIC_ACQUIRE); op;
	     op = __atomic_load_n(&op->next, __ATOMIC_ACQUIRE))
		if (ftrace_ops_test(op, ip))
			ftrace_ops_call(op, ip, parent_ip, fregs);
}

struct ftrace_ops ftrace_list_ops = { .func = ftrace_ops_list_func };

unsigned long ftrace_list_func_calls(void)
{
	return __atomic_load_n(&list_func_calls, __ATOMIC_RELAXED);
}

/*
 * One ops that must not be called bare: its callback needs the recursion
 * guard, or (chapter 4) sites whose function it may not want reach
 * ftrace_caller.  The op mcount passes is that ops.
 */
static __event_path void ftrace_ops_assist_func(unsigned long ip,
						unsigned long parent_ip,
						struct ftrace_ops *op,
						struct ftrace_regs *fregs)
{
	if (ftrace_ops_test(op, ip))
		ftrace_ops_call(op, ip, parent_ip, fregs);
}

/*
 * Every thread that runs now has executed a full memory barrier by the
 * time this returns (MEMBARRIER_CMD_PRIVATE_EXPEDITED, registered at
 * start-up): a value stored before it is the one any later load sees.
 * The kernel sends an IPI for the same effect.
 */
static int ftrace_membarrier_ok;

void ftrace_sync(void)
{
	if (ftrace_membarrier_ok)
		syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0);
	else
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

/*
 * Make mcount (stage 1) and ftrace_call (stage 3) call func with op.  The
 * two words are read one after the other, so op does not change under a
 * thread that is about to use it: first everyone is sent to the list
 * function, which ignores op, then op changes, then func (the kernel's
 * update_ftrace_function()).  ftrace_sync() waits for the threads that
 * run, not for one preempted between its two loads: such a call may still
 * pair the new function with the old op, as in the kernel, which is why
 * the op is never NULL.  With the patch methods that stop no thread
 * (chapter 4) such a pairing is a matter of timing, not of bad luck.
 */
static int ftrace_set_function(ftrace_func_t func, struct ftrace_ops *op)
{
	int ret;

	if (op != function_trace_op) {
		__atomic_store_n(&ftrace_trace_function, ftrace_ops_list_func,
				 __ATOMIC_RELEASE);
		ret = ftrace_run_update_code(ftrace_ops_list, ftrace_ops_list_func);
		if (ret)
			return ret;
		ftrace_sync();
		__atomic_store_n(&function_trace_op, op, __ATOMIC_RELEASE);
		ftrace_sync();
	}
	/* one aligned store: every mcount sees the old or the new value */
	__atomic_store_n(&ftrace_trace_function, func, __ATOMIC_RELEASE);
	/* chapter 4: mcount is a stub; patch ftrace_call and the sites */
	return ftrace_run_update_code(ftrace_ops_list, func);
}

static int update_ftrace_function(void)
{
	struct ftrace_ops *first = ftrace_ops_list;

	if (!first)
		return ftrace_set_function(ftrace_stub, &ftrace_list_end);
	if (first->next)
		return ftrace_set_function(ftrace_ops_list_func,
					   &ftrace_list_end);
	if ((first->flags & FTRACE_OPS_FL_RECURSION) ||
	    ftrace_ops_needs_test(first))
		return ftrace_set_function(ftrace_ops_assist_func, first);
	return ftrace_set_function(first->func, first);
}

int ftrace_update_locked(void)
{
	return update_ftrace_function();
}

/*
 * Chapter 8: an ops that may change where a function goes on shares no
 * function with another such ops (the kernel's check in
 * __ftrace_hash_update_ipmodify()), nor a direct ops with another direct
 * ops: two redirects of one function cannot both hold.
 */
int ftrace_ops_conflicts(struct ftrace_ops *ops)
{
	unsigned long excl = ops->flags & (FTRACE_OPS_FL_IPMODIFY |
					   FTRACE_OPS_FL_DIRECT);
	struct ftrace_ops *op;

	if (!excl)
		return 0;
	for (op = ftrace_ops_list; op; op = op->next)
		if (op != ops && (op->flags & excl) &&
		    ftrace_ops_overlap(op, ops))
			return 1;
	return 0;
}

int ftrace_ops_registered(struct ftrace_ops *ops)
{
	struct ftrace_ops *op;

	for (op = ftrace_ops_list; op; op = op->next)
		if (op == ops)
			return 1;
	return 0;
}

int register_ftrace_function(struct ftrace_ops *ops)
{
	int ret = 0;

	if (!ops || !ops->func)
		return -EINVAL;
	/* struct ftrace_regs is what there is (FTRACE_OPS_FL_SAVE_REGS) */
	if ((ops->flags & FTRACE_OPS_FL_SAVE_REGS) &&
	    !(ops->flags & FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED))
		return -EINVAL;
	ftrace_lock();
	if (ftrace_ops_registered(ops) || ftrace_ops_conflicts(ops))
		ret = -EBUSY;
	if (!ret) {
		/* chapter 8: a trampoline of its own, where the arch has them */
		ftrace_trampoline_attach(ops);
		/* ops is complete before another thread can reach it */
		ops->next = ftrace_ops_list;
		__atomic_store_n(&ftrace_ops_list, ops, __ATOMIC_RELEASE);
		ret = update_ftrace_function();
		if (ret) {	/* the code could not be changed */
			__atomic_store_n(&ftrace_ops_list, ops->next,
					 __ATOMIC_RELEASE);
			update_ftrace_function();
			ftrace_trampoline_detach(ops);
		}
	}
	ftrace_unlock();
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

	ftrace_lock();
	for (p = &ftrace_ops_list; *p; p = &(*p)->next) {
		if (*p == ops) {
			__atomic_store_n(p, ops->next, __ATOMIC_RELEASE);
			ret = 0;
			break;
		}
	}
	if (!ret)
		ret = update_ftrace_function();
	if (!ret)	/* no site calls its trampoline any more */
		ftrace_trampoline_detach(ops);
	if (ret && ret != -ENOENT) {
		/* the code could not be changed: it still calls ops */
		ops->next = ftrace_ops_list;
		__atomic_store_n(&ftrace_ops_list, ops, __ATOMIC_RELEASE);
		update_ftrace_function();
	}
	ftrace_unlock();
	return ret;
}

static __init_core void ftrace_init_sync(void)
{
	fork_lock_register(&ftrace_mutex, FORK_LOCK_FTRACE, NULL);
	ftrace_membarrier_ok = !syscall(SYS_membarrier,
				MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0);
}
