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
#include <string.h>
#include <poll.h>
#include <pthread.h>
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
int __real_pthread_attr_setsigmask_np(pthread_attr_t *attr,
				      const sigset_t *mask);
int __real_setcontext(const ucontext_t *ucp);
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

int __wrap_pthread_sigmask(int how, const sigset_t *set, sigset_t *old)
{
	sigset_t copy;

	return __real_pthread_sigmask(how, how == SIG_UNBLOCK ? set :
				      unblocked(set, &copy), old);
}

int __wrap_sigprocmask(int how, const sigset_t *set, sigset_t *old)
{
	sigset_t copy;

	return __real_sigprocmask(how, how == SIG_UNBLOCK ? set :
				  unblocked(set, &copy), old);
}

int __wrap_sigsuspend(const sigset_t *mask)
{
	sigset_t copy;

	return __real_sigsuspend(unblocked(mask, &copy));
}

int __wrap_ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *t,
		 const sigset_t *mask)
{
	sigset_t copy;

	return __real_ppoll(fds, nfds, t, unblocked(mask, &copy));
}

int __wrap_pselect(int n, fd_set *r, fd_set *w, fd_set *e,
		   const struct timespec *t, const sigset_t *mask)
{
	sigset_t copy;

	return __real_pselect(n, r, w, e, t, unblocked(mask, &copy));
}

int __wrap_epoll_pwait(int epfd, struct epoll_event *ev, int max,
		       int timeout, const sigset_t *mask)
{
	sigset_t copy;

	return __real_epoll_pwait(epfd, ev, max, timeout,
				  unblocked(mask, &copy));
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

	return __real_setcontext(ucontext_unblocked(ucp, &copy));
}

/*
 * The frames of the context being left go with it (chapter 2), kept in
 * this frame, on that context's stack, until it runs again.  The TLS
 * accesses happen in the hooks, one call each side: across the switch
 * this function may resume on another thread, and a compiler may keep a
 * thread's TLS address in a register across a call.
 */
int __wrap_swapcontext(ucontext_t *oucp, const ucontext_t *ucp)
{
	size_t size = ftrace_graph_ctx_size();
	void *save = alloca(size ? size : 1);
	ucontext_t copy;
	int n, depth, ret;

	n = ftrace_graph_ctx_save(save, &depth);
	ret = __real_swapcontext(oucp, ucontext_unblocked(ucp, &copy));
	ftrace_graph_ctx_restore(save, n, depth);
	return ret;
}
