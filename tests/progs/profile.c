// SPDX-License-Identifier: GPL-2.0
/*
 * A program whose calls are known exactly and whose costs are controlled,
 * for the function profiler, trace_marker and the exports:
 *
 *	main -> heavy x10                 heavy spins HEAVY times,
 *	main -> light x20                 light a tenth of that
 *	main -> parent x5 -> heavy x2     parent spins almost nothing itself
 *	main -> rec(4) -> rec(3) ... rec(0)   recursion, 5 calls
 *	main -> jumper -> deep -> deeper  deeper longjmp()s back to jumper
 *	worker thread: worker -> light x7
 *
 * Markers ("phase ...") are written between the phases, and "bottom" in
 * rec(0), through tracefs_write("trace_marker", ...).  With "read", the
 * program prints its own trace_stat/function0 at the end; with "long" it
 * writes a 1000-character marker too; with "restart" it switches the profiler
 * off and on again before the light phase.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <tracefs.h>

#define noinline __attribute__((noipa))
#define HEAVY	200000L


/* the loop is inlined: its cost is the calling function's own time */
#define spin_here(n)	({ volatile long i_, s_ = 0;		\
			   for (i_ = 0; i_ < (n); i_++) s_ += i_; s_; })

noinline long heavy(void)
{
	return spin_here(HEAVY);
}

noinline long light(void)
{
	return spin_here(HEAVY / 10);
}

noinline long parent(void)
{
	return heavy() + heavy();
}

noinline long rec(int n)
{
	long s = spin_here(HEAVY / 100);

	if (!n)
		tracefs_write("trace_marker", "bottom");
	if (n) {
		long r = rec(n - 1);

		__asm__ volatile("" : "+r" (r));
		s += r;
	}
	return s;
}

static jmp_buf env;

noinline void deeper(void)
{
	longjmp(env, 1);
}

noinline void deep(void)
{
	deeper();
}

noinline int jumper(void)
{
	if (setjmp(env))
		return 1;
	deep();
	return 0;
}

static noinline void *worker(void *arg)
{
	long s = 0;
	int i;

	for (i = 0; i < 7; i++)
		s += light();
	return (void *)s;
}

int main(int argc, char **argv)
{
	static char stat[8192];
	pthread_t t;
	long s = 0;
	int i;

	tracefs_write("trace_marker", "phase heavy");
	for (i = 0; i < 10; i++)
		s += heavy();
	/* "restart": profiling starts again from zero here */
	if (argc > 1 && !strcmp(argv[1], "restart")) {
		tracefs_write("function_profile_enabled", "0");
		tracefs_write("function_profile_enabled", "1");
	}
	tracefs_write("trace_marker", "phase light");
	for (i = 0; i < 20; i++)
		s += light();
	for (i = 0; i < 5; i++)
		s += parent();
	s += rec(4);
	s += jumper();
	pthread_create(&t, NULL, worker, NULL);
	pthread_join(t, NULL);
	tracefs_write("trace_marker", "done \"quoted\"\\");
	printf("profile: %s\n", s ? "ok" : "zero");
	/* "read": the program reads its own table, as a user would */
	/* "long": a marker longer than many slots, kept whole */
	if (argc > 1 && !strcmp(argv[1], "long")) {
		static char text[1001];

		memset(text, 'x', 997);
		memcpy(text + 997, "end", 4);
		tracefs_write("trace_marker", text);
	}
	if (argc > 1 && !strcmp(argv[1], "read") &&
	    !tracefs_read("trace_stat/function0", stat, sizeof(stat)))
		fputs(stat, stdout);
	return 0;
}
