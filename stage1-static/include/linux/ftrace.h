/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The interface between the arch code (mcount and friends) and the generic
 * function tracing core: chapter 1 of docs/, "HAVE_FUNCTION_TRACER".
 */
#ifndef _LINUX_FTRACE_H
#define _LINUX_FTRACE_H

#include <asm/ftrace.h>

#ifndef __ASSEMBLY__
#include <stddef.h>

#define notrace __attribute__((no_instrument_function))

/* A function symbol's value -> its address (ARM: drop the Thumb bit). */
#ifndef ftrace_sym_addr
#define ftrace_sym_addr(v)	((unsigned long)(v))
#endif

/*
 * The design document passes (frompc, selfpc): frompc is where the traced
 * function will return to (its caller), selfpc is the mcount call site
 * inside the traced function (see MCOUNT_INSN_SIZE in asm/ftrace.h).
 */
typedef void (*ftrace_func_t)(unsigned long frompc, unsigned long selfpc);

struct ftrace_ops {
	ftrace_func_t		func;
	struct ftrace_ops	*next;
	unsigned long		flags;
};

/* The callback calls code that may itself be traced: guard it. */
#define FTRACE_OPS_FL_RECURSION	0x1

/* Never called through the pointer: mcount compares against it. */
void ftrace_stub(unsigned long frompc, unsigned long selfpc);
/* What mcount calls when it is not ftrace_stub; read by the asm. */
extern ftrace_func_t ftrace_trace_function;

int register_ftrace_function(struct ftrace_ops *ops);
int unregister_ftrace_function(struct ftrace_ops *ops);

#endif /* __ASSEMBLY__ */
#endif /* _LINUX_FTRACE_H */
