// SPDX-License-Identifier: GPL-2.0
/*
 * Every signal mask the program sets, with the kit's synchronous traps
 * left out (linux/trap_signal.h): a trap the kit causes in a thread that
 * blocks it makes the kernel end the process.
 *
 * The program's calls reach these through the link (wrap-y in Kbuild:
 * ld's --wrap makes its pthread_sigmask() call __wrap_pthread_sigmask(),
 * which calls the C library's as __real_pthread_sigmask()).  Each copies
 * the mask it is given, removes the never-blocked signals and passes the
 * copy on; the program's own sigset_t is never written.  With no trap
 * reserved (every stage but the ones that patch with breakpoints) the
 * copy equals the mask.
 *
 * What this cannot see: masks set by the C library for itself (it blocks
 * every signal around clone(), where no traced code runs) and masks set
 * with a raw system call.
 *
 * swapcontext() is here too, for its mask; it also moves the return
 * stack of the graph tracer with the context (chapter 2's hook,
 * stage2-graph/fgraph_context.c).
 */
#include <alloca.h>
#include <errno.h>
#include <string.h>
#include <poll.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <ucontext.h>
#include <linux/ftrace.h>
#include <asm/irqflags.h>
#include <linux/hardirq.h>
#include <linux/trap_signal.h>

int __real_pthread_sigmask(int how, const sigset_t *set, sigset_t *old);
int __real_sigprocmask(int how, const sigset_t *set, sigset_t *old);
int __real_sigsuspend(const sigset_t *mask);
int __real_ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *t,
		 const sigset_t *mask);
int __real_pselect(int n, fd_set *r, fd_set *w, fd_set *e,
		   const struct timespec *t, const sigset_t *mask);
int __real_epoll_pwait(int epfd, struct epoll_event *ev, int max,
		       int timeout, const sigset_t *mask);
int __real_sigpending(sigset_t *set);
int __real_sigtimedwait(const sigset_t *set, siginfo_t *info,
			const struct timespec *t);
int __real_sigwait(const sigset_t *set, int *sig);
int __real_pthread_attr_setsigmask_np(pthread_attr_t *attr,
				      const sigset_t *mask);
int __real_setcontext(const ucontext_t *ucp);
void __real_siglongjmp(sigjmp_buf env, int val) __attribute__((noreturn));
void __real_longjmp(jmp_buf env, int val) __attribute__((noreturn));
void __real___longjmp_chk(jmp_buf env, int val) __attribute__((noreturn));
void __wrap_siglongjmp(sigjmp_buf env, int val) __attribute__((noreturn));
void __wrap_longjmp(jmp_buf env, int val) __attribute__((noreturn));
void __wrap___longjmp_chk(jmp_buf env, int val) __attribute__((noreturn));
int __real_swapcontext(ucontext_t *oucp, const ucontext_t *ucp);

/* set, or a copy of it without the never-blocked signals */
static const sigset_t *unblocked(const sigset_t *set, sigset_t *copy)
{
	if (!set || !local_irq_never_blocked)
		return set;
	*copy = *set;
	trap_signal_unblock(copy);
	return copy;
}

/*
 * A mask call of the program's: the real mask without the never-blocked
 * signals, the ones it asked to block of those held instead
 * (signal_hold.c), read back in old as if blocked; what it unblocked and
 * waits is sent again.  The kit's own calls (in_kit_work(): its
 * local_irq_save(), the masks it gives a forwarded handler) hold nothing.
 */
static int mask_call(int (*real)(int, const sigset_t *, sigset_t *),
		     int how, const sigset_t *set, sigset_t *old)
{
	unsigned long held = trap_signal_held();
	sigset_t copy;
	int ret;

	ret = real(how, how == SIG_UNBLOCK ? set : unblocked(set, &copy), old);
	if (ret || !local_irq_never_blocked || in_kit_work())
		return ret;
	if (old)
		trap_signal_hold_mask(old, held);
	trap_signal_hold_change(how, set);
	trap_signal_release();
	return 0;
}

int __wrap_pthread_sigmask(int how, const sigset_t *set, sigset_t *old)
{
	return mask_call(__real_pthread_sigmask, how, set, old);
}

int __wrap_sigprocmask(int how, const sigset_t *set, sigset_t *old)
{
	return mask_call(__real_sigprocmask, how, set, old);
}

/*
 * A call that sets mask for its duration holds what mask blocks for as
 * long (a signal kept meanwhile ends it with EINTR, where the kernel
 * would not have woken it), and then what the thread held before.  One
 * that waited and mask opens is taken at the call's start, as the kernel
 * takes it: its handler runs, and the call returns EINTR without waiting
 * (*opened: the call is not made).
 */
