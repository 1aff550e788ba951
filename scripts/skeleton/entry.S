/* SPDX-License-Identifier: GPL-2.0 */
/*
 * @ARCH@ entry trampoline: stage 5 (docs/08-entry.md).
 *
 * EXERCISE(10): replace this comment's first part with the site as the
 * compiler emits it at each function's entry (ENTRY_CFLAGS in arch.mk:
 * objdump -d of such an object), the disabled and enabled forms, and the
 * registers and stack on entry to ftrace_caller; then write
 * ftrace_caller: save the argument registers, the stack pointer on
 * entry, the return address (or its slot) and where to go on in struct
 * ftrace_regs (asm/ftrace.h); call the tracer through the patchable
 * ftrace_call site with (ip = rec->ip, parent_ip, function_trace_op,
 * fregs); reload every argument register and the return address from
 * fregs, and go on at fregs' instruction pointer.  ENTRY_SYMBOL, if the
 * sites call one, is a stub that returns at once.  mcount.S leaves out
 * its chapter 4 and 5 trampolines under CONFIG_DYNAMIC_FTRACE_WITH_ARGS
 * (arch/x86_64/mcount.S shows how); its return_to_handler passes the
 * return-value register as a third argument under
 * CONFIG_FUNCTION_GRAPH_RETVAL (then HAVE_FUNCTION_GRAPH_RETVAL := y).
 * Proven by tests/stage5/test_entry.sh (make check ARCH=@ARCH@ STAGE=5).
 */
	.section .note.GNU-stack, "", @progbits
