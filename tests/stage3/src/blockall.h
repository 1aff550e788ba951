/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every signal blocked, a thread made and joined meanwhile that makes 50
 * system calls: compiled into the program (sysprog.c, its own
 * pthread_sigmask()) and into a library (syslib.c, the library's own
 * sigprocmask()), so that each call is made from that object.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static void *caller(void *arg)
{
	long i, sum = 0;

	for (i = 0; i < 50; i++)
		sum += getppid() > 0;
	return (void *)sum;
}

/* "<who>: thread 0, calls 50, ppid 1" when all went well */
static void blocked_calls(const char *who,
			  int (*set_mask)(int, const sigset_t *, sigset_t *))
{
	sigset_t all, old;
	pthread_t t;
	void *r = NULL;
	int ret;

	sigfillset(&all);
	set_mask(SIG_SETMASK, &all, &old);
	ret = pthread_create(&t, NULL, caller, NULL);
	if (!ret)
		pthread_join(t, &r);
	printf("%s: thread %d, calls %ld, ppid %d\n", who, ret, (long)r,
	       getppid() > 0);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}
