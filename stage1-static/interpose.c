// SPDX-License-Identifier: GPL-2.0
/*
 * signal_mask.c's wrappers for the whole process, not only for the
 * program's own calls.
 *
 * ld --wrap renames the calls of the objects being linked, nothing else:
 * a shared library's pthread_sigmask() would go straight to the C
 * library, and a worker thread that blocks every signal that way can take
 * one of the kit's traps blocked (x86_64's breakpoints while code
 * changes), which ends the process; a coroutine library's swapcontext()
 * would leave the graph tracer's return stack with the wrong context.
 *
 * So a dynamically linked program defines these functions itself (the
 * Kbuild's interpose-y; this object is linked only there, see the
 * Makefile's TRACE_LIBS).  The dynamic linker looks in the executable
 * first, so the program's calls and every library's come here (the C
 * library's calls of its own internal names do not, as with --wrap), and
 * each is signal_mask.c's __wrap_ function.  That calls __real_<name>,
 * which here is the next definition in the lookup order after the
 * executable's: the C library's, found by dlsym(RTLD_NEXT).  A static
 * program has no libraries: there --wrap alone does it (TRACE_STATIC_LIBS),
 * and this file is not linked.
 *
 * dlopen() and dlclose() stay --wrap only: dlopen() searches the paths of
 * the object that calls it, and a library's call made from here would
 * search as the executable.
 */
#include <dlfcn.h>
#include <poll.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <ucontext.h>
#include <linux/init.h>
#include "exec.h"

/*
 * The C library's definition of name, once looked up: each is looked up
 * before the program runs (INTERPOSE's constructor), so never in a
 * handler; a library's constructor, which runs before those, looks it up
 * itself.
 */
static void *libc_lookup(void **slot, const char *name)
{
	void *fn = __atomic_load_n(slot, __ATOMIC_ACQUIRE);

	if (!fn) {
		fn = dlsym(RTLD_NEXT, name);
		__atomic_store_n(slot, fn, __ATOMIC_RELEASE);
	}
	return fn;
}

/* ... for a call: the C library must have it */
static void *libc_next(void **slot, const char *name)
{
	void *fn = libc_lookup(slot, name);

	if (!fn) {	/* a program linked against a C library without it */
		fprintf(stderr, "ftrace: the C library has no %s()\n", name);
		abort();
	}
	return fn;
}

/*
 * INTERPOSE(ret, name, (params), (args)): the program's definition of
 * name, which is the wrapper, and the wrapper's __real_name, which is the
 * C library's, looked up before any tracer starts (an older C library may
 * lack one: then only a call says so).
 */
