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
 * its place before it returns (the same index: fillers hold every other
 * one meanwhile, as an index just given up goes last): other must see no
 * return of a call it did not take, mine none after it left.  Then
 * mine's entryfunc itself, at g_back(), unregisters mine and registers a
 * newcomer, then mine again, as a switch of tracers does while another
 * thread's call is on its way through the old user's entryfunc: the
 * newcomer must take another index, and mine come back at its own, to
 * see the return of the call it took.
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
int g_back(int x);
static void *const fns[] = { g1, g2, g3, g_swap, g_back };
#define NR_FNS	(sizeof(fns) / sizeof(fns[0]))
static unsigned long entries[NR_FNS], returns[NR_FNS], bad_data, others;

/* which of g1-g3 and g_swap the site at ip is in, or -1 */
static int notrace which(unsigned long ip)
{
	int i;

	for (i = 0; i < (int)NR_FNS; i++)
		if (ip - ftrace_sym_addr(fns[i]) < 16)
			return i;
	return -1;
}

struct mine_data {
	unsigned long	func;
	unsigned long	depth;
};

static void come_back(struct fgraph_ops *gops);

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
	if (i == 4)
		come_back(gops);
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

/* users that take no call, holding indexes (their filter: g1 only) */
static int notrace filler_entry(struct ftrace_graph_ent *trace,
				struct fgraph_ops *gops)
{
	return 0;
}

static void notrace filler_return(struct ftrace_graph_ret *trace,
				  struct fgraph_ops *gops)
{
}

static struct fgraph_ops fillers[FGRAPH_ARRAY_SIZE];
static int nr_fillers;

static void notrace fill_indexes(void)
{
	struct fgraph_ops *f;

	for (nr_fillers = 0; nr_fillers < FGRAPH_ARRAY_SIZE; nr_fillers++) {
		f = &fillers[nr_fillers];
		f->entryfunc = filler_entry;
		f->retfunc = filler_return;
		ftrace_set_filter_ip(&f->ops, ftrace_sym_addr(g1), 0, 1);
		if (register_ftrace_graph(f))
			break;
	}
}

static void notrace unfill_indexes(void)
{
	while (nr_fillers > 0)
		unregister_ftrace_graph(&fillers[--nr_fillers]);
}

static void notrace swap_users(void)
{
	unregister_ftrace_graph(&mine);
	/* every index but mine's taken, then mine's left the only one */
	fill_indexes();
	unregister_ftrace_graph(&fillers[--nr_fillers]);
	ftrace_set_filter_ip(&other.ops, ftrace_sym_addr(g1), 0, 1);
	register_ftrace_graph(&other);
	unfill_indexes();
}

noinline int g_swap(int x)
{
	swap_users();
	return x + 4;
}

static struct fgraph_ops newcomer = {
	.entryfunc	= other_entry,
	.retfunc	= other_return,
};

static int back_idx, newcomer_idx;

/* from mine's entryfunc, the call not yet taken */
static void notrace come_back(struct fgraph_ops *gops)
{
	back_idx = gops->idx;
	unregister_ftrace_graph(gops);
	ftrace_set_filter_ip(&newcomer.ops, ftrace_sym_addr(g1), 0, 1);
	register_ftrace_graph(&newcomer);
	newcomer_idx = newcomer.idx;
	register_ftrace_graph(gops);
}

noinline int g_back(int x)
{
	return x + 5;
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

	ftrace_set_filter_ip(&mine.ops, ftrace_sym_addr(g_back), 0, 1);
	register_ftrace_graph(&mine);
	other_entries = other_returns = 0;
	sum = g_back(1);
	printf("back: %d, mine %lu/%lu, at its index %s, newcomer %s, "
	       "other %lu/%lu\n", sum, entries[4], returns[4],
	       mine.idx == back_idx ? "yes" : "no",
	       newcomer_idx != back_idx ? "elsewhere" : "at mine's",
	       other_entries, other_returns);
	unregister_ftrace_graph(&mine);
	unregister_ftrace_graph(&newcomer);
	return 3;
}
