// SPDX-License-Identifier: GPL-2.0
/*
 * irq_enter()/irq_exit() for signal handlers: how the tracer knows that an
 * event happened inside a handler (the 'h' of the trace's hardirq column,
 * the "==========>" of the graph tracer; linux/hardirq.h).
 *
 * The kernel's interrupt entry code raises a counter before it calls a
 * handler.  A program installs its own handlers, so the kit puts its entry
 * code around them: its sigaction(), signal(), ssignal(), sysv_signal()
 * and sigset() (linked into the program, so they come before the C
 * library's) install signal_irq_entry() in the program's place and keep
 * the program's handler in irq_actions[] (signal() and its kin let the C
 * library install the handler, then wrap it; sigset() is built on our
 * sigaction()).
 * signal_irq_entry() raises irq_count, calls the handler, lowers it.
 * sigaction() still reports the program's own handler and flags back.
 *
 * A handler left by siglongjmp() never reaches irq_exit().  Each level
 * remembers where its entry frame is on the stack; an event whose frame is
 * above it (stacks grow down on every arch of the kit) was recorded after
 * the jump, and the level is dropped then (irq_ctx_flags()).  Handlers on
 * an alternate signal stack placed above the thread's stack defeat that
 * test.
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <linux/hardirq.h>

__thread unsigned int local_irq_depth;
__thread unsigned int irq_count;

#define IRQ_NEST_MAX	8
/* 0: not known yet (a nested handler may run before it is set) */
static __thread uintptr_t irq_frame[IRQ_NEST_MAX];

static struct irq_action {
	void	*handler;	/* as the program gave it */
	int	flags;
} irq_actions[NSIG];

/* the C library's own entry point, under the name it exports */
extern int __sigaction(int sig, const struct sigaction *act,
		       struct sigaction *oact);

#define barrier()	__asm__ __volatile__("" ::: "memory")

unsigned int irq_ctx_flags(void)
{
	volatile char here;
	uintptr_t sp = (uintptr_t)&here;
	unsigned int n = irq_count;

	while (n && n <= IRQ_NEST_MAX && irq_frame[n - 1] &&
	       sp > irq_frame[n - 1]) {
		irq_frame[n - 1] = 0;	/* that handler was jumped out of */
		irq_count = --n;
	}
	if (!n)
		return 0;
	return TRACE_FLAG_HARDIRQ | (n > 1 ? TRACE_FLAG_NMI : 0) |
	       (n > 15 ? 15 : n) << 8;
}

static void signal_irq_entry(int sig, siginfo_t *info, void *uc)
{
	struct irq_action *a = &irq_actions[sig];
	void *h = __atomic_load_n(&a->handler, __ATOMIC_ACQUIRE);
	int flags = a->flags;
	volatile char here;
	unsigned int idx = irq_count;

	if (flags & SA_RESETHAND)	/* the kernel reset it already */
		__atomic_store_n(&a->handler, (void *)SIG_DFL,
				 __ATOMIC_RELEASE);
	if (h == (void *)SIG_DFL || h == (void *)SIG_IGN)
		return;			/* changed under our feet */
	/* claim the level first: a nested handler then takes the next one */
	if (idx < IRQ_NEST_MAX)
		irq_frame[idx] = 0;
	barrier();
	irq_count = idx + 1;
	barrier();
	if (idx < IRQ_NEST_MAX)
		irq_frame[idx] = (uintptr_t)&here;
	if (flags & SA_SIGINFO)
		((void (*)(int, siginfo_t *, void *))h)(sig, info, uc);
	else
		((void (*)(int))h)(sig);
	if (idx < IRQ_NEST_MAX)
		irq_frame[idx] = 0;
	barrier();
	irq_count = idx;
}

