// SPDX-License-Identifier: GPL-2.0
/*
 * The function_graph tracer: an entry and a return record per call, printed
 * as a call tree with durations.
 *
 * Which calls are recorded (settings, like the kernel's files):
 *   set_graph_function  only calls made while inside one of these
 *   set_graph_notrace   none of these, nor anything they call
 *   max_graph_depth     only the first N levels (0: no limit)
 * The entry callback says no (returns 0) to a call it does not want, and
 * the generic code then leaves that function's return alone.
 */
#include "trace.h"
#include "fgraph.h"

static struct ftrace_filter graph_function, graph_notrace;
static unsigned long max_graph_depth;

/* per thread: depth of the set_graph_function / notrace match we are in */
static __thread int filter_depth = -1, notrace_depth = -1;

static void record(enum trace_type type, unsigned long func, int depth,
		   unsigned long long ts, unsigned long long calltime,
		   unsigned int cpu)
{
	struct trace_entry *e;
	unsigned long idx;

	if (!__atomic_load_n(&tracing_on, __ATOMIC_RELAXED))
		return;
	e = trace_reserve(1, &idx);
	trace_entry_set(e, ts, func, calltime, cpu, depth);
	trace_commit(e, type);
}

static int trace_graph_entry(struct ftrace_graph_ent *trace)
{
	struct ftrace_filter_set *set;

	if (notrace_depth >= 0)
		return 0;		/* under a set_graph_notrace function */
	if (max_graph_depth && (unsigned long)trace->depth >= max_graph_depth)
		return 0;
	set = __atomic_load_n(&graph_notrace.set, __ATOMIC_ACQUIRE);
	if (set && ftrace_filter_match(set, trace->func)) {
		notrace_depth = trace->depth;
		return 1;		/* hijack it, to see it return */
	}
	set = __atomic_load_n(&graph_function.set, __ATOMIC_ACQUIRE);
	if (set && filter_depth < 0) {
		if (!ftrace_filter_match(set, trace->func))
			return 0;
		filter_depth = trace->depth;
	}
	record(TRACE_GRAPH_ENT, trace->func, trace->depth, trace->calltime, 0,
	       trace->cpu);
	return 1;
}

static void trace_graph_return(struct ftrace_graph_ret *trace)
{
	if (notrace_depth >= 0) {
		if (trace->depth == notrace_depth)
			notrace_depth = -1;
		return;
	}
	if (trace->depth == filter_depth)
		filter_depth = -1;
	record(TRACE_GRAPH_RET, trace->func, trace->depth, trace->rettime,
	       trace->calltime, trace->cpu);
}

/* ---- output ------------------------------------------------------------- */

static pid_t last_tid;

/* The duration column: overhead mark, then microseconds. */
static void print_duration(FILE *f, unsigned long long ns)
{
	static const struct {
		unsigned long long over;
		char mark;
	} marks[] = {
		{ 1000000000ull, '$' }, { 100000000ull, '@' },
		{ 10000000ull, '*' }, { 1000000ull, '#' },
		{ 100000ull, '!' }, { 10000ull, '+' },
	};
	char buf[32];
	char mark = ' ';
	unsigned int i;

	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++) {
		if (ns > marks[i].over) {
			mark = marks[i].mark;
			break;
		}
	}
	snprintf(buf, sizeof(buf), "%llu.%03llu", ns / 1000, ns % 1000);
	fprintf(f, "%c %9s us |  ", mark, buf);
}

static void print_prefix(FILE *f, struct trace_buffer *b,
			 const struct trace_entry *e)
{
	if (b->tid != last_tid) {
		if (last_tid)
			fprintf(f,
				" ------------------------------------------\n"
				" %2u) %16s-%-7d\n"
				" ------------------------------------------\n"
				"\n",
				e->cpu, b->comm, b->tid);
		last_tid = b->tid;
	}
	fprintf(f, " %2u) ", e->cpu);
}

