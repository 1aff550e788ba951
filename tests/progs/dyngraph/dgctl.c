// SPDX-License-Identifier: GPL-2.0
/*
 * Drives the graph tracer on dynamic ftrace (chapter 5) step by step from
 * inside the program; each argument is one step:
 *
 *   write:FILE=VALUE   tracefs_write()    ("echo VALUE > FILE")
 *   read:FILE          print the file between "<<< FILE" and ">>>"
 *   calls              g_top() (calls g_mid(), which calls g_leaf(), and
 *                      g_leaf()) and h_other(); print the result
 *   gsite              "gsite ADDR HEX CALLER": the bytes now at
 *                      ftrace_graph_call and ftrace_graph_caller's address
 *                      ("gsite none" at stage 5, which has no such site)
 *   sites              "site ADDR NAME HEX" for the four functions above
 *                      (from available_filter_functions_addrs), then
 *                      "caller ADDR..." (where an enabled
 *                      site may call: site_dests.h)
 *   ops+ / ops-        register / unregister a plain ftrace_ops that
 *                      wants every function (it counts its calls)
 *   switchoff          call g_switch(), which turns the tracer to nop
 *                      while it is itself hijacked, and returns
 *   corruptg           turn ftrace_graph_call into the jump behind the
 *                      generic code's back (the arch hook): the next
 *                      graph start must notice
 *   threads:N          8 threads call the functions above in a loop while
 *                      this one switches function_graph on and off N
 *                      times; it ends on, each thread then makes 200 more
 *                      rounds; print "bad B failed F"
 *   spin               the threads of the next threads:N never sleep
 *                      between rounds: with more of them than CPUs, each
 *                      is preempted anywhere, inside the tracer too
 *   race:N             the same 8 threads while function_graph, the function
 *                      profiler and set_ftrace_filter are switched N times
 *                      each by three threads at once; ends with the graph
 *                      tracer on, the profiler off and no filter
 *
 * A failing write or read prints "error: <tracefs_last_error()>" and the
 * steps go on.  The exit status is 3, so a test sees it is unchanged.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/ftrace.h>
#include <tracefs.h>
#include "../dyn/site_dests.h"
#include "../graph/switch_storm.h"

#define noinline __attribute__((noipa))

/* the arch may read back more than the call (MIPS: its delay slot) */
#ifndef FTRACE_SITE_SIZE
#define FTRACE_SITE_SIZE MCOUNT_INSN_SIZE
#endif
#ifndef FTRACE_GRAPH_SITE_SIZE
#define FTRACE_GRAPH_SITE_SIZE FTRACE_SITE_SIZE
#endif

noinline int g_leaf(int x) { return x + 1; }
noinline int g_mid(int x) { return g_leaf(x) * 2; }
noinline int g_top(int x) { return g_mid(x) + g_leaf(x); }
noinline int h_other(int x) { return x ^ 7; }

noinline int g_switch(int x)
{
	if (tracefs_write("current_tracer", "nop"))
		printf("error: %s\n", tracefs_last_error());
	return g_leaf(x);
}

static const char *const ours[] = { "g_leaf", "g_mid", "g_top", "h_other" };

static char buf[1 << 20];

static void hex(const unsigned char *p, size_t n)
{
	while (n--)
		printf("%02x", *p++);
}

static void sites(void)
{
	char *line, *save;
	size_t i;

	if (tracefs_read("available_filter_functions_addrs", buf,
			 sizeof(buf))) {
		printf("error: %s\n", tracefs_last_error());
		return;
	}
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		unsigned long ip = strtoul(line, NULL, 16);
		const char *name = strchr(line, ' ');

		for (i = 0; name && i < sizeof(ours) / sizeof(ours[0]); i++)
			if (!strcmp(name + 1, ours[i]))
				break;
		if (!name || i == sizeof(ours) / sizeof(ours[0]))
			continue;
		printf("site %s ", line);
		hex((const unsigned char *)ip, FTRACE_SITE_SIZE);
		printf("\n");
	}
	print_site_dests();
}

/* chapter 8 has no ftrace_graph_call: "gsite none" */
static void gsite(void)
{
#ifndef CONFIG_DYNAMIC_FTRACE_WITH_ARGS
	unsigned long ip = ftrace_sym_addr(ftrace_graph_call);

	printf("gsite %lx ", ip);
	hex((const unsigned char *)ip, FTRACE_GRAPH_SITE_SIZE);
	printf(" %lx\n", ftrace_sym_addr(ftrace_graph_caller));
#else
	printf("gsite none\n");
#endif
}

