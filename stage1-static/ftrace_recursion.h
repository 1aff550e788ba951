/* SPDX-License-Identifier: GPL-2.0 */
/* The recursion guard of FTRACE_OPS_FL_RECURSION (ftrace_recursion.c). */
#ifndef _FTRACE_RECURSION_H
#define _FTRACE_RECURSION_H

#include <linux/ftrace.h>

/* Call op->func, through the guard when op asks for it. */
void ftrace_ops_call(struct ftrace_ops *op, unsigned long ip,
		     unsigned long parent_ip, struct ftrace_regs *fregs);

#endif
