// SPDX-License-Identifier: GPL-2.0
/*
 * Threads that block every signal while the code changes (chapter 4).
 *
 * A spinner blocks every signal and keeps calling a traced function; a
 * sleeper blocks every signal and sleeps in read().  With a method that
 * stops no thread (breakpoint, word) both are no obstacle.  With
 * stop_machine neither can be parked, so every change is refused with
 * one line and nothing is patched: the ops stays registered (its callback
 * still called), the tracer stays what it was, and the same changes work
 * once the threads are gone.  Whatever happens, current_tracer,
 * enabled_functions and the program's result agree with what was done.
 *
 * Last, every signal is blocked as a shared library blocks it: through
 * the function the dynamic linker binds a library's call to (dlsym with
 * RTLD_DEFAULT), not through the program's own link.  The mask in force
 * must be the one the program's own call sets, whatever the kit leaves
 * out of it (stage1-static/interpose.c).
 */
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <linux/ftrace.h>
#include <tracefs.h>

#define noinline __attribute__((noipa))

static int stop, pipefd[2];
static volatile long spins;

noinline long spin_step(long x) { return x + 1; }

static void block_all(void)
{
	sigset_t all;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
}

static void *spinner(void *arg)
{
	long x = 0;

	block_all();
	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED))
		x = spin_step(x), spins++;
	return (void *)(x > 0 ? 42L : 0L);
}

/* The signals the calling thread blocks, as the program reads them. */
static void blocked_now(sigset_t *set)
{
	sigemptyset(set);
	pthread_sigmask(SIG_BLOCK, NULL, set);
}

/* "as the program's", or the first signal blocked one way only */
static void *lib_blocker(void *arg)
{
	int (*lib_sigmask)(int, const sigset_t *, sigset_t *);
	sigset_t all, none, own, lib;
	int sig;

	lib_sigmask = (int (*)(int, const sigset_t *, sigset_t *))
		dlsym(RTLD_DEFAULT, "pthread_sigmask");
	sigfillset(&all);
	sigemptyset(&none);
	pthread_sigmask(SIG_SETMASK, &all, NULL);
	blocked_now(&own);
	pthread_sigmask(SIG_SETMASK, &none, NULL);
	if (!lib_sigmask || lib_sigmask(SIG_SETMASK, &all, NULL))
		return (void *)-1L;
	blocked_now(&lib);
	for (sig = 1; sig < NSIG; sig++)
		if (sigismember(&own, sig) != sigismember(&lib, sig))
			return (void *)(long)sig;
	return NULL;
}

static void *sleeper(void *arg)
{
	char c;

	block_all();
	return (void *)(long)read(pipefd[0], &c, 1);
}

/* current_tracer, and how many ops want spin_step ("none": no site) */
static void show(const char *what)
{
	char buf[65536], cur[64], *p;

	tracefs_read("current_tracer", cur, sizeof(cur));
	cur[strcspn(cur, "\n")] = 0;
	if (tracefs_read("enabled_functions", buf, sizeof(buf)))
		buf[0] = 0;
	p = strstr(buf, "spin_step ");
	if (p)
		p[strcspn(p, "\n")] = 0;
	printf("%s: tracer %s, spin_step %s\n", what, cur,
	       p ? strchr(p, '(') : "none");
}

static void try_switch(const char *what, const char *tracer)
{
	if (tracefs_write("current_tracer", tracer))
		printf("%s: refused: %s\n", what, tracefs_last_error());
	else
		printf("%s: ok\n", what);
}

static unsigned long hits;

static notrace void count(unsigned long ip, unsigned long parent_ip,
			  struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	hits++;
}

static struct ftrace_ops counter = { .func = count };

int main(void)
{
	unsigned long before;
	pthread_t t;
	int ret;
	void *res;

	/* registered while nothing blocks */
	register_ftrace_function(&counter);
	pthread_create(&t, NULL, spinner, NULL);
	while (!spins)
		;
	ret = unregister_ftrace_function(&counter);
	before = hits;
	spin_step(0);
	printf("spinning: unregister %d, still called %d\n", ret,
	       hits > before);
	try_switch("spinning: to function", "function");
	show("spinning");
	try_switch("spinning: to nop", "nop");
	__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	pthread_join(t, &res);
	printf("spin result %ld\n", (long)res);

	/* the obstacle is gone: everything works again */
	if (ret)
		printf("gone: unregister %d\n",
		       unregister_ftrace_function(&counter));
	try_switch("gone: to function", "function");
	show("gone");
	try_switch("gone: to nop", "nop");
	show("gone");

	if (pipe(pipefd))
		return 1;
	pthread_create(&t, NULL, sleeper, NULL);
	usleep(100000);			/* let it reach read() */
	try_switch("asleep: to function", "function");
	show("asleep");
	try_switch("asleep: to nop", "nop");
	if (write(pipefd[1], "x", 1) != 1)
		return 1;
	pthread_join(t, &res);
	printf("sleeper read %ld\n", (long)res);
	show("end");

	pthread_create(&t, NULL, lib_blocker, NULL);
	pthread_join(t, &res);
	if (res)
		printf("library mask: differs at signal %ld\n", (long)res);
	else
		printf("library mask: as the program's\n");
	return 0;
}
