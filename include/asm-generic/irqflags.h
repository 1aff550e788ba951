/* SPDX-License-Identifier: GPL-2.0 */
/*
 * TRACE_IRQFLAGS_SUPPORT, user-space edition.
 *
 * A process has no interrupts, but it has their exact analogue: a signal
 * handler can run between any two instructions of the thread it lands on.
 * "Disabling interrupts" is blocking every signal in the thread's mask
 * (but the traps the kit causes itself, below), and the saved "flags" are
 * the previous mask.  It is a system call, so the
 * tracer's hot path never uses it: it is for the rare slow paths (a thread's
 * first event, switching tracers, writing the trace out).  Every arch can use
 * this file as it is; an arch's asm/irqflags.h includes it.
 *
 * The helpers are never traced (always inlined, no mcount), even when a
 * traced program built at -O0 uses them.
 *
 * local_irq_depth counts the saves not yet restored, so that the tracer can
 * tell without a system call that an event happened with "irqs off" (the
 * 'd' of the trace's irqs-off column; linux/hardirq.h).  The mask's own
 * system call is the kit's work, not the program's (ftrace_kit_work: no
 * event shows it).
 */
#ifndef _ASM_GENERIC_IRQFLAGS_H
#define _ASM_GENERIC_IRQFLAGS_H

#include <signal.h>
#include <pthread.h>

typedef sigset_t irqflags_t;

extern __thread unsigned int local_irq_depth;
extern __thread unsigned int ftrace_kit_work;	/* linux/hardirq.h */
/*
 * Signals left open, bit sig - 1: the synchronous traps the kit itself
 * causes (linux/trap_signal.h), as the kernel's int3 works with
 * interrupts off.
 */
extern unsigned long local_irq_never_blocked;

static inline __attribute__((always_inline, no_instrument_function))
void arch_local_irq_save(irqflags_t *flags)
{
	unsigned long open = local_irq_never_blocked;
	sigset_t all;

	sigfillset(&all);
	while (open) {
		int bit = __builtin_ctzl(open);

		sigdelset(&all, bit + 1);
		open &= open - 1;
	}
	ftrace_kit_work++;
	pthread_sigmask(SIG_BLOCK, &all, flags);
	local_irq_depth++;		/* no signal can see it half-done */
	ftrace_kit_work--;
}

static inline __attribute__((always_inline, no_instrument_function))
void arch_local_irq_restore(const irqflags_t *flags)
{
	ftrace_kit_work++;
	local_irq_depth--;
	pthread_sigmask(SIG_SETMASK, flags, NULL);
	ftrace_kit_work--;
}

#define local_irq_save(f)	arch_local_irq_save(&(f))
#define local_irq_restore(f)	arch_local_irq_restore(&(f))

#endif
