// SPDX-License-Identifier: GPL-2.0
/*
 * A program that ends other than by returning from main(), after a few
 * traced calls (the spool must keep them):
 *   exit          exit(3): the normal way, for comparison
 *   _exit         _exit(5) from a traced function
 *   abort         abort() from a traced function
 *   segv          a store through NULL in a traced function
 *   hang FILE     writes its pid to FILE, then waits for a signal forever
 *   daemon FILE   daemon(): the parent _exit()s inside it; the child
 *                 calls traced functions, writes its pid to FILE and exits
 *   exec CMD...   execvp(CMD): the image it replaces ends without exit()
 *   closefds DATA READY  closes descriptors 256-1023 (where the kit keeps
 *                 its own), puts DATA on 256-263, starts a thread that
 *                 traces, then as hang READY
 *   threads       two threads run and exit (their buffers retired), a third
 *                 runs and waits; then abort()
 * It prints "start" on stdout first.
 */
#include <fcntl.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define noinline __attribute__((noipa))

static volatile int sink;

noinline int crash_leaf(int x)
{
	sink += x;
	return x + 1;
}

noinline void before_end(int n)
{
	int i;

	for (i = 0; i < n; i++)
		crash_leaf(i);
}

noinline void end_exit(void)
{
	exit(3);
}

noinline void end_underscore_exit(void)
{
	_exit(5);
}

noinline void end_abort(void)
{
	abort();
}

noinline void end_segv(void)
{
	volatile int *volatile p = NULL;

	*p = 1;
}

/* the pid through a new file renamed in place: never seen half-written */
noinline void write_pid(const char *path)
{
	char tmp[4096];
	FILE *f;

	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f)
		exit(1);
	fprintf(f, "%d\n", getpid());
	fclose(f);
	rename(tmp, path);
}

noinline void end_hang(const char *ready)
{
	write_pid(ready);
	for (;;)
		pause();
}

noinline void daemon_child_work(const char *done)
{
	before_end(2);
	write_pid(done);
}

noinline void end_daemon(const char *done)
{
	if (daemon(1, 0))
		exit(1);
	daemon_child_work(done);
	exit(0);
}

noinline void end_exec(char **cmd)
{
	execvp(cmd[0], cmd);
	exit(127);
}

static sem_t running;

noinline void *thread_run(void *wait)
{
	before_end(2);
	if (wait) {
		sem_post(&running);
		for (;;)
			pause();
	}
	return NULL;
}

noinline void end_threads(void)
{
	pthread_t t;
	int i;

	for (i = 0; i < 2; i++) {
		if (pthread_create(&t, NULL, thread_run, NULL))
			exit(1);
		pthread_join(t, NULL);
	}
	sem_init(&running, 0, 0);
	if (pthread_create(&t, NULL, thread_run, &running))
		exit(1);
	sem_wait(&running);
	abort();
}

noinline void end_closefds(const char *data, const char *ready)
{
	pthread_t t;
	int fd, i;

	for (i = 256; i < 1024; i++)
		close(i);
	fd = open(data, O_RDWR);
	if (fd < 0)
		exit(1);
	for (i = 256; i < 264; i++)
		dup2(fd, i);
	if (pthread_create(&t, NULL, thread_run, NULL))
		exit(1);
	pthread_join(t, NULL);
	end_hang(ready);
}

int main(int argc, char **argv)
{
	const char *how = argc > 1 ? argv[1] : "exit";

	printf("start\n");
	fflush(stdout);
	before_end(3);
	if (!strcmp(how, "_exit"))
		end_underscore_exit();
	else if (!strcmp(how, "abort"))
		end_abort();
	else if (!strcmp(how, "segv"))
		end_segv();
	else if (!strcmp(how, "hang") && argc > 2)
		end_hang(argv[2]);
	else if (!strcmp(how, "daemon") && argc > 2)
		end_daemon(argv[2]);
	else if (!strcmp(how, "exec") && argc > 2)
		end_exec(argv + 2);
	else if (!strcmp(how, "threads"))
		end_threads();
	else if (!strcmp(how, "closefds") && argc > 3)
		end_closefds(argv[2], argv[3]);
	end_exit();
	return 0;
}
