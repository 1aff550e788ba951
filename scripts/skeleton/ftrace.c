// SPDX-License-Identifier: GPL-2.0
/*
 * The arch hooks of chapters 2, 4 and 5 for @ARCH@ (include/linux/ftrace.h
 * declares them).  Each stub fails; its comment names the chapter section
 * that describes it and the suite that proves it.
 */
#include <errno.h>
#include <linux/ftrace.h>

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * EXERCISE(4): docs/02-graph-tracer.md, "The path of one call" and
 * "Per arch: where the return address lives".  parent: the slot the
 * traced function returns through; selfpc: its call site; frame_pointer:
 * what the FP test compares at return.  Hand them to
 * function_graph_enter() and, when it accepts, write return_to_handler
 * into *parent.  Proven by tests/stage2/test_graph.sh (its FP test runs
 * tests/progs/graph/fptest.c with tests/bad_frame.S).
 */
void prepare_ftrace_return(unsigned long *parent, unsigned long selfpc,
			   unsigned long frame_pointer)
{
}
#endif

#ifdef CONFIG_DYNAMIC_FTRACE
/*
 * EXERCISE(6): docs/04-dynamic-ftrace.md, "The site before and after",
 * "Verify, then write" and "Three ways to change code that is running":
 * read the site at rec->ip, check it is what addr says it is (gcc's
 * call of MCOUNT_ADDR, or a call of ftrace_caller), and make it the NOP
 * with ftrace_modify_code().  Proven by tests/stage3/test_dynamic.sh and,
 * byte by byte, tests/dyn_site.sh in this directory.
 */
int ftrace_make_nop(struct module *mod, struct dyn_ftrace *rec,
		    unsigned long addr)
{
	return -EINVAL;
}

/* EXERCISE(6): the reverse: the NOP at rec->ip becomes a call of addr */
int ftrace_make_call(struct dyn_ftrace *rec, unsigned long addr)
{
	return -EINVAL;
}

/* EXERCISE(6): make the instruction at ftrace_call call func */
int ftrace_update_ftrace_func(ftrace_func_t func)
{
	return -EINVAL;
}

/* EXERCISE(6): what the arch must do once before the first conversion */
int ftrace_dyn_arch_init(void)
{
	return 0;
}

/*
 * EXERCISE(6): how many instructions in [start, end) call MCOUNT_ADDR:
 * the start-up report of sites recordmcount never saw
 * (docs/04-dynamic-ftrace.md, "Sites without a record"; proven by
 * tests/stage3/test_unrecorded_sites.sh)
 */
unsigned long ftrace_mcount_calls(unsigned long start, unsigned long end)
{
	return 0;
}
#endif

#if defined(CONFIG_DYNAMIC_FTRACE) && defined(CONFIG_FUNCTION_GRAPH_TRACER)
/*
 * EXERCISE(7): docs/05-dyn-graph.md, "The site, off and on": turn
 * ftrace_graph_call into a jump to ftrace_graph_caller and back.  Proven
 * by tests/stage4/test_dyn_graph.sh.
 */
int ftrace_enable_ftrace_graph_caller(void)
{
	return -EINVAL;
}

int ftrace_disable_ftrace_graph_caller(void)
{
	return -EINVAL;
}
#endif

#ifdef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
/*
 * EXERCISE(10): docs/08-entry.md, 8.4: the graph tracer's ops callback.
 * At the entry the traced function's return address is in struct
 * ftrace_regs (the word at the entry's stack pointer, or the saved link
 * register): hand its slot to prepare_ftrace_return(slot, ip, 0), and let
 * the trampoline put the slot back.  If the arch's sites are not NOPs
 * from the compiler, or need a first write (AArch64's "mov x9, x30"),
 * define ftrace_init_nop() too (asm/ftrace.h: #define ftrace_init_nop).
 * Proven by tests/stage5/test_entry.sh and every suite at stage 5.
 */
void ftrace_graph_func(unsigned long ip, unsigned long parent_ip,
		       struct ftrace_ops *op, struct ftrace_regs *fregs)
{
}

/*
 * EXERCISE(10): docs/08-entry.md, 8.8: an enabled site's call of
 * old_addr becomes one of addr; -ERANGE where the site cannot reach addr
 * (the generic code then keeps ftrace_caller).
 */
int ftrace_modify_call(struct dyn_ftrace *rec, unsigned long old_addr,
		       unsigned long addr)
{
	return -ERANGE;
}
#endif
