// SPDX-License-Identifier: GPL-2.0
/*
 * Unwinding through hijacked frames (chapter 2, "Unwinders").
 *
 * While a function is hijacked, its return slot holds return_to_handler,
 * and the real return address is on the return stack, in TLS, where no
 * unwind table can point.  Two things make unwinders see the real one:
 *
 * 1. return_to_handler has unwind information of its own (in each
 *    arch/<arch>/mcount.S) that names ftrace_graph_personality() below as
 *    its personality routine.  An unwinder that calls personality routines
 *    (exceptions, and the forced unwinding of pthread_exit and
 *    pthread_cancel; with some unwinders every walk) meets
 *    return_to_handler as the return address of the hijacked function,
 *    looks up its unwind
 *    entry (it ends before the label: the unwinder looks at the return
 *    address minus one), and asks the routine, which puts the real
 *    address where the unwinder reads it next.  A forced unwind never
 *    comes back to the frames it leaves: their entries are closed then.
 * 2. backtrace() of the C library walks without personality routines
 *    (DWARF's _Unwind_Backtrace): the kit's backtrace() writes the real
 *    addresses back into the hijacked slots, calls the library's, and
 *    hijacks them again.
 *
 * Wrapping the unwinder's entry points instead cannot work: glibc calls
 * _Unwind_ForcedUnwind (pthread_exit, pthread_cancel) through its own
 * dlopen of libgcc_s, never through the program's symbols.
 *
 * This object is built with unwind tables (CFLAGS_fgraph_unwind.o in
 * Kbuild): backtrace() walks out of it into the program.
 */
#include <alloca.h>
#include <string.h>
#include <unwind.h>
#include <linux/ftrace.h>
#include "fgraph.h"

int __backtrace(void **buffer, int size);

struct restored {
	unsigned long	*retp;
	unsigned long	ret;
};

/*
 * Put the real address back in every slot that still holds
 * return_to_handler, newest entry first.  Of the entries with one sp (a
 * tail call, or a dead frame under a live one) only the newest has a
 * slot of its own: an older one's slot is the same (x86_64) or is gone
 * (MIPS: its frame was popped before the tail call), so it is left alone,
 * and the newest gets the address the chain returns to.
 */
static int restore_slots(struct restored *r)
{
	unsigned long rth = (unsigned long)return_to_handler, ret;
	int j, k, n = 0;

	for (k = curr_ret_stack; k >= 0; k--) {
		struct ftrace_ret_stack *e = &ret_stack[k];
		unsigned long *slot;

		if (!e->sp)
			continue;
		slot = ftrace_graph_ret_slot(e->retp, e->sp);
		if (!slot || *slot != rth)
			continue;
		for (j = k + 1; j <= curr_ret_stack; j++)
			if (ret_stack[j].sp == e->sp)
				break;
		if (j <= curr_ret_stack)
			continue;
		ret = fgraph_entry_ret(k);
		if (ret == rth)
			continue;
		*slot = ret;
		r[n].retp = slot;
		r[n++].ret = ret;
	}
	return n;
}

int backtrace(void **buffer, int size)
{
	struct restored r[FTRACE_RETFUNC_DEPTH];
	void **all;
	int i, n, nr;

	if (size <= 0)
		return 0;
	/* every entry deeper than this frame belongs to a dead frame */
	fgraph_drop_dead((unsigned long)__builtin_frame_address(0));
	nr = restore_slots(r);
	/* one more: the walk starts in this function, which we leave out */
	all = alloca((size + 1) * sizeof(*all));
	n = __backtrace(all, size + 1);
	for (i = 0; i < nr; i++)
		if (*r[i].retp == r[i].ret)
			*r[i].retp = (unsigned long)return_to_handler;
	if (n <= 1)
		return 0;
	memcpy(buffer, all + 1, (n - 1) * sizeof(*all));
	return n - 1;
}

#ifndef HAVE_ARCH_GRAPH_PERSONALITY
/*
 * (An arch whose unwinder is not DWARF's writes its own routine, and
 * defines HAVE_ARCH_GRAPH_PERSONALITY in its asm/ftrace.h.)
 *
 * DWARF: the unwind entry of return_to_handler says that the frame's CFA
 * is the sp it starts with (the sp the hijacked function returns with)
 * and that the return address is where the hijacked function kept it:
 * the routine writes the real address there (FTRACE_RA_COLUMN, the
 * arch's return-address column in asm/ftrace.h), before the unwinder
 * reads it.  The slot keeps the real address: an exception that is
 * caught above leaves the frame dead anyway, and one that is not lets it
 * return without the trampoline (its entry is then dropped as dead).
 */
_Unwind_Reason_Code ftrace_graph_personality(int version,
					     _Unwind_Action actions,
					     _Unwind_Exception_Class cls,
					     struct _Unwind_Exception *ue,
					     struct _Unwind_Context *context)
{
	unsigned long ret;

	ret = fgraph_unwind_frame(_Unwind_GetCFA(context),
				  actions & _UA_FORCE_UNWIND);
	if (!ret)
		return _URC_FATAL_PHASE1_ERROR;
	_Unwind_SetGR(context, FTRACE_RA_COLUMN, ret);
	return _URC_CONTINUE_UNWIND;
}
#endif