static unsigned long long duration(const struct trace_entry *ret)
{
	return trace_clock_to_ns(ret->ts) - trace_clock_to_ns(ret->arg);
}

static unsigned int print_graph_entry(FILE *f, struct trace_buffer *b,
				      unsigned long idx)
{
	const struct trace_entry *e = &b->entries[idx & b->mask];
	const struct trace_entry *next = &b->entries[(idx + 1) & b->mask];
	char name[32];
	int leaf;

	/* a call whose return is the very next record is a leaf: one line */
	leaf = idx + 1 < local_read(&b->head) &&
	       next->type == TRACE_GRAPH_RET && next->ip == e->ip &&
	       next->depth == e->depth;
	print_prefix(f, b, e);
	if (leaf)
		print_duration(f, duration(next));
	else
		fprintf(f, "  %9s    |  ", "");
	fprintf(f, "%*s%s()%s\n", e->depth * 2, "",
		ksym_name(e->ip, name, sizeof(name)), leaf ? ";" : " {");
	return leaf ? 2 : 1;
}

static unsigned int print_graph_return(FILE *f, struct trace_buffer *b,
				       unsigned long idx)
{
	const struct trace_entry *e = &b->entries[idx & b->mask];

	print_prefix(f, b, e);
	print_duration(f, duration(e));
	fprintf(f, "%*s}\n", e->depth * 2, "");
	return 1;
}

static void graph_columns(FILE *f)
{
	fprintf(f, "# CPU  DURATION                  FUNCTION CALLS\n"
		   "# |     |   |                     |   |   |   |\n");
	last_tid = 0;
}

static void graph_header_line(FILE *f)
{
	fprintf(f, "# graph-overrun: %lu (calls deeper than %d levels, "
		"not traced)\n", ftrace_graph_overrun, FTRACE_RETFUNC_DEPTH);
	fprintf(f, "# graph-skipped: %lu (calls a jump or unwind left, "
		"closed when found)\n", ftrace_graph_skipped);
}

/* ---- the tracer and its files ------------------------------------------- */

static int graph_trace_init(void)
{
	trace_set_header("function_graph", graph_columns);
	return register_ftrace_graph(trace_graph_return, trace_graph_entry);
}

static void graph_trace_reset(void)
{
	unregister_ftrace_graph();
}

static struct tracer graph_trace = {
	.name	= "function_graph",
	.init	= graph_trace_init,
	.reset	= graph_trace_reset,
};

static int set_graph_function_write(const char *val)
{
	return ftrace_filter_write(&graph_function, "set_graph_function", val);
}

static int set_graph_function_read(char *buf, size_t len)
{
	return ftrace_filter_read(&graph_function, buf, len);
}

static int set_graph_notrace_write(const char *val)
{
	return ftrace_filter_write(&graph_notrace, "set_graph_notrace", val);
}

static int set_graph_notrace_read(char *buf, size_t len)
{
	return ftrace_filter_read(&graph_notrace, buf, len);
}

static int max_graph_depth_write(const char *val)
{
	return tracefs_parse_ulong("max_graph_depth", val, &max_graph_depth);
}

static int max_graph_depth_read(char *buf, size_t len)
{
	snprintf(buf, len, "%lu\n", max_graph_depth);
	return 0;
}

static struct tracefs_file graph_files[] = {
	{ "set_graph_function", set_graph_function_write,
	  set_graph_function_read },
	{ "set_graph_notrace", set_graph_notrace_write,
	  set_graph_notrace_read },
	{ "max_graph_depth", max_graph_depth_write, max_graph_depth_read },
};

__attribute__((constructor(101))) static void graph_trace_register(void)
{
	size_t i;

	register_tracer(&graph_trace);
	for (i = 0; i < sizeof(graph_files) / sizeof(graph_files[0]); i++)
		tracefs_register(&graph_files[i]);
	register_trace_printer(TRACE_GRAPH_ENT, print_graph_entry);
	register_trace_printer(TRACE_GRAPH_RET, print_graph_return);
	trace_add_header_line(graph_header_line);
}
