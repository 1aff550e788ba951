/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which context a thread is in, the user-space reading of the kernel's
 * hardirq.h.  A signal handler is the interrupt handler of user space
 * (docs/00-prerequisites.md, 0.2), so:
 *
 *   in_irq()          inside a signal handler
 *   in_nmi()          inside a handler that interrupted another handler:
 *                     like an NMI, it can land even in "irq" context
 *   irqs_disabled()   between local_irq_save() and local_irq_restore()
 *                     (asm-generic/irqflags.h), all signals blocked
 *   in_kit_work()     between kit_work_begin() and kit_work_end(): the
 *                     kit doing its own work on the program's thread (a
 *                     fork's child half, the mask calls of
 *                     local_irq_save()); the system calls it makes there
 *                     are the tracer's, and no event shows them, as the
 *                     kernel never shows its tracer's work as the task's.
 *                     A handler that lands meanwhile is the program's
 *                     again (irq_entry.c saves and clears it).
 *
 * The handler depth is kept by irq_enter()/irq_exit(), which the kit's
 * sigaction() wraps around every handler the program installs
 * (stage1-static/irq_entry.c).  Reading the context costs two loads of
 * thread-local counters, so every event records it (trace_entry.flags).
 */
#ifndef _LINUX_HARDIRQ_H
#define _LINUX_HARDIRQ_H

#include <linux/ring_buffer.h>

extern __thread unsigned int local_irq_depth;	/* asm-generic/irqflags.h */
extern __thread unsigned int irq_count;		/* handlers we are in */
extern __thread unsigned int ftrace_kit_work;
/*
 * A system-call probe is running on the thread (stage3-dynamic/
 * syscall_trap.c): the calls it makes itself are not traced, they would
 * trap into it again.  Kept aside around the program's handlers, as
 * ftrace_kit_work is: a handler that lands meanwhile makes its own calls.
 */
extern __thread unsigned int ftrace_in_probe;

/* Slow path of tracing_gen_ctx(): handlers left by siglongjmp() go. */
unsigned int irq_ctx_flags(void);

static inline int in_irq(void)
{
	return irq_count > 0;
}

static inline int irqs_disabled(void)
{
	return local_irq_depth > 0;
}

static inline int in_kit_work(void)
{
	return ftrace_kit_work > 0;
}

static inline void kit_work_begin(void)
{
	ftrace_kit_work++;
}

static inline void kit_work_end(void)
{
	ftrace_kit_work--;
}

/*
 * The TRACE_FLAG_* bits of an event recorded outside any handler, as the
 * caller saw (!in_irq()): no call to make.  A handler that lands after
 * that test and returns leaves the count as it found it.
 */
static inline unsigned int tracing_gen_ctx_task(void)
{
	return __builtin_expect(local_irq_depth, 0) ? TRACE_FLAG_IRQS_OFF : 0;
}

/* The TRACE_FLAG_* bits of an event recorded now. */
static inline unsigned int tracing_gen_ctx(void)
{
	unsigned int flags = tracing_gen_ctx_task();

	if (__builtin_expect(irq_count, 0))
		flags |= irq_ctx_flags();
	return flags;
}

#endif
