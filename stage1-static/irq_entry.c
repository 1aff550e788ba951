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
 * The kit may also reserve a signal for itself (linux/trap_signal.h):
 * then trap_signal_entry() is what the kernel calls, and it passes to the
 * program what is not the kit's, through signal_irq_entry() as usual.
 *
 * A handler left by siglongjmp() never reaches irq_exit().  Each level
 * remembers where its entry frame is on the stack; an event whose frame is
 * above it (stacks grow down on every arch of the kit) was recorded after
 * the jump, and the level is dropped then (irq_ctx_flags()).  Handlers on
 * an alternate signal stack placed above the thread's stack defeat that
 * test.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <ucontext.h>
#include <linux/event_path.h>
#include <linux/hardirq.h>
#include <linux/trap_signal.h>

__thread unsigned int local_irq_depth;
__thread unsigned int irq_count;
/* signals local_irq_save() leaves open: bit sig - 1 (trap_signal.h) */
unsigned long local_irq_never_blocked;

#define IRQ_NEST_MAX	8
/* 0: not known yet (a nested handler may run before it is set) */
static __thread uintptr_t irq_frame[IRQ_NEST_MAX];

static struct irq_action {
	void	*handler;	/* as the program gave it */
	int	flags;
	sigset_t mask;		/* its sa_mask */
} irq_actions[NSIG];

/* the kit's own use of a signal (trap_signal_reserve()) */
static trap_signal_fn trap_fns[NSIG];

/* the C library's own entry point, under the name it exports */
extern int __sigaction(int sig, const struct sigaction *act,
		       struct sigaction *oact);

#define barrier()	__asm__ __volatile__("" ::: "memory")

__event_path unsigned int irq_ctx_flags(void)
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

/*
 * While the program's handler runs, the kernel blocks its sa_mask and,
 * without SA_NODEFER, the signal itself.  The never-blocked signals among
 * them are held instead (signal_hold.c): one sent meanwhile waits for the
 * handler to return, sigprocmask() reads them back blocked.  The return
 * puts back what the interrupted code held, as sigreturn puts back its
 * mask, and sends on what waited for that (trap_signal_hold_restore()).
 * Returns the held set to put back.
 */
static unsigned long handler_hold(int sig, const struct irq_action *a,
				  int flags)
{
	unsigned long held = trap_signal_held();
	sigset_t block;

	if (!__atomic_load_n(&local_irq_never_blocked, __ATOMIC_RELAXED))
		return held;
	block = a->mask;
	if (!(flags & SA_NODEFER))
		sigaddset(&block, sig);
	trap_signal_hold_change(SIG_BLOCK, &block);
	return held;
}

static void signal_irq_entry(int sig, siginfo_t *info, void *uc)
{
	struct irq_action *a = &irq_actions[sig];
	void *h = __atomic_load_n(&a->handler, __ATOMIC_ACQUIRE);
	int flags = a->flags;
	volatile char here;
	unsigned int idx = irq_count, work = ftrace_kit_work;
	unsigned int probe = ftrace_in_probe;
	unsigned long held;

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
	ftrace_kit_work = 0;		/* the handler is the program's */
	ftrace_in_probe = 0;
	barrier();
	if (idx < IRQ_NEST_MAX)
		irq_frame[idx] = (uintptr_t)&here;
	held = handler_hold(sig, a, flags);
	if (flags & SA_SIGINFO)
		((void (*)(int, siginfo_t *, void *))h)(sig, info, uc);
	else
		((void (*)(int))h)(sig);
	if (idx < IRQ_NEST_MAX)
		irq_frame[idx] = 0;
	barrier();
	ftrace_kit_work = work;
	ftrace_in_probe = probe;
	irq_count = idx;
	trap_signal_hold_restore(held);
}

/* local_irq_never_blocked holds the first signals, a bit each */
#define NEVER_BLOCKED_MAX	((int)sizeof(local_irq_never_blocked) * 8)

static int never_blocked(int sig)
{
	return sig > 0 && sig <= NEVER_BLOCKED_MAX &&
	       (__atomic_load_n(&local_irq_never_blocked, __ATOMIC_RELAXED) >>
		(sig - 1)) & 1;
}

void trap_signal_unblock(sigset_t *set)
{
	int sig;

	for (sig = 1; sig <= NEVER_BLOCKED_MAX && sig < NSIG; sig++)
		if (never_blocked(sig))
			sigdelset(set, sig);
}

