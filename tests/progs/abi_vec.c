// SPDX-License-Identifier: GPL-2.0
/*
 * Vector arguments and return values, in the registers the arch's ABI
 * passes them in (x86_64: ymm0-7 and zmm0-7; aarch64 and ARM: the NEON
 * q/v registers, and aarch64's SVE z0-z7 and p0-p3): the checks
 * themselves are the arch's, in arch/<arch>/tests/abi_vec.h, each a
 * function that calls a traced function with every vector argument
 * register in use, or one that returns a vector, and compares the result
 * with check(), under the traced function's name.
 *
 * Each check runs once in main, once as the first call of a child of
 * fork() (whose buffers are its own, claimed anew), then as the FIRST
 * traced call of a fresh thread (the thread's first event is where the
 * tracer does the most work: it claims a buffer, calls into the C
 * library) and again as a later call there.  It prints one line per
 * check and exits 1 if any value is wrong; a check this CPU cannot run,
 * or an arch whose ABI passes no vectors in registers, prints a "skip:"
 * line saying why.
 */
#include <pthread.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#define noinline	__attribute__((noipa))
/*
 * thread start routines: not traced, so the vector call is the first event
 * (no -pg site, no patchable entry)
 */
#define untraced	__attribute__((no_instrument_function, \
				       patchable_function_entry(0, 0)))

static int bad;

static void check(const char *what, const char *when, double got, double want)
{
	printf("%s %s %.17g%s\n", what, when, got, got == want ? "" : " WRONG");
	if (got != want)
		bad = 1;
}

/*
 * What a check expects: argument k (1-based) of 8 has lane i = k * 10 + i
 * and weighs k; lane i of a vector counts (i + 1) times its value, so
 * every lane of every argument matters, upper halves included.
 */
static double want_args(int nargs, int lanes)
{
	double s = 0;
	int k, i;

	for (k = 1; k <= nargs; k++)
		for (i = 0; i < lanes; i++)
			s += k * (k * 10.0 + i) * (i + 1);
	return s;
}

/* a returned vector: lane i = x + i */
static double want_ret(double x, int lanes)
{
	double s = 0;
	int i;

	for (i = 0; i < lanes; i++)
		s += (x + i) * (i + 1);
	return s;
}

struct vec_check {
	void (*run)(const char *when);
	/* NULL, or whether this CPU has what run() needs (named by needs) */
	int (*cpu_has)(void);
	const char *needs;
};

#if __has_include("abi_vec.h")
#include "abi_vec.h"
#else
#error "arch/<arch>/tests/abi_vec.h: missing (the arch's vector checks, or VEC_ABI_NONE)"
#endif

#ifdef VEC_ABI_NONE
int main(void)
{
	printf("skip: no vector ABI: %s\n", VEC_ABI_NONE);
	return 0;
}
#else
untraced static void *first_then_later(void *arg)
{
	const struct vec_check *c = arg;

	c->run("first");
	c->run("later");
	return NULL;
}

/* the check in a child of fork(), its first traced call there */
untraced static void in_child(const struct vec_check *c)
{
	pid_t pid;
	int st;

	fflush(stdout);
	pid = fork();
	if (!pid) {
		c->run("child");
		fflush(stdout);
		_exit(bad);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st) ||
	    WEXITSTATUS(st)) {
		printf("child failed\n");
		bad = 1;
	}
}

/*
 * Every fork() comes before the first thread is created: under qemu-user
 * (7.2), a fork() made while a thread of the program is exiting can
 * leave the child blocked for ever on a lock of qemu's own, a GLib mutex
 * the exiting thread's host thread held (seen once in a test run).
 */
int main(void)
{
	const struct vec_check *c;
	pthread_t t;

	for (c = vec_checks; c->run; c++) {
		if (c->cpu_has && !c->cpu_has()) {
			printf("skip: this CPU has no %s\n", c->needs);
			continue;
		}
		c->run("main");
		in_child(c);
	}
	for (c = vec_checks; c->run; c++) {
		if (c->cpu_has && !c->cpu_has())
			continue;
		if (pthread_create(&t, NULL, first_then_later, (void *)c) ||
		    pthread_join(t, NULL)) {
			printf("pthread failed\n");
			bad = 1;
		}
	}
	return bad;
}
#endif
