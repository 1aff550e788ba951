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

/*
 * What the program believes of the never_blocked signals
 * (stage1-static/signal_hold.c): the ones each thread blocks ("held",
 * bit sig - 1) and the sent ones that wait for it to unblock them.
 */
int trap_signal_hold_slot(int sig);	/* sig is never blocked: 0 or -ENOSPC */
unsigned long trap_signal_held(void);
void trap_signal_hold_set(unsigned long held);
/* the program's mask changed as sigprocmask(how, set) says */
void trap_signal_hold_change(int how, const sigset_t *set);
/* add the held signals of bits to mask (a mask the program reads back) */
void trap_signal_hold_mask(sigset_t *mask, unsigned long bits);
/*
 * A reserved signal that is not the kit's: 1 if it waits (held and
 * sent), -1 if held and raised by an instruction (the default action),
 * 0 if the program takes it now.
 */
int trap_signal_hold(int sig, siginfo_t *info);
/* send again what waits and is no longer held: how many were */
int trap_signal_release(void);
/* the held set saved before a temporary change, again, and release */
void trap_signal_hold_restore(unsigned long held);
/* would a mask that holds what mask blocks let one that waits in? */
int trap_signal_would_open(const sigset_t *mask);
/* add what waits to set (sigpending()) */
void trap_signal_pending(sigset_t *set);
/* drop what waits for sig (its disposition became SIG_IGN) */
void trap_signal_discard(int sig);
/* take one that waits and is in set: its number, or 0 */
int trap_signal_take(const sigset_t *set, siginfo_t *info);
/* signals kept so far by this thread: a wait's EINTR may be theirs */
unsigned int trap_signal_kept(void);
/* the thread waits for the held signals of set: a token for _end() */
int trap_signal_wait_begin(const sigset_t *set);
void trap_signal_wait_end(int token);

#endif
