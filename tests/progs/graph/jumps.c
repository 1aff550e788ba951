// SPDX-License-Identifier: GPL-2.0
/*
 * What real programs do to a return stack:
 *   longjmp      jump out of three traced frames, then keep calling
 *   siglongjmp   jump out of a signal handler and two frames
 *   deep N       recurse N levels (past the return stack), return normally
 *   exit         call exit() from five frames down
 *   fork         the child traces on its own and exits; the parent waits
 *   thread-exit  pthread_exit() from three frames down in a thread
 *   stack        save_stack_trace() three frames down, names printed
 *   filter       start function_graph from C with set_graph_function
 *                and max_graph_depth written at run time
 *   filter-live  write set_graph_function, set_graph_notrace and
 *                max_graph_depth inside a call the tracer already
 *                hijacked, and call from there
 */
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <linux/stacktrace.h>
#include <tracefs.h>
#include <linux/kallsyms.h>

#define noinline __attribute__((noipa))
#define keep(x) __asm__ volatile("" : "+r" (x))

static jmp_buf jb;
static sigjmp_buf sjb;

noinline int after_jump(int x) { keep(x); return x + 1; }

noinline void jump_c(int x) { if (x) longjmp(jb, x); }
noinline int jump_b(int x) { jump_c(x); keep(x); return x; }
noinline int jump_a(int x) { int r = jump_b(x); keep(r); return r; }

noinline void on_usr1(int sig)
{
	siglongjmp(sjb, sig);
}

noinline int sig_b(int x) { raise(SIGUSR1); keep(x); return x; }
noinline int sig_a(int x) { int r = sig_b(x); keep(r); return r; }

noinline long deep(long n)
{
	long r;

	if (n == 0)
		return 0;
	r = deep(n - 1);
	keep(r);
	return r + 1;
}

noinline void exit_e(int x) { exit(x); }
noinline int exit_d(int x) { exit_e(x); keep(x); return x; }
noinline int exit_c(int x) { int r = exit_d(x); keep(r); return r; }
noinline int exit_b(int x) { int r = exit_c(x); keep(r); return r; }
noinline int exit_a(int x) { int r = exit_b(x); keep(r); return r; }

noinline int child_work(int x) { keep(x); return x * 2; }

noinline void texit_c(void) { pthread_exit((void *)42L); }
noinline int texit_b(void) { texit_c(); return 0; }
noinline void *texit_a(void *arg) { texit_b(); return NULL; }

noinline void stack_c(void)
{
	unsigned long pcs[16];
	struct stack_trace st = { 0, 16, pcs, 0 };
	char buf[32];
	unsigned int i;

	save_stack_trace(&st);
	for (i = 0; i < st.nr_entries; i++)
		printf("%s ", ksym_name(pcs[i], buf, sizeof(buf)));
	printf("\n");
}
noinline void stack_b(void) { stack_c(); __asm__ volatile(""); }
noinline void stack_a(void) { stack_b(); __asm__ volatile(""); }

/* errors to stdout, where the test wants nothing */
static void live_set(const char *file, const char *val)
{
	if (tracefs_write(file, val))
		printf("%s: %s\n", file, tracefs_last_error());
}

noinline int live_outside(int x) { keep(x); return x + 2; }
noinline int live_wanted(int x) { int r = live_outside(x); keep(r); return r; }

/* each filter in turn, written from a frame below main()'s */
noinline int live_frame(int x)
{
	int r;

	live_set("set_graph_function", "live_wanted");
	r = live_outside(x);		/* outside live_wanted: left out */
	r += live_wanted(x);		/* both */
	live_set("set_graph_function", "");
	live_set("set_graph_notrace", "live_wanted");
	r += live_wanted(x);		/* neither */
	r += live_outside(x);		/* this one */
	live_set("set_graph_notrace", "");
	live_set("max_graph_depth", "2");
	r += live_outside(x);		/* at depth 2: left out */
	live_set("max_graph_depth", "0");
	keep(r);
	return r;
}

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "";
	int r;

	if (!strcmp(what, "longjmp")) {
		r = setjmp(jb);
		if (!r)
			jump_a(7);
		printf("longjmp returned %d, then %d\n", r, after_jump(r));
	} else if (!strcmp(what, "siglongjmp")) {
		signal(SIGUSR1, on_usr1);
		r = sigsetjmp(sjb, 1);
		if (!r)
			sig_a(3);
		printf("siglongjmp returned %d, then %d\n", r, after_jump(r));
	} else if (!strcmp(what, "deep")) {
		long n = argc > 2 ? atol(argv[2]) : 1000;

		char st[1024], *o;

		printf("deep %ld = %ld\n", n, deep(n));
		/* the stats file counts the calls the return stack missed */
		if (!tracefs_read("stats", st, sizeof(st)) &&
		    (o = strstr(st, "graph-overrun: ")))
			fprintf(stderr, "%.*s\n", (int)strcspn(o, "\n"), o);
	} else if (!strcmp(what, "exit")) {
		printf("exiting from exit_e\n");
		fflush(stdout);
		exit_a(5);
	} else if (!strcmp(what, "fork")) {
		pid_t pid = fork();
		int st;

		if (pid == 0)
			_exit(child_work(21) == 42 ? 0 : 1) ;
		waitpid(pid, &st, 0);
		printf("child status %d, parent %d\n", WEXITSTATUS(st),
		       after_jump(1));
	} else if (!strcmp(what, "fork-exit")) {
		pid_t pid = fork();
		int st;

		if (pid == 0) {
			child_work(1);
			exit(0);	/* the child writes its own trace */
		}
		waitpid(pid, &st, 0);
		printf("child status %d, parent %d\n", WEXITSTATUS(st),
		       after_jump(1));
	} else if (!strcmp(what, "thread-exit")) {
		pthread_t t;
		void *ret;

		pthread_create(&t, NULL, texit_a, NULL);
		pthread_join(t, &ret);
		printf("thread returned %ld, then %d\n", (long)ret,
		       after_jump(1));
	} else if (!strcmp(what, "stack")) {
		stack_a();
	} else if (!strcmp(what, "filter-live")) {
		if (live_frame(1) != 15)
			printf("filter-live: wrong result\n");
	} else if (!strcmp(what, "filter")) {
		jump_a(0);			/* before: not traced */
		if (tracefs_write("set_graph_function", "jump_*") ||
		    tracefs_write("max_graph_depth", "2") ||
		    tracefs_write("current_tracer", "function_graph"))
			printf("filter: %s\n", tracefs_last_error());
		after_jump(1);			/* not under jump_* */
		jump_a(0);			/* jump_a, jump_b; no jump_c */
		/* not "nop": a tracer switch empties the buffers */
		tracefs_write("tracing_on", "0");
		jump_a(0);			/* after: not traced */
	} else {
		return 2;
	}
	return 0;
}