#define INTERPOSE(ret, name, params, args)				\
	ret __wrap_##name params;					\
	static void *next_##name;					\
	static __init_core void lookup_##name(void)			\
	{								\
		libc_lookup(&next_##name, #name);			\
	}								\
	ret name params							\
	{								\
		return __wrap_##name args;				\
	}								\
	ret __real_##name params					\
	{								\
		ret (*fn) params = libc_next(&next_##name, #name);	\
									\
		return fn args;						\
	}

INTERPOSE(int, pthread_sigmask,
	  (int how, const sigset_t *set, sigset_t *old), (how, set, old))
INTERPOSE(int, sigprocmask,
	  (int how, const sigset_t *set, sigset_t *old), (how, set, old))
INTERPOSE(int, sigsuspend, (const sigset_t *mask), (mask))
INTERPOSE(int, ppoll,
	  (struct pollfd *fds, nfds_t nfds, const struct timespec *t,
	   const sigset_t *mask), (fds, nfds, t, mask))
INTERPOSE(int, pselect,
	  (int n, fd_set *r, fd_set *w, fd_set *e, const struct timespec *t,
	   const sigset_t *mask), (n, r, w, e, t, mask))
INTERPOSE(int, epoll_pwait,
	  (int epfd, struct epoll_event *ev, int max, int timeout,
	   const sigset_t *mask), (epfd, ev, max, timeout, mask))
INTERPOSE(int, sigpending, (sigset_t *set), (set))
INTERPOSE(int, sigwait, (const sigset_t *set, int *sig), (set, sig))
INTERPOSE(int, sigwaitinfo, (const sigset_t *set, siginfo_t *info),
	  (set, info))
INTERPOSE(int, sigtimedwait,
	  (const sigset_t *set, siginfo_t *info, const struct timespec *t),
	  (set, info, t))
INTERPOSE(int, pthread_attr_setsigmask_np,
	  (pthread_attr_t *attr, const sigset_t *mask), (attr, mask))
INTERPOSE(int, execve,
	  (const char *path, char *const argv[], char *const envp[]),
	  (path, argv, envp))
INTERPOSE(int, execv, (const char *path, char *const argv[]), (path, argv))
INTERPOSE(int, execvp, (const char *file, char *const argv[]), (file, argv))
INTERPOSE(int, execvpe,
	  (const char *file, char *const argv[], char *const envp[]),
	  (file, argv, envp))
INTERPOSE(int, fexecve, (int fd, char *const argv[], char *const envp[]),
	  (fd, argv, envp))
INTERPOSE(int, execveat,
	  (int dirfd, const char *path, char *const argv[],
	   char *const envp[], int flags), (dirfd, path, argv, envp, flags))
/* the list forms gather their arguments themselves (exec.c) */
EXEC_LIST(execl, 'l')
EXEC_LIST(execle, 'e')
EXEC_LIST(execlp, 'p')
INTERPOSE(int, setcontext, (const ucontext_t *ucp), (ucp))
INTERPOSE(int, swapcontext, (ucontext_t *oucp, const ucontext_t *ucp),
	  (oucp, ucp))

/*
 * The jumps that restore a saved mask: INTERPOSE's shape, for functions
 * that do not return.
 */
#define INTERPOSE_JUMP(name)						\
	void __wrap_##name(struct __jmp_buf_tag env[1], int val)		\
		__attribute__((noreturn));				\
	void name(struct __jmp_buf_tag env[1], int val)			\
		__attribute__((noreturn));				\
	static void *next_##name;					\
	static __init_core void lookup_##name(void)			\
	{								\
		libc_lookup(&next_##name, #name);			\
	}								\
	void name(struct __jmp_buf_tag env[1], int val)			\
	{								\
		__wrap_##name(env, val);				\
	}								\
	void __real_##name(struct __jmp_buf_tag env[1], int val)		\
	{								\
		void (*fn)(struct __jmp_buf_tag *, int) =		\
			libc_next(&next_##name, #name);			\
									\
		fn(env, val);						\
		__builtin_unreachable();				\
	}

INTERPOSE_JUMP(siglongjmp)
INTERPOSE_JUMP(longjmp)
INTERPOSE_JUMP(__longjmp_chk)

/*
 * clone() takes three more arguments after arg, which INTERPOSE cannot
 * say: they are passed on as the C library reads them, all three.
 */
int __wrap_clone(int (*fn)(void *), void *stack, int flags, void *arg, ...);
static void *next_clone;

static __init_core void lookup_clone(void)
{
	libc_lookup(&next_clone, "clone");
}

#define CLONE_REST(ap, a, b, c)						\
	do {								\
		va_start(ap, arg);					\
		a = va_arg(ap, void *);					\
		b = va_arg(ap, void *);					\
		c = va_arg(ap, void *);					\
		va_end(ap);						\
	} while (0)

int clone(int (*fn)(void *), void *stack, int flags, void *arg, ...)
{
	void *ptid, *tls, *ctid;
	va_list ap;

	CLONE_REST(ap, ptid, tls, ctid);
	return __wrap_clone(fn, stack, flags, arg, ptid, tls, ctid);
}

int __real_clone(int (*fn)(void *), void *stack, int flags, void *arg, ...)
{
	int (*next)(int (*)(void *), void *, int, void *, ...) =
		libc_next(&next_clone, "clone");
	void *ptid, *tls, *ctid;
	va_list ap;

	CLONE_REST(ap, ptid, tls, ctid);
	return next(fn, stack, flags, arg, ptid, tls, ctid);
}
