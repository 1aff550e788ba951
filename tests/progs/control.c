// SPDX-License-Identifier: GPL-2.0
/*
 * Controls the tracer from inside the program (tracefs_write) and proves
 * what mcount does:
 *   probe    register a plain ftrace_ops with our own counter (mcount then
 *            calls it through ftrace_trace_function; stage 3 patches
 *            ftrace_call to call it): once per traced call; unregister it:
 *            never again (stage 1: the fast path returns without calling
 *            into C; stage 3: the sites are NOPs again)
 *   switch   nop -> function -> nop -> function around four calls, with a
 *            dump to argv[2] while the first "function" is on: the dump
 *            has the second call only, the final trace the fourth only
 *            (a tracer switch empties the buffers)
 *   threads N  N threads, all alive at once, make one traced call each;
 *            print the stats file
 *   dumprace FIFO  another thread writes tracing_on while this one dumps
 *            the trace into FIFO: the dump must not undo that write
 *   stats    print the tracer's counters (nothing recorded under nop)
 *   recurse  an ftrace_ops whose callback calls a traced function: with
 *            FTRACE_OPS_FL_RECURSION the nested call is dropped, counted
 *   fork     recurse, and overrun a small buffer, then fork: the child
 *            (its trace is written first) must start its counts at 0
 *   args     two ftrace_ops sharing one callback, each finding its own
 *            counts through op->private: the callback gets the traced
 *            function's ip, its parent_ip and its first four arguments
 *            (fregs), alone, together (the list function) and alone again
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <linux/ftrace.h>
#include <tracefs.h>

#define noinline __attribute__((noipa))

/*
 * Marks in the code, for the addresses mcount reports: a label the
 * assembler sets where the mark stands, after gcc's call to mcount, which
 * comes first.  The ip mcount reports for a function lies between the
 * function's address and a mark at the top of its body, however far in
 * the arch puts the call (after a frame set up first, a second entry
 * point): no guessed limit in bytes.  Assembler-local names leave no
 * symbol for the tracer to name an address after.
 */
