// SPDX-License-Identifier: GPL-2.0
/*
 * STACKTRACE_SUPPORT for @ARCH@: save_stack_trace() (linux/stacktrace.h).
 *
 * EXERCISE(3): chapter 0, 0.1 (docs/00-prerequisites.md): walk the
 * frame-pointer chain (or read prologues, as MIPS must) from the caller
 * of save_stack_trace(), skipping trace->skip entries, stopping at
 * trace->max_entries, at a frame outside the stack, or at a next frame
 * more than TEST_STACK_WALK_LIMIT_MB away (tests/facts.sh).  Proven by
 * tests/stage1/test_function.sh (func_stack_trace) and test_frames.sh.
 */
#include <linux/stacktrace.h>

void save_stack_trace(struct stack_trace *trace)
{
	trace->nr_entries = 0;
}