/*
 * A reserved signal that is not the kit's: what the kernel would have
 * done with it, had the kit not been there.  One the program blocks
 * waits, or is a blocked trap (signal_hold.c).  The program's handler
 * runs with the mask the kernel would have given it (the interrupted
 * code's, its sa_mask and the signal itself, less the never-blocked
 * signals) and its SA_RESETHAND; the default action is the kernel's,
 * taken again with the signal's default disposition.  A sent signal can
 * be ignored; a trap (an instruction's: si_code > 0) of a never-blocked
 * signal cannot, nor when blocked (the kernel's force_sig_info_to_task()
 * for synchronous signals, kernel/signal.c, v6.12), and is default then.
 */
static void trap_signal_forward(int sig, siginfo_t *info, void *ucv)
{
	struct irq_action *a = &irq_actions[sig];
	void *h = __atomic_load_n(&a->handler, __ATOMIC_ACQUIRE);
	int hold = trap_signal_hold(sig, info);
	ucontext_t *uc = ucv;
	struct sigaction dfl, ours;
	sigset_t mask, old;

	if (hold > 0)
		return;
	if (h == (void *)SIG_IGN && !hold &&
	    (!never_blocked(sig) || info->si_code <= 0))
		return;
	if (hold < 0 || h == (void *)SIG_DFL || h == (void *)SIG_IGN) {
		memset(&dfl, 0, sizeof(dfl));
		dfl.sa_handler = SIG_DFL;
		__sigaction(sig, &dfl, &ours);
		sigemptyset(&mask);
		sigaddset(&mask, sig);
		kit_work_begin();	/* (the masks are the kit's) */
		pthread_sigmask(SIG_UNBLOCK, &mask, &old);
		raise(sig);		/* the default action, if it ends us */
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		kit_work_end();
		__sigaction(sig, &ours, NULL);
		return;
	}
	sigorset(&mask, &uc->uc_sigmask, &a->mask);
	if (!(a->flags & SA_NODEFER))
		sigaddset(&mask, sig);
	trap_signal_unblock(&mask);
	kit_work_begin();
	pthread_sigmask(SIG_SETMASK, &mask, &old);
	kit_work_end();
	signal_irq_entry(sig, info, uc);
	kit_work_begin();
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	kit_work_end();
}

static void trap_signal_entry(int sig, siginfo_t *info, void *uc)
{
	trap_signal_fn fn = __atomic_load_n(&trap_fns[sig], __ATOMIC_ACQUIRE);
	int saved_errno = errno;

	if (!fn || !fn(sig, info, uc))
		trap_signal_forward(sig, info, uc);
	errno = saved_errno;
}

/* The kernel's side of a reserved signal: the kit's entry, always. */
static int trap_signal_install(int sig)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = trap_signal_entry;
	/*
	 * A trap may come inside the program's handler of the same signal:
	 * never deferred.  Every other signal waits while the kit's part
	 * runs (nothing can leave it by siglongjmp()); the program's handler
	 * gets its own mask (trap_signal_forward()).  The alternate stack if
	 * the program wants it for its handler.
	 */
	sa.sa_flags = SA_SIGINFO | SA_RESTART | SA_NODEFER |
		      (irq_actions[sig].flags & SA_ONSTACK);
	sigfillset(&sa.sa_mask);
	trap_signal_unblock(&sa.sa_mask);
	return __sigaction(sig, &sa, NULL) ? -errno : 0;
}

