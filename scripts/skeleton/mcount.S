/* SPDX-License-Identifier: GPL-2.0 */
/*
 * @ARCH@ mcount: the door every traced function knocks on.
 *
 * EXERCISE(2): chapter 1 (docs/01-function-tracer.md, 1.2 and 1.3;
 * the porting checklist in 1.10).  Replace this comment's first part with
 * the call site as gcc emits it here (objdump -dr of a -pg object, or
 * docs/generated/toolchain-@ARCH@.txt after "make docs") and the stack and
 * registers on entry, then write:
 *   MCOUNT_SYMBOL (arch.mk): compare ftrace_trace_function with
 *     ftrace_stub and return at once when equal (the fast path); else
 *     save what the traced function may still need (its argument
 *     registers, the return-value registers are free here), call
 *     ftrace_trace_function(ip, parent_ip, function_trace_op, fregs) and
 *     restore.  ip = the call site's address, parent_ip = the traced
 *     function's own return address;
 *   ftrace_stub: an empty function (returns at once).
 * Proven by tests/stage1/test_function.sh and test_abi.sh
 * (make check ARCH=@ARCH@ STAGE=1).
 *
 * EXERCISE(4): chapter 2 (docs/02-graph-tracer.md): the graph test in
 * mcount (ftrace_graph_return / ftrace_graph_entry against their stubs),
 * ftrace_graph_caller calling prepare_ftrace_return(&slot, selfpc, fp),
 * and return_to_handler (saves the return-value registers, calls
 * ftrace_return_to_handler(sp, fp), jumps to what it returns).
 * Proven by tests/stage2/test_graph.sh (its FP test runs
 * tests/progs/graph/fptest.c with tests/bad_frame.S).
 *
 * EXERCISE(6): chapter 4: ftrace_caller with its patchable ftrace_call
 * site (docs/04-dynamic-ftrace.md, "The arch interface").
 * EXERCISE(7): chapter 5: the ftrace_graph_call site in ftrace_caller
 * (docs/05-dyn-graph.md, "The gap filled").
 */
