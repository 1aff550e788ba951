// SPDX-License-Identifier: GPL-2.0
/*
 * A library, built without the kit, that makes system calls and owns
 * signals by its own calls (tests/stage3/test_syscalls.sh, sysprog
 * dlopen, libblockall, libownsig): its constructor's calls come from the
 * C library's sites like the program's own; the masks and handlers it
 * sets reach the kit as the program's do (stage1-static/interpose.c).
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static __attribute__((constructor)) void syslib_init(void)
{
	static const char msg[] = "syslib here\n";

	if (getppid() > 0 && write(1, msg, sizeof(msg) - 1) < 0)
		_exit(9);
}

static void *caller(void *arg)
{
	long i, sum = 0;

	for (i = 0; i < 50; i++)
		sum += getppid() > 0;
	return (void *)sum;
}

/*
 * Every signal blocked, as a library's worker threads often start: by
 * sigprocmask() here, and the thread made meanwhile inherits it.
 */
void syslib_blockall(void)
{
	sigset_t all, old;
	pthread_t t;
	void *r = NULL;
	int ret;

	sigfillset(&all);
	sigprocmask(SIG_SETMASK, &all, &old);
	ret = pthread_create(&t, NULL, caller, NULL);
	if (!ret)
		pthread_join(t, &r);
	printf("lib blocked: thread %d, calls %ld, ppid %d\n", ret, (long)r,
	       getppid() > 0);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

static volatile sig_atomic_t caught[65];

static void own(int sig)
{
	/* a handler taken for every trap of the kit would loop for ever */
	if (++caught[sig] > 100)
		_exit(3);
}

/* A library that probes with its own SIGILL and SIGTRAP handlers. */
void syslib_ownsig(void)
{
	struct sigaction sa = { .sa_handler = own }, old;

	sigaction(SIGILL, &sa, &old);
	signal(SIGTRAP, own);
	raise(SIGILL);
	raise(SIGTRAP);
	raise(SIGILL);
	printf("lib SIGILL %d SIGTRAP %d ppid %d\n", (int)caught[SIGILL],
	       (int)caught[SIGTRAP], getppid() > 0);
	sigaction(SIGILL, &old, NULL);
	signal(SIGTRAP, SIG_DFL);
	printf("after: ppid %d\n", getppid() > 0);
}
