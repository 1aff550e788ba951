// SPDX-License-Identifier: GPL-2.0
/*
 * Threads cancelled while they wait in a system call (built with
 * -fexceptions, so that their cleanups run as the stack unwinds, as a
 * C++ destructor's would): one in read() of an empty pipe, one in
 * sleep().  The unwinder starts at the cancellation signal's frame, and
 * the next frame is where the thread waited: traced, that is the call's
 * slot (stage3-dynamic/syscall_unwind.c) or its trampoline
 * (arch/<arch>/syscall_branch.S).  Prints whether each was cancelled and
 * whether its cleanup ran.
 */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static int fds[2];
static int cleaned[2];

static void cleanup(int **which)
{
	**which = 1;
}

static void *in_read(void *arg)
{
	int *mine __attribute__((cleanup(cleanup))) = &cleaned[0];
	char c;

	if (read(fds[0], &c, 1) < 0)
		return NULL;
	return arg;
}

static void *in_sleep(void *arg)
{
	int *mine __attribute__((cleanup(cleanup))) = &cleaned[1];

	sleep(100);
	return arg;
}

int main(void)
{
	void *(*fn[2])(void *) = { in_read, in_sleep };
	const char *name[2] = { "read", "sleep" };
	pthread_t t[2];
	void *ret;
	int i;

	if (pipe(fds))
		return 1;
	for (i = 0; i < 2; i++)
		if (pthread_create(&t[i], NULL, fn[i], NULL))
			return 1;
	/* let both reach their call (a cancel before it works as well) */
	usleep(200000);
	for (i = 0; i < 2; i++) {
		pthread_cancel(t[i]);
		pthread_join(t[i], &ret);
		printf("%s: cancelled %d, cleaned %d\n", name[i],
		       ret == PTHREAD_CANCELED, cleaned[i]);
	}
	return 0;
}
