// SPDX-License-Identifier: GPL-2.0
/*
 * Direct calls (chapter 8; the kernel's register_ftrace_direct() since
 * v5.5, in this form since v6.4, kernel/trace/ftrace.c): a site that
 * calls a trampoline of the caller's, not ftrace_caller.  BPF trampolines
 * are such callers: their code runs at the function's entry, then calls
 * the function itself or returns into it.
 *
 * The functions are the ops' filter; the trampoline, ops->direct_call, is
 * where their sites go while the ops is registered alone on them
 * (ftrace_rec_target()).  A function other ops want too is reached
 * through ftrace_caller instead: the list calls the direct ops' callback,
 * call_direct_funcs(), which leaves the trampoline's address in struct
 * ftrace_regs (arch_ftrace_set_direct_caller()), and ftrace_caller goes
 * there once every callback has run, with the registers as the site left
 * them, as if the site had called it.  A direct trampoline is the arch's
 * to write (what it must keep: docs/08-entry.md, 8.11).
 */
#include <linux/event_path.h>
#include <linux/ftrace.h>

static __event_path void call_direct_funcs(unsigned long ip,
					   unsigned long parent_ip,
					   struct ftrace_ops *ops,
					   struct ftrace_regs *fregs)
{
	unsigned long addr = __atomic_load_n(&ops->direct_call,
					     __ATOMIC_ACQUIRE);

	if (addr)
		arch_ftrace_set_direct_caller(fregs, addr);
}

/*
 * Send the functions of ops' filter to addr.  -EINVAL: no address, or no
 * filter (a direct call is for chosen functions); -EBUSY: another direct
 * ops has one of them, or ops is registered already.
 */
int register_ftrace_direct(struct ftrace_ops *ops, unsigned long addr)
{
	int ret;

	if (!addr || !ops->func_hash || !ops->func_hash->filter_hash)
		return -EINVAL;
	ftrace_lock();
	ret = ftrace_ops_registered(ops) ? -EBUSY : 0;
	ftrace_unlock();
	if (ret)
		return ret;
	ops->func = call_direct_funcs;
	ops->flags |= FTRACE_OPS_FL_DIRECT;
	__atomic_store_n(&ops->direct_call, addr, __ATOMIC_RELEASE);
	ret = register_ftrace_function(ops);
	if (ret) {
		ops->flags &= ~FTRACE_OPS_FL_DIRECT;
		ops->direct_call = 0;
	}
	return ret;
}

/*
 * Change a registered direct ops' trampoline: the callback reads the new
 * address from now on, and each site that calls the old one is changed
 * in one instruction (ftrace_modify_call()).
 */
int modify_ftrace_direct(struct ftrace_ops *ops, unsigned long addr)
{
	unsigned long old;
	int ret;

	if (!addr)
		return -EINVAL;
	ftrace_lock();
	if (!ftrace_ops_registered(ops) ||
	    !(ops->flags & FTRACE_OPS_FL_DIRECT)) {
		ftrace_unlock();
		return -EINVAL;
	}
	old = ops->direct_call;
	__atomic_store_n(&ops->direct_call, addr, __ATOMIC_RELEASE);
	ret = ftrace_update_locked();
	if (ret)	/* the code did not change: nor does the ops */
		__atomic_store_n(&ops->direct_call, old, __ATOMIC_RELEASE);
	ftrace_unlock();
	return ret;
}

/*
 * addr must be the ops' trampoline.  free_filters: its filter goes too.
 * A thread may still be inside the trampoline when this returns: it is
 * the caller's code, and its to keep.
 */
int unregister_ftrace_direct(struct ftrace_ops *ops, unsigned long addr,
			     int free_filters)
{
	int ret;

	if (!(ops->flags & FTRACE_OPS_FL_DIRECT) || ops->direct_call != addr)
		return -EINVAL;
	ret = unregister_ftrace_function(ops);
	if (ret)
		return ret;
	ops->flags &= ~FTRACE_OPS_FL_DIRECT;
	ops->direct_call = 0;
	if (free_filters)
		ftrace_free_filter(ops);
	return 0;
}
