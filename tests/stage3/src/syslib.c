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
#include "blockall.h"

static __attribute__((constructor)) void syslib_init(void)
{
	static const char msg[] = "syslib here\n";

	if (getppid() > 0 && write(1, msg, sizeof(msg) - 1) < 0)
		_exit(9);
}

/*
 * Every signal blocked, as a library's worker threads often start: by
 * sigprocmask() here, and the thread made meanwhile inherits it.
 */
void syslib_blockall(void)
{
	blocked_calls("lib blocked", sigprocmask);
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
