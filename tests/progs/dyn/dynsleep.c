// SPDX-License-Identifier: GPL-2.0
/*
 * Changing the code must not disturb threads that sleep in system calls
 * (chapter 4, "Three ways to change code that is running").  Four threads
 * sleep: in nanosleep(), in poll() on a pipe, in a blocking read() and in
 * epoll_wait(), none of which Linux restarts after a signal handler.  The
 * main thread switches tracers and filters ROUNDS times (200, or argv[1]),
 * then wakes the sleepers.  With a method that signals no thread, no call
 * returns early: the program prints "eintr 0" for each.
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <tracefs.h>

#define noinline __attribute__((noipa))

noinline int woke(int x) { return x + 1; }

static int stop;
static int poll_pipe[2], read_pipe[2], epoll_pipe[2];
static int eintr_sleep, eintr_poll, eintr_read, eintr_epoll;
static int got_poll, got_read, got_epoll;

static void *sleeper(void *arg)
{
	struct timespec ts = { 0, 20 * 1000 * 1000 };

	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED)) {
		if (nanosleep(&ts, NULL) && errno == EINTR)
			eintr_sleep++;
		woke(0);
	}
	return NULL;
}

static void *poller(void *arg)
{
	struct pollfd p = { .fd = poll_pipe[0], .events = POLLIN };
	int n;

	while ((n = poll(&p, 1, -1)) < 0 && errno == EINTR)
		eintr_poll++;
	got_poll = woke(n);
	return NULL;
}

static void *reader(void *arg)
{
	char c;
	ssize_t n;

	while ((n = read(read_pipe[0], &c, 1)) < 0 && errno == EINTR)
		eintr_read++;
	got_read = woke(n);
	return NULL;
}

static void *epoller(void *arg)
{
	struct epoll_event ev = { .events = EPOLLIN };
	int ep = epoll_create1(0), n;

	epoll_ctl(ep, EPOLL_CTL_ADD, epoll_pipe[0], &ev);
	while ((n = epoll_wait(ep, &ev, 1, -1)) < 0 && errno == EINTR)
		eintr_epoll++;
	got_epoll = woke(n);
	close(ep);
	return NULL;
}

static const char *const filters[] = { "", "woke", "!woke", "main" };

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 200, r, failed = 0;
	void *(*fns[])(void *) = { sleeper, poller, reader, epoller };
	pthread_t t[4];
	int i;

	if (pipe(poll_pipe) || pipe(read_pipe) || pipe(epoll_pipe))
		return 1;
	for (i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, fns[i], NULL);
	usleep(100000);			/* let them reach their calls */
	for (r = 0; r < rounds; r++) {
		int ret = r % 2 ?
			tracefs_write("current_tracer",
				      r % 4 == 1 ? "function" : "nop") :
			tracefs_write("set_ftrace_filter", filters[r / 2 % 4]);

		if (ret && !failed++)
			fprintf(stderr, "dynsleep: %s\n", tracefs_last_error());
	}
	__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	if (write(poll_pipe[1], "p", 1) != 1 ||
	    write(read_pipe[1], "r", 1) != 1 ||
	    write(epoll_pipe[1], "e", 1) != 1)
		return 1;
	for (i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	printf("failed switches %d\n", failed);
	printf("nanosleep eintr %d\npoll eintr %d, returned %d\n"
	       "read eintr %d, returned %d\nepoll_wait eintr %d, returned %d\n",
	       eintr_sleep, eintr_poll, got_poll - 1, eintr_read, got_read - 1,
	       eintr_epoll, got_epoll - 1);
	return 0;
}