static unsigned long hits;

static notrace void count(unsigned long ip, unsigned long parent_ip,
			  struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	__atomic_add_fetch(&hits, 1, __ATOMIC_RELAXED);
}

static struct ftrace_ops count_ops = { .func = count };

/* ---- threads:N ---------------------------------------------------------- */

/* g_top(i) = 2 (i + 1) + i + 1, h_other(i) = i ^ 7 */
static int threads_work(long i)
{
	return g_top(i) != 3 * (i + 1) || h_other(i) != (i ^ 7);
}

static void threads(int n)
{
	storm_work = threads_work;
	switch_storm(n);
}

/* ---- race:N ------------------------------------------------------------- */

/*
 * Three threads change what the graph needs at once: one switches
 * function_graph on and off, one the profiler (the second graph user,
 * stage2-graph/fgraph_ops.c), and this one set_ftrace_filter (an update
 * of its own, stage3-dynamic/).  Each runs every update; whichever comes
 * last must leave ftrace_graph_call as the graph's users want it.
 */
static int race_failed;

static void race_write(const char *file, const char *val)
{
	if (tracefs_write(file, val))
		__atomic_add_fetch(&race_failed, 1, __ATOMIC_RELAXED);
}

static void *race_tracer(void *arg)
{
	int i, n = (long)arg;

	for (i = 0; i < 2 * n - 1; i++)	/* ends on */
		race_write("current_tracer", i % 2 ? "nop" : "function_graph");
	return NULL;
}

static void *race_profiler(void *arg)
{
	int i, n = (long)arg;

	for (i = 0; i < 2 * n; i++)	/* ends off */
		race_write("function_profile_enabled", i % 2 ? "0" : "1");
	return NULL;
}

static void race(int n)
{
	static const char *const filters[] = { "g_*", "g_mid g_leaf", "" };
	pthread_t t[8], tracer, profiler;
	int i, bad;

	storm_work = threads_work;
	storm_start(t);
	pthread_create(&tracer, NULL, race_tracer, (void *)(long)n);
	pthread_create(&profiler, NULL, race_profiler, (void *)(long)n);
	for (i = 0; i < 3 * n; i++)	/* ends with no filter */
		race_write("set_ftrace_filter", filters[i % 3]);
	pthread_join(tracer, NULL);
	pthread_join(profiler, NULL);
	bad = storm_end(t);
	printf("bad %d failed %d\n", bad, race_failed);
	if (race_failed)
		printf("error: %s\n", tracefs_last_error());
}

int main(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		char *a = argv[i], *eq = strchr(a, '=');
		int ret = 0;

		if (!strncmp(a, "write:", 6) && eq) {
			*eq = 0;
			ret = tracefs_write(a + 6, eq + 1);
		} else if (!strncmp(a, "read:", 5)) {
			ret = tracefs_read(a + 5, buf, sizeof(buf));
			if (!ret)
				printf("<<< %s\n%s>>>\n", a + 5, buf);
		} else if (!strcmp(a, "calls")) {
			printf("calls: %d\n", g_top(1) + h_other(2));
		} else if (!strcmp(a, "gsite")) {
			gsite();
		} else if (!strcmp(a, "sites")) {
			sites();
		} else if (!strcmp(a, "ops+") || !strcmp(a, "ops-")) {
			ret = a[3] == '+' ? register_ftrace_function(&count_ops) :
				unregister_ftrace_function(&count_ops);
			printf("ops: %d, hits %lu\n", ret, hits);
			ret = 0;
		} else if (!strcmp(a, "switchoff")) {
			printf("switchoff: %d\n", g_switch(5));
		} else if (!strcmp(a, "corruptg")) {
			printf("corruptg: %d\n",
			       ftrace_enable_ftrace_graph_caller());
		} else if (!strcmp(a, "spin")) {
			storm_spin = 1;
		} else if (!strncmp(a, "threads:", 8)) {
			threads(atoi(a + 8));
		} else if (!strncmp(a, "race:", 5)) {
			race(atoi(a + 5));
		} else {
			fprintf(stderr, "dgctl: bad step '%s'\n", a);
			return 2;
		}
		if (ret)
			printf("error: %s\n", tracefs_last_error());
		fflush(stdout);
	}
	return 3;
}
