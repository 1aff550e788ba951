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
 *
 * With -DHIJACK_REC, the least a graph tracer does to give the kit's
 * output: an entry of the thread's return stack (the return address, the
 * function, the entry time, the depth; a full stack is not pushed) and
 * one record per event written by the kit's own trace_record()
 * (include/linux/ring_buffer.h) into a ring of the thread's, two a call.
 * No context flags, no filter, no second user, no leaf merge, and none of
 * the cases the kit's return stack must get right (signal handlers that
 * push in between, longjmp, other stacks).  What the kit pays beyond it
 * is the price of those.
 */
#include <asm/trace_clock.h>
#ifdef HIJACK_REC
#include <linux/ring_buffer.h>
#endif

#define HJ_DEPTH	4096	/* deeper than the workload goes */

int x86_have_rdpid;		/* (asm/trace_clock.h's fallback) */

void hj_return(void);

#ifdef HIJACK_REC
#define HJ_RING		(1UL << 16)	/* slots: 2 MB, overwritten */

static struct trace_entry hj_ring[HJ_RING];
static struct trace_buffer hj_buffer = {
	.mask		= HJ_RING - 1,
	.entries	= hj_ring,
};
__thread struct trace_buffer *this_buffer;

/* trace_record()'s first record of a thread: the one ring */
void *__trace_buffer_claim(void *unused)
{
	return &hj_buffer;
}

void *kernel_fpu_call(void *(*fn)(void *), void *arg)
{
	return fn(arg);
}

static __thread struct {
	unsigned long		ret, func;
	unsigned long long	calltime;
	int			depth;
} hj_frames[HJ_DEPTH];
static __thread int hj_depth;

/*
 * slot: the traced function's return slot, as mcount found it; func:
 * mcount's return address, in the function
 */
void hj_enter(unsigned long *slot, unsigned long func)
{
	int d = hj_depth;
	unsigned int cpu;

	if (d >= HJ_DEPTH)
		return;
	hj_frames[d].ret = *slot;
	hj_frames[d].func = func;
	hj_frames[d].calltime = trace_clock_local(&cpu);
	hj_frames[d].depth = d;
	hj_depth = d + 1;
	trace_record(TRACE_GRAPH_ENT, hj_frames[d].calltime, func, 0, cpu, d,
		     0);
	*slot = (unsigned long)hj_return;
}

unsigned long hj_exit(void)
{
	int d = --hj_depth;
	unsigned long long now;
	unsigned int cpu;

	now = trace_clock_local(&cpu);
	trace_record(TRACE_GRAPH_RET, now, hj_frames[d].func,
		     hj_frames[d].calltime, cpu, d, 0);
	return hj_frames[d].ret;
}
#else
static struct {
	unsigned long		ret;
	unsigned long long	time;
} hj_stack[HJ_DEPTH], *hj_top = hj_stack;
unsigned long long hj_last;	/* the duration: used, not dead */
unsigned int hj_cpu;

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
#endif
