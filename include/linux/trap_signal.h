/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Signals the kit raises in the program's own threads (chapter 4: the
 * breakpoints of a live patch, the stop of stop_machine()), which the
 * program may use too (stage1-static/irq_entry.c).
 *
 * Once reserved, the kit's entry is the handler the kernel calls: fn
 * takes what is the kit's own (it returns 1); anything else goes to the
 * program's handler, or to the default action, as if the kit were not
 * there.  sigaction() and signal() keep showing the program its own
 * disposition, and record its changes without giving the signal away.
 *
 * A synchronous trap the kit causes (never_blocked) cannot be blocked in
 * the thread that hits it: the kernel would kill the process.  Such a
 * signal is left out of every signal mask the program sets (its
 * sigprocmask() and pthread_sigmask(), a handler's sa_mask, the masks of
 * sigsuspend(), ppoll(), pselect(), epoll_pwait(), a ucontext's: see
 * stage1-static/signal_mask.c), and out of local_irq_save()'s: the
 * kernel's int3 works with interrupts off too.
 */
#ifndef _LINUX_TRAP_SIGNAL_H
#define _LINUX_TRAP_SIGNAL_H

#include <signal.h>

typedef int (*trap_signal_fn)(int sig, siginfo_t *info, void *uc);

/*
 * Take sig for fn, in every thread from now on; 0 or -errno (-EBUSY:
 * reserved for another fn).  Call it before the program starts threads
 * that may block sig, when never_blocked.
 */
int trap_signal_reserve(int sig, trap_signal_fn fn, int never_blocked);
/* Remove the never_blocked signals from set (a mask about to be set). */
void trap_signal_unblock(sigset_t *set);

#endif
