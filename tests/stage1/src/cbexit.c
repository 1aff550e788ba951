/*
 * The C library calling back into traced code, and a thread ending the
 * program: qsort() and bsearch() with a traced comparison function,
 * vfork() and exec of a shell from two traced frames down, then exit()
 * three traced frames down in a thread, while another thread spins in
 * traced code and the main thread waits in a traced frame; an atexit()
 * handler and a destructor call traced code after that.
 * Prints four lines ending in "dtor total 3496632", exits 5.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static long total;
static volatile long spins;

__attribute__((noinline)) int key_of(const int *p)
{
	return *p ^ 0x55;
}

__attribute__((noinline)) int cmp(const void *a, const void *b)
{
	int x = key_of(a), y = key_of(b);

	return (x > y) - (x < y);
}

__attribute__((noinline)) int spawn(int code)
{
	char arg[16];
	pid_t pid;
	int st;

	snprintf(arg, sizeof(arg), "exit %d", code);
	pid = vfork();
	if (pid == 0) {
		execl("/bin/sh", "sh", "-c", arg, (char *)NULL);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		return -100;
	return WEXITSTATUS(st);
}

__attribute__((noinline)) int spawn2(int code)
{
	return spawn(code) + 1;
}

__attribute__((noinline)) long work(long x)
{
	return x * 7 % 1000003;
}

__attribute__((noinline)) void add(long v)
{
	total += v;
}

static void *spinner(void *arg)
{
	for (;;)
		spins = work(spins + 1);
	return NULL;
}

__attribute__((noinline)) void quit3(int code)
{
	printf("result %ld\n", total);
	fflush(stdout);
	exit(code);
}

__attribute__((noinline)) void quit2(int code)
{
	add(work(2));
	quit3(code);
}

static void *quitter(void *arg)
{
	add(work(1));
	quit2(5);
	return NULL;
}

__attribute__((noinline)) void waiter(pthread_t t)
{
	pthread_join(t, NULL);
}

static void at_exit_fn(void)
{
	add(work(3));
	printf("atexit total %ld\n", total);
	fflush(stdout);
}

__attribute__((destructor)) static void dtor(void)
{
	add(11);
	printf("dtor total %ld\n", total);
	fflush(stdout);
}

int main(void)
{
	int a[64], i, k, hits = 0;
	pthread_t s, q;

	atexit(at_exit_fn);
	for (i = 0; i < 64; i++)
		a[i] = (i * 37) % 64;
	qsort(a, 64, sizeof(int), cmp);
	for (i = 0; i < 64; i++) {
		k = i;
		if (bsearch(&k, a, 64, sizeof(int), cmp))
			hits++;
	}
	add(hits);
	for (i = 0; i < 3; i++)
		add(spawn2(i + 3));
	for (i = 0; i < 1000; i++)
		add(work(i));
	printf("hits %d first %d last %d total %ld\n", hits, a[0], a[63],
	       total);
	fflush(stdout);
	if (pthread_create(&s, NULL, spinner, NULL) ||
	    pthread_create(&q, NULL, quitter, NULL))
		return 1;
	waiter(q);
	return 1;
}
