/* SPDX-License-Identifier: GPL-2.0 */
/*
 * "caller ADDR...": where an enabled site may call now, for the tests'
 * site_state (arch/<arch>/tests/dyn_site.sh): ftrace_caller; at chapter 8
 * also each registered ops' own trampoline (x86_64), and the entry for
 * sites without a CALL_OPS literal (FTRACE_PLT_ADDR, aarch64, riscv64).
 */
#ifndef _SITE_DESTS_H
#define _SITE_DESTS_H

#include <stdio.h>
#include <linux/ftrace.h>

static void __attribute__((no_instrument_function)) print_site_dests(void)
{
	struct ftrace_ops *op;

	printf("caller %lx", ftrace_sym_addr(ftrace_caller));
	if (FTRACE_PLT_ADDR != FTRACE_ADDR)
		printf(" %lx", (unsigned long)FTRACE_PLT_ADDR);
	ftrace_lock();
	for (op = ftrace_ops_list_head(); op; op = op->next)
		if (op->trampoline)
			printf(" %lx", op->trampoline);
	ftrace_unlock();
	printf("\n");
}

#endif