#define MARK(label)	__asm__ volatile(".L" #label ":" ::: "memory")
#define DECLARE_MARK(label) \
	extern const char label[] __asm__(".L" #label) \
		__attribute__((visibility("hidden")))

/* ip is the site of fn's call to mcount: fn has MARK(fn_body) */
#define IP_IN(ip, fn) \
	((ip) >= (unsigned long)(fn) && (ip) < (unsigned long)fn##_body)

noinline int before_switch(int x) { return x + 1; }
noinline int while_tracing(int x) { return x + 2; }
noinline int after_switch(int x) { return x + 3; }
noinline int again_tracing(int x) { return x + 4; }

DECLARE_MARK(probed_body);

noinline int probed(int x)
{
	MARK(probed_body);
	return x * 2;
}

static unsigned long probe_hits, probe_last_self;

/* notrace: it is called by mcount; it must not call mcount itself */
static notrace void probe(unsigned long ip, unsigned long parent_ip,
			  struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	probe_hits++;
	probe_last_self = ip;
}

static struct ftrace_ops probe_ops = { .func = probe };

static int do_probe(void)
{
	int i, r = 0;

	register_ftrace_function(&probe_ops);
	for (i = 0; i < 1000; i++)
		r += probed(i);
	unregister_ftrace_function(&probe_ops);
	printf("probe: hits with probe=%lu\n", probe_hits);
	/* ip must lie inside probed() */
	printf("probe: selfpc in probed=%d\n", IP_IN(probe_last_self, probed));
	probe_hits = 0;
	for (i = 0; i < 1000; i++)
		r += probed(i);
	printf("probe: hits with ftrace_stub=%lu\n", probe_hits);
	return r;
}

static int do_switch(const char *dump)
{
	int r = 0;

	r += before_switch(1);
	if (tracefs_write("current_tracer", "function"))
		printf("switch: %s\n", tracefs_last_error());
	r += while_tracing(1);
	if (dump && tracefs_dump(dump))
		printf("switch: %s\n", tracefs_last_error());
	tracefs_write("current_tracer", "nop");
	r += after_switch(1);
	tracefs_write("current_tracer", "function");
	r += again_tracing(1);
	tracefs_write("current_tracer", "nop");
	return r;
}

static pthread_barrier_t all_alive;

static void *one_call(void *arg)
{
	probed(1);
	pthread_barrier_wait(&all_alive);
	return arg;
}

static void do_threads(int n)
{
	pthread_t t[128];
	char buf[1024];
	int i;

	if (n > 128)
		n = 128;
	pthread_barrier_init(&all_alive, NULL, n);
	for (i = 0; i < n; i++)
		pthread_create(&t[i], NULL, one_call, NULL);
	for (i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	if (tracefs_read("stats", buf, sizeof(buf)))
		printf("threads: %s\n", tracefs_last_error());
	else
		printf("%s", buf);
}

static const char *race_fifo;

static void *race_reader(void *arg)
{
	char buf[4096];
	int fd;

	/* returns once the dump has opened the FIFO: the dump is under way */
	fd = open(race_fifo, O_RDONLY);
	if (fd < 0)
		return NULL;
	tracefs_write("tracing_on", "0");
	while (read(fd, buf, sizeof(buf)) > 0)
		;
	close(fd);
	return arg;
}

/*
 * The trace is far bigger than a pipe holds, so the dump cannot finish
 * before the reader has written tracing_on and read everything.
 */
static void do_dumprace(const char *fifo)
{
	pthread_t t;
	char buf[16];
	int i;

	for (i = 0; i < 20000; i++)
		probed(i);
	race_fifo = fifo;
	pthread_create(&t, NULL, race_reader, NULL);
	if (tracefs_dump(fifo))
		printf("dumprace: %s\n", tracefs_last_error());
	pthread_join(t, NULL);
	tracefs_read("tracing_on", buf, sizeof(buf));
	printf("dumprace: tracing_on=%s", buf);
}

static unsigned long recurse_hits;

static notrace void recurse_cb(unsigned long ip, unsigned long parent_ip,
			  struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	recurse_hits++;
	probed(1);		/* traced: its mcount calls us again */
}

static struct ftrace_ops recurse_ops = {
	.func = recurse_cb,
	.flags = FTRACE_OPS_FL_RECURSION,
};

static void do_recurse(void)
{
	struct ftrace_stats st;
	int i;

	register_ftrace_function(&recurse_ops);
	for (i = 0; i < 10; i++)
		before_switch(i);
	unregister_ftrace_function(&recurse_ops);
	ftrace_get_stats(&st);
	printf("recurse: callbacks=%lu missed=%lu\n", recurse_hits,
	       st.recursion_missed);
}

static void do_fork(void)
{
	struct ftrace_stats st;
	int i, status;
	pid_t pid;

	do_recurse();
	tracefs_write("current_tracer", "function");
	for (i = 0; i < 100; i++)
		before_switch(i);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		after_switch(1);
		ftrace_get_stats(&st);
		printf("fork: child written=%lu overwritten=%lu missed=%lu\n",
		       st.written, st.overwritten, st.recursion_missed);
		exit(0);
	}
	waitpid(pid, &status, 0);
	printf("fork: child status %d\n", WEXITSTATUS(status));
}

DECLARE_MARK(args_target_body);

noinline long args_target(long a, long b, long c, long d)
{
	MARK(args_target_body);
	return a + b + c + d;
}

struct args_seen {
	const char	*name;
	unsigned long	hits, bad_ip, bad_parent;
	long		args[4];
};

static struct args_seen seen_a = { "A" }, seen_b = { "B" };

noinline long do_args_calls(long base);
DECLARE_MARK(do_args_calls_back);

static notrace void args_cb(unsigned long ip, unsigned long parent_ip,
			    struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct args_seen *s = op->private;
	unsigned int i;

	if (!IP_IN(ip, args_target))
		return;
	s->hits++;
	/* the return from the call in do_args_calls(), before its mark */
	if (parent_ip <= (unsigned long)do_args_calls ||
	    parent_ip > (unsigned long)do_args_calls_back)
		s->bad_parent++;
	for (i = 0; i < 4; i++)
		s->args[i] = ftrace_regs_get_argument(fregs, i);
}

static struct ftrace_ops args_a = { .func = args_cb, .private = &seen_a };
static struct ftrace_ops args_b = { .func = args_cb, .private = &seen_b };

noinline long do_args_calls(long base)
{
	long r = args_target(base, base + 1, base + 2, base + 3);

	__asm__ volatile("" : "+r" (r));	/* not a tail call */
	MARK(do_args_calls_back);
	return r;
}

static void args_print(struct args_seen *s)
{
	printf("args: %s hits=%lu parent_bad=%lu last=%ld %ld %ld %ld\n",
	       s->name, s->hits, s->bad_parent, s->args[0], s->args[1],
	       s->args[2], s->args[3]);
}

static void do_args(void)
{
	long r = 0;

	register_ftrace_function(&args_a);
	r += do_args_calls(10);
	register_ftrace_function(&args_b);
	r += do_args_calls(20);
	unregister_ftrace_function(&args_a);
	r += do_args_calls(30);
	unregister_ftrace_function(&args_b);
	r += do_args_calls(40);
	args_print(&seen_a);
	args_print(&seen_b);
	printf("args: sum %ld\n", r);
}

static void do_stats(void)
{
	struct ftrace_stats st;
	char buf[64];

	ftrace_get_stats(&st);
	tracefs_read("current_tracer", buf, sizeof(buf));
	printf("stats: tracer=%s", buf);
	printf("stats: written=%lu threads=%lu\n", st.written, st.threads);
}

static void do_errors(void)
{
	printf("errors: %d %s\n", tracefs_write("current_tracer", "bogus"),
	       tracefs_last_error());
	printf("errors: %d %s\n", tracefs_write("trace_options", "nosuch"),
	       tracefs_last_error());
	printf("errors: %d %s\n", tracefs_write("no_such_file", "1"),
	       tracefs_last_error());
}

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "";

	if (!strcmp(what, "probe"))
		do_probe();
	else if (!strcmp(what, "switch"))
		do_switch(argc > 2 ? argv[2] : NULL);
	else if (!strcmp(what, "threads") && argc > 2)
		do_threads(atoi(argv[2]));
	else if (!strcmp(what, "dumprace") && argc > 2)
		do_dumprace(argv[2]);
	else if (!strcmp(what, "errors"))
		do_errors();
	else if (!strcmp(what, "recurse"))
		do_recurse();
	else if (!strcmp(what, "fork"))
		do_fork();
	else if (!strcmp(what, "args"))
		do_args();
	else if (strcmp(what, "stats"))
		return 2;
	do_stats();
	return 0;
}
