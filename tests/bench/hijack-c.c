// SPDX-License-Identifier: GPL-2.0
/*
 * The C half of the bench's "hijack + a C call each way" build
 * (mcount-hijack.S -DHIJACK_C): what any tracer whose per-call work is C
 * pays for getting there and back, beyond the floor of the other rungs.
 * The work is the least a graph tracer does: push the real return
 * address and the entry time on a private stack, and at the return pop
 * them and take the duration, with the CPU number of both events read
 * as the kit reads it (asm/trace_clock.h).  No record, no check, one
 * thread.  Built as the kit's event path is: -O2 -mgeneral-regs-only,
 * with frame pointers.
 */
#include <asm/trace_clock.h>

#define HJ_DEPTH	4096	/* deeper than the workload goes */

int x86_have_rdpid;		/* (asm/trace_clock.h's fallback) */

static struct {
	unsigned long		ret;
	unsigned long long	time;
} hj_stack[HJ_DEPTH], *hj_top = hj_stack;
unsigned long long hj_last;	/* the duration: used, not dead */
unsigned int hj_cpu;

void hj_return(void);

/* slot: the traced function's return slot, as mcount found it */
void hj_enter(unsigned long *slot)
{
	unsigned int cpu;

	hj_top->ret = *slot;
	hj_top->time = trace_clock_local(&cpu);
	hj_top++;
	hj_cpu = cpu;
	*slot = (unsigned long)hj_return;
}

unsigned long hj_exit(void)
{
	unsigned int cpu;

	hj_top--;
	hj_last = trace_clock_local(&cpu) - hj_top->time;
	hj_cpu = cpu;
	return hj_top->ret;
}
