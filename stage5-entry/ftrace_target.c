// SPDX-License-Identifier: GPL-2.0
/*
 * Where each site calls (chapter 8, the second half): many ftrace_ops on
 * one call site, served without walking the list where one ops alone
 * wants a function.
 *
 * Chapters 4 and 5 had one destination, ftrace_caller, which calls the
 * one tracer or the list function.  The kernel gives a site wanted by a
 * single ops more direct paths, and so does the kit, per arch:
 *  - that ops' own copy of the trampoline, which calls its callback and
 *    nothing else (x86_64: arch_ftrace_update_trampoline(); the kernel's
 *    create_trampoline() in arch/x86/kernel/ftrace.c, since v3.17);
 *  - a direct ops' trampoline, called by the site itself
 *    (register_ftrace_direct(), ftrace_direct.c; since v5.5);
 *  - on the arches whose sites name the ops to call (CALL_OPS: a word
 *    before the function, which the shared trampoline loads), that ops,
 *    or ftrace_list_ops when several want the function
 *    (ftrace_rec_get_ops(); the kernel's arm64_rec_get_ops(), since v6.3).
 * A site that cannot reach its ideal destination (a library mapped far
 * from the trampolines) calls the shared one, which serves every case:
 * ftrace_caller, whose list also runs a direct ops' callback, which
 * leaves the direct trampoline in struct ftrace_regs for the trampoline
 * to go to (arch_ftrace_set_direct_caller()).
 */
#include <linux/event_path.h>
#include <linux/ftrace.h>

/*
 * An ops the trampoline may call alone: one the list function would call
 * bare (no recursion guard, no test of a filter the records do not
 * decide: stage1-static/ftrace.c).
 */
int ftrace_ops_bare(struct ftrace_ops *op)
{
	return !(op->flags & FTRACE_OPS_FL_RECURSION) &&
	       !ftrace_ops_needs_test(op);
}

unsigned long ftrace_rec_target(struct ftrace_ops *list,
				struct dyn_ftrace *rec,
				unsigned long *fallback)
{
	struct ftrace_ops *op = ftrace_find_unique_ops(rec);

	*fallback = FTRACE_ADDR;
	if (!op)
		return FTRACE_ADDR;
	if ((op->flags & FTRACE_OPS_FL_DIRECT) && op->direct_call)
		return op->direct_call;
	if (op->trampoline && ftrace_ops_bare(op))
		return op->trampoline;
	return FTRACE_ADDR;
}

struct ftrace_ops *ftrace_rec_get_ops(const struct dyn_ftrace *rec)
{
	struct ftrace_ops *op = ftrace_find_unique_ops(rec);

	return op && ftrace_ops_bare(op) ? op : &ftrace_list_ops;
}

/* what a disabled CALL_OPS site's literal names (8.9) */
static __event_path void ftrace_ops_nop_func(unsigned long ip,
					     unsigned long parent_ip,
					     struct ftrace_ops *op,
					     struct ftrace_regs *fregs)
{
}

struct ftrace_ops ftrace_nop_ops = { .func = ftrace_ops_nop_func };