int sigaction(int sig, const struct sigaction *act, struct sigaction *oact)
{
	struct irq_action prev;
	struct sigaction real, old;
	int wrap = 0, ret;

	if (sig <= 0 || sig >= NSIG)
		return __sigaction(sig, act, oact);	/* its error */
	prev = irq_actions[sig];
	if (act) {
		real = *act;
		wrap = act->sa_handler != SIG_DFL &&
		       act->sa_handler != SIG_IGN;
		if (wrap) {
			irq_actions[sig].flags = act->sa_flags;
			__atomic_store_n(&irq_actions[sig].handler,
					 (void *)act->sa_handler,
					 __ATOMIC_RELEASE);
			real.sa_sigaction = signal_irq_entry;
			real.sa_flags |= SA_SIGINFO;
		}
	}
	ret = __sigaction(sig, act ? &real : NULL, &old);
	if (ret) {
		irq_actions[sig] = prev;
		return ret;
	}
	if (act && !wrap)
		__atomic_store_n(&irq_actions[sig].handler,
				 (void *)act->sa_handler, __ATOMIC_RELEASE);
	if (oact) {
		*oact = old;
		if (old.sa_sigaction == signal_irq_entry) {
			oact->sa_handler = (void (*)(int))prev.handler;
			oact->sa_flags = (old.sa_flags & ~SA_SIGINFO) |
					 (prev.flags & SA_SIGINFO);
		}
	}
	return 0;
}

/*
 * signal() is the C library's own (its flags depend on siginterrupt()),
 * and so are sysv_signal() (one-shot, SA_RESETHAND | SA_NODEFER) and
 * ssignal() (signal() under another name): the C library installs the
 * handler through its internal sigaction, not ours, and libc_install()
 * then puts the entry code around it.  A signal in between runs the
 * handler unwrapped: its events miss the 'h', no more.  The previous
 * handler is the program's, as our sigaction() reports it.
 */
extern sighandler_t bsd_signal(int sig, sighandler_t handler);
extern sighandler_t __sysv_signal(int sig, sighandler_t handler);

static sighandler_t libc_install(int sig, sighandler_t handler,
				 sighandler_t (*install)(int, sighandler_t))
{
	struct sigaction old, cur;

	if (sigaction(sig, NULL, &old))
		return SIG_ERR;
	if (install(sig, handler) == SIG_ERR)
		return SIG_ERR;
	if (handler != SIG_DFL && handler != SIG_IGN &&
	    !sigaction(sig, NULL, &cur) && cur.sa_handler == handler)
		sigaction(sig, &cur, NULL);
	return old.sa_handler;
}

sighandler_t signal(int sig, sighandler_t handler)
{
	return libc_install(sig, handler, bsd_signal);
}

sighandler_t ssignal(int sig, sighandler_t handler)
{
	return libc_install(sig, handler, bsd_signal);
}

sighandler_t sysv_signal(int sig, sighandler_t handler)
{
	return libc_install(sig, handler, __sysv_signal);
}

/*
 * sigset() (System V) has no other name in the C library to call, so it
 * is written here on top of our sigaction(), with its rules: SIG_HOLD
 * blocks sig and leaves the handler; anything else installs it (no
 * flags, an empty mask) and unblocks sig.  Both return SIG_HOLD if sig
 * was blocked before, else the previous handler.
 */
sighandler_t sigset(int sig, sighandler_t disp)
{
	struct sigaction act, old;
	sigset_t set, prev;

	if (disp == SIG_ERR || sigemptyset(&set) || sigaddset(&set, sig)) {
		errno = EINVAL;
		return SIG_ERR;
	}
	if (disp == SIG_HOLD) {
		if (sigprocmask(SIG_BLOCK, &set, &prev) ||
		    sigaction(sig, NULL, &old))
			return SIG_ERR;
	} else {
		memset(&act, 0, sizeof(act));
		act.sa_handler = disp;
		sigemptyset(&act.sa_mask);
		if (sigaction(sig, &act, &old) ||
		    sigprocmask(SIG_UNBLOCK, &set, &prev))
			return SIG_ERR;
	}
	return sigismember(&prev, sig) ? SIG_HOLD : old.sa_handler;
}