int trap_signal_reserve(int sig, trap_signal_fn fn, int never)
{
	struct sigaction cur;
	sigset_t set;
	int i, ret;

	if (sig <= 0 || sig >= NSIG || (never && sig > NEVER_BLOCKED_MAX))
		return -EINVAL;
	if (trap_fns[sig])
		return trap_fns[sig] == fn ? 0 : -EBUSY;
	/* what the program has now becomes what it is forwarded to */
	if (__sigaction(sig, NULL, &cur))
		return -errno;
	if (cur.sa_sigaction != signal_irq_entry) {
		irq_actions[sig].handler = (void *)cur.sa_handler;
		irq_actions[sig].flags = cur.sa_flags;
		irq_actions[sig].mask = cur.sa_mask;
	}
	if (never) {
		ret = trap_signal_hold_slot(sig);
		if (ret)
			return ret;
		__atomic_or_fetch(&local_irq_never_blocked, 1UL << (sig - 1),
				  __ATOMIC_RELAXED);
	}
	__atomic_store_n(&trap_fns[sig], fn, __ATOMIC_RELEASE);
	ret = trap_signal_install(sig);
	if (ret) {
		trap_fns[sig] = NULL;
		__atomic_and_fetch(&local_irq_never_blocked,
				   ~(1UL << (sig - 1)), __ATOMIC_RELAXED);
		return ret;
	}
	if (never) {
		/* out of the masks of the kit's other entries too */
		for (i = 1; i < NSIG; i++)
			if (i != sig && trap_fns[i])
				trap_signal_install(i);
		/* blocked here so far: held from now on */
		sigemptyset(&set);
		sigaddset(&set, sig);
		kit_work_begin();
		ret = pthread_sigmask(SIG_UNBLOCK, &set, &cur.sa_mask);
		kit_work_end();
		if (!ret && sigismember(&cur.sa_mask, sig) == 1)
			trap_signal_hold_change(SIG_BLOCK, &set);
	}
	return 0;
}

int sigaction(int sig, const struct sigaction *act, struct sigaction *oact)
{
	struct irq_action prev;
	struct sigaction real, old;
	int wrap = 0, ret;

	if (sig <= 0 || sig >= NSIG)
		return __sigaction(sig, act, oact);	/* its error */
	prev = irq_actions[sig];
	if (__atomic_load_n(&trap_fns[sig], __ATOMIC_ACQUIRE)) {
		/* reserved: the program's choice is kept, not installed */
		if (act) {
			if (act->sa_handler == SIG_IGN)
				trap_signal_discard(sig);
			irq_actions[sig].flags = act->sa_flags;
			irq_actions[sig].mask = act->sa_mask;
			__atomic_store_n(&irq_actions[sig].handler,
					 (void *)act->sa_handler,
					 __ATOMIC_RELEASE);
			if ((act->sa_flags ^ prev.flags) & SA_ONSTACK)
				trap_signal_install(sig);
		}
		if (oact) {
			memset(oact, 0, sizeof(*oact));
			oact->sa_handler = (void (*)(int))prev.handler;
			oact->sa_flags = prev.flags;
			oact->sa_mask = prev.mask;
		}
		return 0;
	}
	if (act) {
		real = *act;
		wrap = act->sa_handler != SIG_DFL &&
		       act->sa_handler != SIG_IGN;
		if (wrap) {
			irq_actions[sig].flags = act->sa_flags;
			irq_actions[sig].mask = act->sa_mask;
			__atomic_store_n(&irq_actions[sig].handler,
					 (void *)act->sa_handler,
					 __ATOMIC_RELEASE);
			real.sa_sigaction = signal_irq_entry;
			real.sa_flags |= SA_SIGINFO;
		}
		/* a trap the kit may raise is never blocked in a handler */
		trap_signal_unblock(&real.sa_mask);
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
			oact->sa_mask = prev.mask;
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
				 sighandler_t (*install)(int, sighandler_t),
				 int flags)
{
	struct sigaction old, cur;

	if (sigaction(sig, NULL, &old))
		return SIG_ERR;
	/*
	 * A signal the kit reserved must not reach the kernel: its flags
	 * as the C library would set them, kept by our sigaction().
	 */
	if (sig > 0 && sig < NSIG &&
	    __atomic_load_n(&trap_fns[sig], __ATOMIC_ACQUIRE)) {
		memset(&cur, 0, sizeof(cur));
		cur.sa_handler = handler;
		cur.sa_flags = flags;
		sigemptyset(&cur.sa_mask);
		return sigaction(sig, &cur, NULL) ? SIG_ERR : old.sa_handler;
	}
	if (install(sig, handler) == SIG_ERR)
		return SIG_ERR;
	if (handler != SIG_DFL && handler != SIG_IGN &&
	    !sigaction(sig, NULL, &cur) && cur.sa_handler == handler)
		sigaction(sig, &cur, NULL);
	return old.sa_handler;
}

sighandler_t signal(int sig, sighandler_t handler)
{
	return libc_install(sig, handler, bsd_signal, SA_RESTART);
}

sighandler_t ssignal(int sig, sighandler_t handler)
{
	return libc_install(sig, handler, bsd_signal, SA_RESTART);
}

sighandler_t sysv_signal(int sig, sighandler_t handler)
{
	return libc_install(sig, handler, __sysv_signal,
			    SA_RESETHAND | SA_NODEFER);
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