/* The thread's mask is mask now: held from it; how many it let in. */
static int hold_mask(const sigset_t *mask)
{
	if (!local_irq_never_blocked)
		return 0;
	trap_signal_hold_change(SIG_SETMASK, mask);
	return trap_signal_release();
}

static unsigned long hold_during(const sigset_t *mask, int *opened)
{
	unsigned long held = trap_signal_held();

	*opened = mask ? hold_mask(mask) : 0;
	return held;
}

static void hold_after(const sigset_t *mask, unsigned long held)
{
	if (mask)
		trap_signal_hold_restore(held);
}

int __wrap_sigsuspend(const sigset_t *mask)
{
	int opened, ret, err;
	unsigned long held = hold_during(mask, &opened);
	sigset_t copy;

	ret = opened ? -1 : __real_sigsuspend(unblocked(mask, &copy));
	err = opened ? EINTR : errno;
	hold_after(mask, held);
	errno = err;
	return ret;
}

/*
 * The polls look at their files first, as the kernel's do_poll() and
 * do_select() (fs/select.c) and ep_poll() (fs/eventpoll.c) do before
 * they look for a signal (v6.12), and a poll that found one ready
 * restores the mask before a signal can be taken (poll_select_finish()
 * and epoll_pwait()'s restore_saved_sigmask_unless()): one that waits
 * and the mask would open stays waiting then.  So
 * such a poll looks first, without waiting (poll_opens()), and takes the
 * signal and returns EINTR only if nothing was ready (select's sets then
 * left as given).
 */
static int poll_opens(const sigset_t *mask)
{
	return mask && local_irq_never_blocked && trap_signal_would_open(mask);
}

static const struct timespec poll_now = { 0, 0 };

int __wrap_ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *t,
		 const sigset_t *mask)
{
	int opened, ret, err;
	unsigned long held;
	sigset_t copy;

	if (poll_opens(mask)) {
		ret = __real_ppoll(fds, nfds, &poll_now,
				   unblocked(mask, &copy));
		if (ret)
			return ret;
	}
	held = hold_during(mask, &opened);
	ret = opened ? -1 :
		       __real_ppoll(fds, nfds, t, unblocked(mask, &copy));
	err = opened ? EINTR : errno;
	hold_after(mask, held);
	errno = err;
	return ret;
}

int __wrap_pselect(int n, fd_set *r, fd_set *w, fd_set *e,
		   const struct timespec *t, const sigset_t *mask)
{
	fd_set *given[3] = { r, w, e }, sets[3];
	int i, opened, ret, err;
	unsigned long held;
	sigset_t copy;

	if (poll_opens(mask)) {
		for (i = 0; i < 3; i++)
			if (given[i])
				sets[i] = *given[i];
		ret = __real_pselect(n, r, w, e, &poll_now,
				     unblocked(mask, &copy));
		if (ret)
			return ret;
		for (i = 0; i < 3; i++)
			if (given[i])
				*given[i] = sets[i];
	}
	held = hold_during(mask, &opened);
	ret = opened ? -1 :
		       __real_pselect(n, r, w, e, t, unblocked(mask, &copy));
	err = opened ? EINTR : errno;
	hold_after(mask, held);
	errno = err;
	return ret;
}

int __wrap_epoll_pwait(int epfd, struct epoll_event *ev, int max,
		       int timeout, const sigset_t *mask)
{
	int opened, ret, err;
	unsigned long held;
	sigset_t copy;

	if (poll_opens(mask)) {
		ret = __real_epoll_pwait(epfd, ev, max, 0,
					 unblocked(mask, &copy));
		if (ret)
			return ret;
	}
	held = hold_during(mask, &opened);
	ret = opened ? -1 : __real_epoll_pwait(epfd, ev, max, timeout,
					       unblocked(mask, &copy));
	err = opened ? EINTR : errno;
	hold_after(mask, held);
	errno = err;
	return ret;
}

/* What waits, the held signals too. */
int __wrap_sigpending(sigset_t *set)
{
	int ret = __real_sigpending(set);

	if (!ret && local_irq_never_blocked)
		trap_signal_pending(set);
	return ret;
}

/*
 * A wait for signals: a held one that waits already is taken here; one
 * sent during the wait reaches the kernel's wait directly (it is not
 * blocked), or, sent to the process and taken by another thread that
 * holds it, is sent on to this one (trap_signal_wait_begin()).  One kept
 * by this thread ends the wait with EINTR: taken then.  (One sent in the
 * few instructions between the first look and the wait waits until the
 * next signal or the timeout.)
 */
