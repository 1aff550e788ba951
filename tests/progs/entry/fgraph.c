// SPDX-License-Identifier: GPL-2.0
/*
 * Several users of the return stack (struct fgraph_ops): the program's
 * own, "mine", beside the function_graph tracer and the profiler that
 * the test turns on.  mine wants g1 and g2 through its own filter, keeps
 * data in each frame it takes (fgraph_reserve_data()) and checks it at
 * the return; meanwhile the program changes the filter files, which the
 * tracer and the profiler follow, and then mine's filter:
 *
 *   phase A   set_ftrace_filter g1, mine g1 g2   10 calls of g1, g2, g3
 *   phase B   set_ftrace_filter g3
 *   phase C   set_ftrace_filter g2, mine g3
 *   phase D   mine unregistered
 *
 * Then g_swap(), taken by mine, unregisters mine and registers "other" in
 * its place (the same index) before it returns: other must see no return
 * of a call it did not take, mine none after it left.
 *
 * A line per phase says what mine saw; trace_marker names each phase in
 * the trace, for the test to see what the tracer saw.  Exit status 3.
 */
#include <stdio.h>
#include <string.h>
#include <linux/ftrace.h>
#include <tracefs.h>

#define noinline __attribute__((noipa))

noinline int g1(int x) { return x + 1; }
noinline int g2(int x) { return x + 2; }
noinline int g3(int x) { return x + 3; }

int g_swap(int x);
static void *const fns[] = { g1, g2, g3, g_swap };
static unsigned long entries[4], returns[4], bad_data, others;

/* which of g1-g3 and g_swap the site at ip is in, or -1 */
static int notrace which(unsigned long ip)
{
	int i;

	for (i = 0; i < 4; i++)
		if (ip - ftrace_sym_addr(fns[i]) < 16)
			return i;
	return -1;
}

struct mine_data {
	unsigned long	func;
	unsigned long	depth;
};

static int notrace mine_entry(struct ftrace_graph_ent *trace,
			      struct fgraph_ops *gops)
{
	struct mine_data *d;
	int i = which(trace->func);

	if (i < 0) {
		others++;
		return 0;
	}
	entries[i]++;
	d = fgraph_reserve_data(gops->idx, sizeof(*d));
	if (d) {
		d->func = trace->func;
		d->depth = trace->depth;
	}
	return 1;
}

static void notrace mine_return(struct ftrace_graph_ret *trace,
				struct fgraph_ops *gops)
{
	int size = 0, i = which(trace->func);
	struct mine_data *d = fgraph_retrieve_data(gops->idx, &size);

	if (i >= 0)
		returns[i]++;
	if (!d || size != sizeof(*d) || d->func != trace->func ||
	    d->depth != (unsigned long)trace->depth)
		bad_data++;
}

static struct fgraph_ops mine = {
	.entryfunc	= mine_entry,
	.retfunc	= mine_return,
};

static unsigned long other_entries, other_returns;

static int notrace other_entry(struct ftrace_graph_ent *trace,
			       struct fgraph_ops *gops)
{
	other_entries++;
	return 1;
}

static void notrace other_return(struct ftrace_graph_ret *trace,
				 struct fgraph_ops *gops)
{
	other_returns++;
}

static struct fgraph_ops other = {
	.entryfunc	= other_entry,
	.retfunc	= other_return,
};

static void notrace swap_users(void)
{
	unregister_ftrace_graph(&mine);
	register_ftrace_graph(&other);
	ftrace_set_filter_ip(&other.ops, ftrace_sym_addr(g1), 0, 1);
}

noinline int g_swap(int x)
{
	swap_users();
	return x + 4;
}

static int notrace phase(const char *name, const char *files)
{
	int i, sum = 0;

	tracefs_write("set_ftrace_filter", files);
	tracefs_write("trace_marker", name);
	for (i = 0; i < 10; i++)
		sum += g1(i) + g2(i) + g3(i);
	printf("%s: mine g1 %lu/%lu g2 %lu/%lu g3 %lu/%lu, others %lu, "
	       "bad data %lu\n", name, entries[0], returns[0], entries[1],
	       returns[1], entries[2], returns[2], others, bad_data);
	memset(entries, 0, sizeof(entries));
	memset(returns, 0, sizeof(returns));
	return sum;
}

int main(void)
{
	int ret, sum = 0;

	ftrace_set_filter_ip(&mine.ops, ftrace_sym_addr(g1), 0, 1);
	ftrace_set_filter_ip(&mine.ops, ftrace_sym_addr(g2), 0, 0);
	ret = register_ftrace_graph(&mine);
	printf("register: %d, again: %d\n", ret, register_ftrace_graph(&mine));
	sum += phase("phase A", "g1");
	sum += phase("phase B", "g3");
	ftrace_set_filter_ip(&mine.ops, ftrace_sym_addr(g3), 0, 1);
	sum += phase("phase C", "g2");
	ret = unregister_ftrace_graph(&mine);
	printf("unregister: %d\n", ret);
	sum += phase("phase D", "g2");
	printf("sum %d\n", sum);

	ftrace_set_filter_ip(&mine.ops, ftrace_sym_addr(g_swap), 0, 1);
	register_ftrace_graph(&mine);
	sum = g_swap(1);
	printf("swap: %d, mine %lu/%lu, other %lu/%lu, same index %s\n", sum,
	       entries[3], returns[3], other_entries, other_returns,
	       mine.idx == other.idx ? "yes" : "no");
	unregister_ftrace_graph(&other);
	return 3;
}
