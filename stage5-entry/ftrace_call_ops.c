// SPDX-License-Identifier: GPL-2.0
/*
 * Chapter 8, CALL_OPS (8.9): the word before a function that names the
 * ops its site calls.  The arch says where that word is
 * (arch_ftrace_ops_literal()); writing it is the same on every arch.
 */
#include <linux/ftrace.h>

/*
 * The literal names ops from now on.  One aligned store, queued as data
 * (ftrace_modify_data()): a batch writes it before any instruction, so a
 * thread that meets the new call reads the ops meant for it.  The
 * literal starts as zero (recordmcount --pre-entry): the first write
 * expects that, and anything else there is no literal of the kit's
 * (FTRACE_FL_ARCH: the record's literal was written).
 */
int ftrace_rec_set_ops(struct dyn_ftrace *rec, const struct ftrace_ops *ops)
{
	unsigned long lit = arch_ftrace_ops_literal(rec), old = 0;
	int ret;

	if (!lit)
		return 0;
	if (rec->flags & FTRACE_FL_ARCH)
		old = __atomic_load_n((unsigned long *)lit, __ATOMIC_RELAXED);
	if (old == (unsigned long)ops)
		return 0;
	ret = ftrace_modify_data(lit, old, (unsigned long)ops);
	if (!ret)
		rec->flags |= FTRACE_FL_ARCH;
	return ret;
}

/*
 * A thread that still meets the call calls no ops that is going (the
 * kernel's ftrace_rec_set_nop_ops()); a literal never written stays zero
 */
int ftrace_rec_set_nop_ops(struct dyn_ftrace *rec)
{
	if (!(rec->flags & FTRACE_FL_ARCH))
		return 0;
	return ftrace_rec_set_ops(rec, &ftrace_nop_ops);
}