int __wrap_sigtimedwait(const sigset_t *set, siginfo_t *info,
			const struct timespec *t)
{
	siginfo_t si, *ip = info ? info : &si;
	unsigned int kept;
	int token, ret, err = 0;

	if (!local_irq_never_blocked || !set)
		return __real_sigtimedwait(set, info, t);
	token = trap_signal_wait_begin(set);
	for (;;) {
		ret = trap_signal_take(set, ip);
		if (ret)
			break;
		kept = trap_signal_kept();
		ret = __real_sigtimedwait(set, info, t);
		err = errno;
		if (ret >= 0 || err != EINTR || kept == trap_signal_kept())
			break;
		/* kept: taken at the top, or waited for again (held) */
	}
	trap_signal_wait_end(token);
	if (ret < 0)
		errno = err;
	return ret;
}

int __wrap_sigwaitinfo(const sigset_t *set, siginfo_t *info)
{
	return __wrap_sigtimedwait(set, info, NULL);
}

/* sigwait() returns the error, and is never interrupted */
int __wrap_sigwait(const sigset_t *set, int *sig)
{
	int ret;

	if (!local_irq_never_blocked)
		return __real_sigwait(set, sig);
	do
		ret = __wrap_sigtimedwait(set, NULL, NULL);
	while (ret < 0 && errno == EINTR);
	if (ret < 0)
		return errno;
	*sig = ret;
	return 0;
}

/* the mask a new thread starts its start routine with */
int __wrap_pthread_attr_setsigmask_np(pthread_attr_t *attr,
				      const sigset_t *mask)
{
	sigset_t copy;

	return __real_pthread_attr_setsigmask_np(attr, unblocked(mask, &copy));
}

/*
 * A context carries its own mask (a coroutine library may block every
 * signal in it): resumed from a copy without the never-blocked ones.  The
 * copy's register state is the original's (on x86_64 it even points into
 * the original for its floating-point part).
 */
static const ucontext_t *ucontext_unblocked(const ucontext_t *ucp,
					    ucontext_t *copy)
{
	sigset_t mask = ucp->uc_sigmask;

	if (!local_irq_never_blocked)
		return ucp;
	trap_signal_unblock(&mask);
	if (!memcmp(&mask, &ucp->uc_sigmask, sizeof(mask)))
		return ucp;
	*copy = *ucp;
	copy->uc_sigmask = mask;
	return copy;
}

int __wrap_setcontext(const ucontext_t *ucp)
{
	ucontext_t copy;

	hold_mask(&ucp->uc_sigmask);	/* the context's, from now on */
	return __real_setcontext(ucontext_unblocked(ucp, &copy));
}

/*
 * The frames of the context being left go with it (chapter 2), kept in
 * this frame, on that context's stack, until it runs again; so do the
 * signals it held, which its saved mask lacks.  The TLS accesses happen
 * in the hooks, one call each side: across the switch this function may
 * resume on another thread, and a compiler may keep a thread's TLS
 * address in a register across a call.
 */
int __wrap_swapcontext(ucontext_t *oucp, const ucontext_t *ucp)
{
	size_t size = ftrace_graph_ctx_size();
	void *save = alloca(size ? size : 1);
	unsigned long held = trap_signal_held();
	ucontext_t copy;
	int n, depth, ret;

	n = ftrace_graph_ctx_save(save, &depth);
	hold_mask(&ucp->uc_sigmask);
	ret = __real_swapcontext(oucp, ucontext_unblocked(ucp, &copy));
	ftrace_graph_ctx_restore(save, n, depth);
	trap_signal_hold_restore(held);
	return ret;
}

/*
 * A jump that restores the mask sigsetjmp() saved (glibc's longjmp() is
 * siglongjmp(); __longjmp_chk() is either, fortified): that mask lacks
 * the never-blocked signals, whatever the thread held when it was saved
 * (sigsetjmp() returns twice and cannot be wrapped to learn it), so the
 * thread holds none of them after it: a jump out of a region that blocks
 * them ends it, as in the usual program.
 */
static void jump_hold(struct __jmp_buf_tag *env)
{
	if (env->__mask_was_saved)
		hold_mask(&env->__saved_mask);
}

void __wrap_siglongjmp(sigjmp_buf env, int val)
{
	jump_hold(env);
	__real_siglongjmp(env, val);
}

void __wrap_longjmp(jmp_buf env, int val)
{
	jump_hold(env);
	__real_longjmp(env, val);
}

void __wrap___longjmp_chk(jmp_buf env, int val)
{
	jump_hold(env);
	__real___longjmp_chk(env, val);
}
