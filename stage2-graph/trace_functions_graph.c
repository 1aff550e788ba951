// SPDX-License-Identifier: GPL-2.0
/*
 * The function_graph tracer: an entry and a return record per call, printed
 * as a call tree with durations.  A call that makes no recorded call (a
 * leaf) is one record: its return writes its time into the entry record,
 * which nothing has followed yet (graph_merge_leaf()).
 *
 * Which calls are recorded (settings, like the kernel's files):
 *   set_graph_function  only calls made while inside one of these
 *   set_graph_notrace   none of these, nor anything they call
 *   max_graph_depth     only the first N levels (0: no limit)
 * The entry callback says no (returns 0) to a call it does not want, and
 * the generic code then leaves that function's return alone.
 *
 * The output is the kernel's, column for column; its optional columns are
 * the funcgraph-* trace_options, with the kernel's defaults.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/event_path.h>
#include <linux/fgraph_lane.h>
#include <linux/ftrace.h>
#include <linux/kconfig.h>
#include <linux/hardirq.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/rcupdate.h>
#include <linux/ring_buffer.h>
#include <linux/trace.h>
#include <linux/trace_clock.h>
#include <linux/trace_marker.h>
#include <linux/trace_output.h>
#include <linux/tracefs.h>
#include "fgraph.h"
#include "trace_filter.h"

/* trace_options of this tracer, with the kernel's names and defaults */
#define TRACE_GRAPH_PRINT_CPU		0x01
#define TRACE_GRAPH_PRINT_OVERHEAD	0x02
#define TRACE_GRAPH_PRINT_PROC		0x04
#define TRACE_GRAPH_PRINT_DURATION	0x08
#define TRACE_GRAPH_PRINT_ABS_TIME	0x10
#define TRACE_GRAPH_PRINT_IRQS		0x20
#define TRACE_GRAPH_PRINT_TAIL		0x40
#define TRACE_GRAPH_PRINT_OVERRUN	0x80
/* chapter 8, CONFIG_FUNCTION_GRAPH_RETVAL */
#define TRACE_GRAPH_PRINT_RETVAL	0x100
#define TRACE_GRAPH_PRINT_RETVAL_HEX	0x200

/*
 * Not options: set while a tracefs file of the tracer asks it to decide
 * about every call (graph_plain()).  They live in graph_flags so that one
 * load tests them with the options that do.
 */
#define GRAPH_DECIDES_DEPTH		(1UL << 16)
#define GRAPH_DECIDES_FUNCTION		(1UL << 17)
#define GRAPH_DECIDES_NOTRACE		(1UL << 18)
#define GRAPH_DECIDES			(GRAPH_DECIDES_DEPTH | \
					 GRAPH_DECIDES_FUNCTION | \
					 GRAPH_DECIDES_NOTRACE)

/* (these and the per-thread state below: also the lane's, fgraph_lane.h) */
unsigned long graph_flags = TRACE_GRAPH_PRINT_CPU |
	TRACE_GRAPH_PRINT_OVERHEAD | TRACE_GRAPH_PRINT_DURATION |
	TRACE_GRAPH_PRINT_IRQS;

static struct ftrace_filter graph_function, graph_notrace;
static unsigned long max_graph_depth;

/* per thread: depth of the set_graph_function / notrace match we are in */
__thread int filter_depth = -1, notrace_depth = -1;
/* per thread: the overrun count its last record said */
__thread unsigned long recorded_overrun;

/*
 * One record of one slot: an entry, a return, an overrun count.  Its
 * index, or -1 (tracing is off).  b: the thread's buffer, found by a
 * caller outside any handler (the fast path below), which then calls
 * nothing here; NULL: look it up, and the context too.
 */
static inline __attribute__((always_inline)) long
record(struct trace_buffer *b, enum trace_type type, unsigned long func,
       int depth, unsigned long long ts, unsigned long long calltime,
       unsigned int cpu)
{
	if (!__atomic_load_n(&tracing_on, __ATOMIC_RELAXED))
		return -1;
	if (b)
		return __trace_record(b, type, ts, func, calltime, cpu, depth,
				      tracing_gen_ctx_task());
	return trace_record(type, ts, func, calltime, cpu, depth,
			    tracing_gen_ctx());
}

/* funcgraph-retval: a return, and its value in a payload slot after it */
static __event_path void record_retval(const struct ftrace_graph_ret *trace,
				       const unsigned long *retval)
{
	struct trace_entry *e, *p;
	unsigned long idx;
	unsigned int flags;

	if (!__atomic_load_n(&tracing_on, __ATOMIC_RELAXED))
		return;
	flags = tracing_gen_ctx();
	e = trace_reserve(2, &idx);
	trace_entry_set(e, trace->rettime, trace->func, trace->calltime,
			trace->cpu, trace->depth);
	e->flags = flags;
	p = trace_slot(idx + 1);
	p->pc[0] = *retval;
	p->type = TRACE_PAYLOAD;
	trace_commit(e, TRACE_GRAPH_RET, 2);
}

/*
 * The thread's last entry record: its index + 1 (0: none) in the buffer
 * it went to.  Only a hint: graph_merge_leaf() checks the record itself.
 */
__thread unsigned long last_ent;
__thread struct trace_buffer *last_ent_buffer;

/*
 * A leaf's return, as one record: when the last record of the thread is
 * this call's entry, its arg (0 in an entry) takes the return time, and
 * the printer shows "func();" with the duration from it.  A reader that
 * copies the slot meanwhile sees an open entry or the leaf, both true;
 * the store is one word, so only where a word holds the time (64-bit).
 * A signal handler that records between the check and the store puts
 * its records after ours: then the entry is given back (arg 0) and the
 * return is recorded as usual, the handler's calls inside the call.
 * Returns whether the return is recorded so.
 */
static inline __attribute__((always_inline)) int
graph_merge_leaf(struct trace_buffer *b, unsigned long func, int depth,
		 unsigned long long rettime)
{
	unsigned long idx = last_ent - 1;
	struct trace_entry *e;

	if (sizeof(unsigned long) < sizeof(uint64_t) || !last_ent || !b ||
	    b != last_ent_buffer || local_read(&b->head) != idx + 1)
		return 0;
	e = &b->entries[idx & b->mask];
	if (e->type != TRACE_GRAPH_ENT || e->ip != func ||
	    e->depth != depth || e->arg)
		return 0;
	__atomic_store_n(&e->arg, rettime, __ATOMIC_RELEASE);
	if (local_read(&b->head) != idx + 1) {
		__atomic_store_n(&e->arg, 0, __ATOMIC_RELEASE);
		return 0;
	}
	last_ent = 0;
	return 1;
}

/*
 * An entry record, the one graph_merge_leaf() may make a leaf of; b as
 * for record()
 */
static inline __attribute__((always_inline)) void
graph_record_entry(struct trace_buffer *b, unsigned long func, int depth,
		   unsigned long long calltime, unsigned int cpu)
{
	last_ent = record(b, TRACE_GRAPH_ENT, func, depth, calltime, 0,
			  cpu) + 1;
	last_ent_buffer = b ? b : this_buffer;
}

/* A return record, or the leaf it makes of its entry; b as for record() */
static inline __attribute__((always_inline)) void
graph_record_return(struct trace_buffer *b, unsigned long func, int depth,
		    unsigned long long calltime, unsigned long long rettime,
		    unsigned int cpu)
{
	/* (with tracing off, record() would write no return either) */
	if (__atomic_load_n(&tracing_on, __ATOMIC_RELAXED) &&
	    graph_merge_leaf(b ? b : this_buffer, func, depth, rettime))
		return;
	record(b, TRACE_GRAPH_RET, func, depth, rettime, calltime, cpu);
}

static __event_path int trace_graph_entry(struct ftrace_graph_ent *trace,
					  struct fgraph_ops *gops)
{
	struct ftrace_filter_set *set;

	if (notrace_depth >= 0)
		return 0;		/* under a set_graph_notrace function */
	/* nofuncgraph-irqs: signal handlers are left out */
	if (!(graph_flags & TRACE_GRAPH_PRINT_IRQS) && in_irq())
		return 0;
	if (max_graph_depth && (unsigned long)trace->depth >= max_graph_depth)
		return 0;
	/*
	 * A filter rewritten meanwhile is freed after us (RCU); with none
	 * set, as most of the time, there is nothing to read.
	 */
	if (!__atomic_load_n(&graph_notrace.set, __ATOMIC_RELAXED) &&
	    !__atomic_load_n(&graph_function.set, __ATOMIC_RELAXED))
		goto record;
	rcu_read_lock();
	set = __atomic_load_n(&graph_notrace.set, __ATOMIC_ACQUIRE);
	if (set && ftrace_filter_match(set, trace->func)) {
		rcu_read_unlock();
		notrace_depth = trace->depth;
		return 1;		/* hijack it, to see it return */
	}
	set = __atomic_load_n(&graph_function.set, __ATOMIC_ACQUIRE);
	if (set && filter_depth < 0) {
		if (!ftrace_filter_match(set, trace->func)) {
			rcu_read_unlock();
			return 0;
		}
		filter_depth = trace->depth;
	}
	rcu_read_unlock();
record:
	graph_record_entry(NULL, trace->func, trace->depth, trace->calltime,
			   trace->cpu);
	return 1;
}

/* The return value to record with the return, if funcgraph-retval. */
static __event_path const unsigned long *
graph_retval(const struct ftrace_graph_ret *trace)
{
	if ((graph_flags & TRACE_GRAPH_PRINT_RETVAL) && trace->has_retval)
		return &trace->retval;
	return NULL;
}

static __event_path void trace_graph_return(struct ftrace_graph_ret *trace,
					    struct fgraph_ops *gops)
{
	const unsigned long *retval;

	if (notrace_depth >= 0) {
		if (trace->depth == notrace_depth)
			notrace_depth = -1;
		return;
	}
	if (trace->depth == filter_depth)
		filter_depth = -1;
	/*
	 * Calls too deep for the return stack since the last return: one
	 * record with the thread's new count, where they happened (they have
	 * no records of their own), for funcgraph-overrun.
	 */
	if (__builtin_expect(trace->overrun != recorded_overrun, 0)) {
		recorded_overrun = trace->overrun;
		record(NULL, TRACE_GRAPH_OVERRUN, trace->func, trace->depth,
		       trace->rettime, trace->overrun, trace->cpu);
	}
	retval = graph_retval(trace);
	if (retval) {
		record_retval(trace, retval);
		return;
	}
	graph_record_return(NULL, trace->func, trace->depth,
			    trace->calltime, trace->rettime, trace->cpu);
}

/*
 * The fast path (struct fgraph_ops, fast_entry and fast_return): while
 * there is nothing to decide, every call is recorded, and the common one
 * (it nests in the top entry; it is the top entry that returns) is taken
 * here whole: the return stack's helpers (fgraph.h) and the record in
 * one function each, with no callback and no struct in between.  Nothing
 * to decide: no set_graph_function or set_graph_notrace, no
 * max_graph_depth, handlers shown, no funcgraph-retval, the thread inside
 * no call of a filter, and no new overrun to record (graph_plain() reads
 * all but the last two in graph_flags).  Anything else goes to the return
 * stack's full path, which calls the two callbacks above.  An arch with
 * a lane (linux/fgraph_lane.h) takes the same calls in assembly first.
 */
#ifdef HAVE_FGRAPH_LANE
/* the common calls it handed on all the same (the stats file) */
static unsigned long graph_lane_passed;
#endif

#ifdef HAVE_FGRAPH_LANE
/* which halves of a call the lane may take now (linux/fgraph_lane.h) */
static int graph_lane_halves(void)
{
	if (__atomic_load_n(&fgraph_fast, __ATOMIC_ACQUIRE) !=
	    &graph_tracer_ops ||
	    (__atomic_load_n(&graph_flags, __ATOMIC_ACQUIRE) &
	     GRAPH_LANE_MASK) != GRAPH_LANE_OPEN)
		return 0;
	return ftrace_graph_filter_on() ? FGRAPH_LANE_RETURNS :
		FGRAPH_LANE_ALL;
}
#endif

static inline int graph_plain(void)
{
	return notrace_depth < 0 && filter_depth < 0 &&
	       (__atomic_load_n(&graph_flags, __ATOMIC_RELAXED) &
		GRAPH_LANE_MASK) == GRAPH_LANE_OPEN;
}

/*
 * What would make the fast path call something is decided before it
 * pushes or writes anything, and sends the call to the full path: a
 * handler's record (its context needs irq_ctx_flags()), the thread's
 * first record (it claims the buffer), a filter to ask.  The rest calls
 * nothing, so no value has to survive a call; what gcc still saves in
 * callee-saved registers it saves for want of registers, and only past
 * these tests.  With tracing_on 0 a thread that has no buffer yet stays
 * on the fast path, which then writes nothing: a call that came while
 * tracing was off has no entry record, as with the full path, and its
 * return none either if tracing came on meanwhile (the kernel's records
 * around a tracing_on write are as much a matter of timing).
 */
static inline int graph_fast_ok(struct trace_buffer *b)
{
	return graph_plain() && !__builtin_expect(in_irq(), 0) &&
	       (__builtin_expect(b != NULL, 1) ||
		!__atomic_load_n(&tracing_on, __ATOMIC_RELAXED));
}

static __event_path int graph_fast_entry(unsigned long ret, unsigned long func,
					 unsigned long frame_pointer,
					 unsigned long *retp, unsigned long sp)
{
	struct trace_buffer *b = this_buffer;
	struct ftrace_ret_stack *e;
	unsigned int cpu;

	if (!graph_fast_ok(b) ||
	    __builtin_expect(ftrace_graph_filter_on(), 0) ||
	    !(e = fgraph_push_nested(ret, func, frame_pointer, retp, sp,
				     &cpu)))
		return __function_graph_enter(ret, func, frame_pointer, retp,
					      sp);
#ifdef HAVE_FGRAPH_LANE
	/* a call the arch's lane handed on, which it could have taken */
	__atomic_add_fetch(&graph_lane_passed, 1, __ATOMIC_RELAXED);
#endif
	/*
	 * The record first, then which registration takes the call: a
	 * switch of tracers that resets the buffer in between is then seen
	 * whole or not at all (unregister_ftrace_graph() says why).
	 */
	if (__builtin_expect(b != NULL, 1))
		graph_record_entry(b, func, e->depth, e->calltime, cpu);
	fgraph_barrier();
	fgraph_frame_take(e, &graph_tracer_ops);
	return 0;
}

static __event_path unsigned long graph_fast_return(unsigned long sp,
						    unsigned long frame_pointer,
						    unsigned long retval)
{
	struct ftrace_ret_stack *e = fgraph_top_returning(sp, frame_pointer);
	struct trace_buffer *b = this_buffer;
	unsigned long long now;
	unsigned int cpu;
	unsigned long ret;

	/* a frame this tracer took alone (when it came, another one was
	 * perhaps there too; __ftrace_return_to_handler() knows) */
	if (!e || !fgraph_frame_taken_alone(e, &graph_tracer_ops) ||
	    !graph_fast_ok(b) || thread_overrun != recorded_overrun)
		return __ftrace_return_to_handler(sp, frame_pointer, retval);
	now = trace_clock_local(&cpu);
	ret = e->ret;
	if (__builtin_expect(b != NULL, 1))
		graph_record_return(b, e->func, e->depth, e->calltime, now,
				    cpu);
	fgraph_release(e);
	return ret;
}

/* ---- output ------------------------------------------------------------- */

/*
 * What the printer remembers of each thread while one trace is written: the
 * function entered at each depth (a return without its entry is printed
 * with the function's name), and the depths at which signal handlers were
 * entered (their "==========>" / "<==========" brackets).
 */
#define GRAPH_IRQ_LEVELS	16
/* depths the printer follows: a coroutine's start above 0 (fgraph.c) */
#define GRAPH_PRINT_DEPTH	(8 * FTRACE_RETFUNC_DEPTH)

struct graph_thread {
	pid_t		tid;
	unsigned int	irq_level;
	int		depth;		/* of the last call: comments */
	unsigned long	overrun;	/* the thread's count so far */
	int		irq_depth[GRAPH_IRQ_LEVELS];
	unsigned long	enter[GRAPH_PRINT_DEPTH];
};

static struct graph_thread *threads;
static int nr_threads, max_threads;
static pid_t last_tid;
static char last_comm[TRACE_COMM_LEN];
static int cpu_width;

static struct graph_thread *graph_thread(pid_t tid)
{
	struct graph_thread *t;
	int i;

	for (i = 0; i < nr_threads; i++)
		if (threads[i].tid == tid)
			return &threads[i];
	if (nr_threads == max_threads) {
		int n = max_threads ? 2 * max_threads : 8;

		t = realloc(threads, n * sizeof(*t));
		if (!t)
			return NULL;
		threads = t;
		max_threads = n;
	}
	t = &threads[nr_threads++];
	memset(t, 0, sizeof(*t));
	t->tid = tid;
	return t;
}

/* "comm-tid" centred in 14 columns, comm cut to 7 characters */
static void print_graph_proc(FILE *f, const char *comm, pid_t tid)
{
	char s[32];
	int len, pad;

	len = snprintf(s, sizeof(s), "%.7s-%d", comm, tid);
	pad = len < 14 ? 14 - len : 0;
	fprintf(f, "%*s%s%*s", pad / 2, "", s, pad - pad / 2, "");
}

static void print_graph_cpu(FILE *f, unsigned int cpu)
{
	fprintf(f, " %*u) ", cpu_width, cpu);
}

/* The columns before the duration, as the options ask. */
static void print_graph_columns(FILE *f, struct trace_buffer *b,
				const struct trace_entry *e)
{
	if (graph_flags & TRACE_GRAPH_PRINT_ABS_TIME) {
		uint64_t ns = trace_clock_to_ns(e->ts);

		fprintf(f, "%5llu.%06llu |  ",
			(unsigned long long)(ns / 1000000000ull),
			(unsigned long long)(ns % 1000000000ull / 1000));
	}
	if (graph_flags & TRACE_GRAPH_PRINT_CPU)
		print_graph_cpu(f, e->cpu);
	if (graph_flags & TRACE_GRAPH_PRINT_PROC) {
		print_graph_proc(f, b->comm, b->tid);
		fprintf(f, " | ");
	}
}

/* Events of another thread than the line before: say so. */
static void verif_pid(FILE *f, struct trace_buffer *b,
		      const struct trace_entry *e)
{
	if (b->tid == last_tid)
		return;
	if (last_tid) {
		fprintf(f, " ------------------------------------------\n");
		print_graph_cpu(f, e->cpu);
		print_graph_proc(f, last_comm, last_tid);
		fprintf(f, " => ");
		print_graph_proc(f, b->comm, b->tid);
		fprintf(f, "\n ------------------------------------------\n\n");
	}
	last_tid = b->tid;
	memcpy(last_comm, b->comm, sizeof(last_comm));
}

/* "==========>" when a handler starts, "<==========" when it is done */
static void print_graph_irq(FILE *f, struct trace_buffer *b,
			    const struct trace_entry *e, int enter)
{
	int dur = graph_flags & TRACE_GRAPH_PRINT_DURATION;

	print_graph_columns(f, b, e);
	fprintf(f, "%s%s%s\n", dur ? "  " : "",
		enter ? "==========>" : "<==========", dur ? " |" : "");
}

/*
 * Bring the thread's handler level to the event's: close the handlers it
 * has left without a traced return (siglongjmp), open the ones it entered.
 */
static void graph_irq_level(FILE *f, struct trace_buffer *b,
			    struct graph_thread *t, const struct trace_entry *e)
{
	unsigned int level = TRACE_FLAG_IRQ_LEVEL(e->flags);

	while (t->irq_level > level) {
		print_graph_irq(f, b, e, 0);
		t->irq_level--;
	}
	while (t->irq_level < level && e->type == TRACE_GRAPH_ENT) {
		print_graph_irq(f, b, e, 1);
		if (t->irq_level < GRAPH_IRQ_LEVELS)
			t->irq_depth[t->irq_level] = e->depth;
		t->irq_level++;
	}
}

/* After the return of a handler's first function: the handler is done. */
static void graph_irq_return(FILE *f, struct trace_buffer *b,
			     struct graph_thread *t,
			     const struct trace_entry *ret)
{
	unsigned int top = t->irq_level - 1;

	if (!t->irq_level || top >= GRAPH_IRQ_LEVELS ||
	    TRACE_FLAG_IRQ_LEVEL(ret->flags) != t->irq_level ||
	    t->irq_depth[top] != ret->depth)
		return;
	print_graph_irq(f, b, ret, 0);
	t->irq_level--;
}

/* Microseconds: at most 7 digits in all, then " us", padded to width. */
static void print_graph_duration(FILE *f, unsigned long long ns)
{
	static const struct {
		unsigned long long over;
		char mark;
	} marks[] = {
		{ 1000000000ull, '$' }, { 100000000ull, '@' },
		{ 10000000ull, '*' }, { 1000000ull, '#' },
		{ 100000ull, '!' }, { 10000ull, '+' },
	};
	char num[48];
	char mark = ' ';
	unsigned int i;
	int len;

	if (!(graph_flags & TRACE_GRAPH_PRINT_DURATION))
		return;
	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++) {
		if (ns > marks[i].over) {
			mark = marks[i].mark;
			break;
		}
	}
	len = snprintf(num, sizeof(num), "%llu", ns / 1000);
	if (len < 7) {
		char frac[8];

		/* as many digits of the fraction as keep it to 7 */
		snprintf(frac, sizeof(frac), "%03llu", ns % 1000);
		frac[7 - len < 3 ? 7 - len : 3] = 0;
		len += snprintf(num + len, sizeof(num) - len, ".%s", frac);
	}
	fprintf(f, "%c %s us %*s|  ",
		graph_flags & TRACE_GRAPH_PRINT_OVERHEAD ? mark : ' ', num,
		len < 8 ? 8 - len : 0, "");
}

static void print_graph_no_duration(FILE *f)
{
	if (graph_flags & TRACE_GRAPH_PRINT_DURATION)
		fprintf(f, "              |  ");
}

static unsigned long long duration(const struct trace_entry *ret)
{
	return trace_clock_to_ns(ret->ts) - trace_clock_to_ns(ret->arg);
}

/*
 * The return value recorded after the return at idx (funcgraph-retval), as
 * the kernel prints it since v6.5 (print_graph_retval() in
 * kernel/trace/trace_functions_graph.c): in hex, or an error code in
 * signed decimal unless funcgraph-retval-hex; the callers put it in a
 * comment after a leaf's "leaf();" ("= 0x2a"), or after a closing brace
 * with the function's name ("func = -22").  An error code is a value in
 * [-4095, -1] (IS_ERR_VALUE()); on a 64-bit arch an int's, whose upper
 * half is zero, is sign-extended first.  The register is printed whole:
 * without BTF the kernel cannot tell an int from a long or a void
 * function either.  0 when there is none.
 */
static int graph_retval_text(struct trace_buffer *b, unsigned long idx,
			     char *buf, size_t len)
{
	const struct trace_entry *p = &b->entries[(idx + 1) & b->mask];
	unsigned long val;
	long err;

	if (idx + 1 >= local_read(&b->head) || p->type != TRACE_PAYLOAD)
		return 0;
	val = p->pc[0];
	err = (long)val;
	if (sizeof(long) == 8 && (val & 0x80000000ul) && !(val >> 16 >> 16))
		err = (int)val;
	if (!(graph_flags & TRACE_GRAPH_PRINT_RETVAL_HEX) && err < 0 &&
	    err >= -4095)
		snprintf(buf, len, "%ld", err);
	else
		snprintf(buf, len, "0x%lx", val);
	return 1;
}

static unsigned int print_graph_entry(FILE *f, struct trace_buffer *b,
				      unsigned long idx)
{
	const struct trace_entry *e = &b->entries[idx & b->mask];
	const struct trace_entry *next = &b->entries[(idx + 1) & b->mask];
	const struct trace_entry *over = NULL;
	struct graph_thread *t;
	char name[KSYM_NAME_LEN], retval[24];
	const char *fn;
	int leaf;

	/*
	 * A call whose return is the very next record is a leaf: one line.
	 * Calls too deep to be recorded may have happened in between.
	 */
	if (idx + 2 < local_read(&b->head) &&
	    next->type == TRACE_GRAPH_OVERRUN) {
		over = next;
		next = &b->entries[(idx + 2) & b->mask];
	}
	leaf = idx + 1 + !!over < local_read(&b->head) &&
	       next->type == TRACE_GRAPH_RET && next->ip == e->ip &&
	       next->depth == e->depth;
	/* one record: the return time in the entry (graph_merge_leaf()) */
	if (e->arg) {
		leaf = 1;
		next = e;
	}
	if (!leaf || e->arg)
		over = NULL;
	verif_pid(f, b, e);
	t = graph_thread(b->tid);
	if (t)
		graph_irq_level(f, b, t, e);
	print_graph_columns(f, b, e);
	if (leaf && e->arg)
		print_graph_duration(f, trace_clock_to_ns(e->arg) -
				     trace_clock_to_ns(e->ts));
	else if (leaf)
		print_graph_duration(f, duration(next));
	else
		print_graph_no_duration(f);
	fn = ksym_name(e->ip, name, sizeof(name));
	if (leaf && !e->arg && graph_retval_text(b, idx + 1 + !!over, retval,
						 sizeof(retval)))
		fprintf(f, "%*s%s(); /* = %s */\n", e->depth * 2, "", fn,
			retval);
	else
		fprintf(f, "%*s%s()%s\n", e->depth * 2, "", fn,
			leaf ? ";" : " {");
	if (t)
		t->depth = leaf ? e->depth - 1 : e->depth;
	if (t && e->depth < GRAPH_PRINT_DEPTH)
		t->enter[e->depth] = leaf ? 0 : e->ip;
	if (t && over)
		t->overrun = over->arg;
	if (t && leaf)
		graph_irq_return(f, b, t, next);
	return leaf && !e->arg ? 2 + !!over : 1;
}

/* The thread's overrun count changed: nothing printed, remembered. */
static unsigned int print_graph_overrun(FILE *f, struct trace_buffer *b,
					unsigned long idx)
{
	const struct trace_entry *e = &b->entries[idx & b->mask];
	struct graph_thread *t = graph_thread(b->tid);

	if (t)
		t->overrun = e->arg;
	return 1;
}

static unsigned int print_graph_return(FILE *f, struct trace_buffer *b,
				       unsigned long idx)
{
	const struct trace_entry *e = &b->entries[idx & b->mask];
	struct graph_thread *t;
	int match = 0;
	char name[KSYM_NAME_LEN], retval[24];

	verif_pid(f, b, e);
	t = graph_thread(b->tid);
	if (t) {
		graph_irq_level(f, b, t, e);
		t->depth = e->depth - 1;
		if (e->depth < GRAPH_PRINT_DEPTH) {
			match = t->enter[e->depth] == e->ip;
			t->enter[e->depth] = 0;
		}
	}
	print_graph_columns(f, b, e);
	print_graph_duration(f, duration(e));
	/* a return whose entry is not in the buffer names its function */
	if (graph_retval_text(b, idx, retval, sizeof(retval)))
		fprintf(f, "%*s} /* %s = %s */\n", e->depth * 2, "",
			ksym_name(e->ip, name, sizeof(name)), retval);
	else if (match && !(graph_flags & TRACE_GRAPH_PRINT_TAIL))
		fprintf(f, "%*s}\n", e->depth * 2, "");
	else
		fprintf(f, "%*s} /* %s */\n", e->depth * 2, "",
			ksym_name(e->ip, name, sizeof(name)));
	if (graph_flags & TRACE_GRAPH_PRINT_OVERRUN)
		fprintf(f, " (Overruns: %lu)\n", t ? t->overrun : 0);
	if (t)
		graph_irq_return(f, b, t, e);
	return 1;
}

/*
 * An event with a text (a trace_marker text, a system call), as a comment
 * among the calls: indented as the calls the last one printed makes (none
 * at the outermost level, as the kernel does).
 */
static unsigned int print_graph_comment(FILE *f, struct trace_buffer *b,
					unsigned long idx)
{
	const struct trace_entry *e = &b->entries[idx & b->mask];
	char text[TRACE_MARKER_MAX + 1];
	struct graph_thread *t;
	unsigned int used;
	int depth;

	used = trace_event_text(b, idx, text, sizeof(text));
	if (!used)
		return 0;
	verif_pid(f, b, e);
	t = graph_thread(b->tid);
	depth = t ? t->depth : 0;
	print_graph_columns(f, b, e);
	print_graph_no_duration(f);
	if (depth > 0)
		fprintf(f, "%*s", (depth + 1) * 2, "");
	fprintf(f, "/* %s */\n", text);
	return used;
}

/* The header, which also starts the printer's state afresh. */
static void print_graph_headers(FILE *f, unsigned long entries,
				unsigned long written)
{
	unsigned long fl = graph_flags;

	fprintf(f, "#%s%s%s%s               FUNCTION CALLS\n",
		fl & TRACE_GRAPH_PRINT_ABS_TIME ? "     TIME       " : "",
		fl & TRACE_GRAPH_PRINT_CPU ? " CPU" : "",
		fl & TRACE_GRAPH_PRINT_PROC ? "  TASK/PID       " : "",
		fl & TRACE_GRAPH_PRINT_DURATION ? "  DURATION   " : "");
	fprintf(f, "#%s%s%s%s               |   |   |   |\n",
		fl & TRACE_GRAPH_PRINT_ABS_TIME ? "      |         " : "",
		fl & TRACE_GRAPH_PRINT_CPU ? " |  " : "",
		fl & TRACE_GRAPH_PRINT_PROC ? "   |    |        " : "",
		fl & TRACE_GRAPH_PRINT_DURATION ? "   |   |      " : "");
	last_tid = 0;
	nr_threads = 0;
	cpu_width = snprintf(NULL, 0, "%ld",
			     sysconf(_SC_NPROCESSORS_CONF) - 1);
}

static void graph_stats_line(FILE *f)
{
	/* calls deeper than FTRACE_RETFUNC_DEPTH, run untraced */
	fprintf(f, "graph-overrun: %lu\n", ftrace_graph_overruns());
	/* calls a jump or an unwind left, closed when found (chapter 2) */
	fprintf(f, "graph-skipped: %lu\n", ftrace_graph_skipped_frames());
#ifdef HAVE_FGRAPH_LANE
	/*
	 * common calls the arch's assembly handed to graph_fast_entry():
	 * a realigned frame, a thread without an rseq area
	 */
	fprintf(f, "graph-lane-passed: %lu\n", graph_lane_passed);
#endif
}

/* ---- the tracer and its files ------------------------------------------- */

/*
 * One user of the return stack (stage2-graph/fgraph_ops.c): its sites
 * follow the filter files, as the kernel's function_graph tracer's do
 */
struct fgraph_ops graph_tracer_ops = {
	.entryfunc	= trace_graph_entry,
	.retfunc	= trace_graph_return,
	.fast_entry	= graph_fast_entry,
	.fast_return	= graph_fast_return,
	.ops.flags	= FTRACE_OPS_FL_GLOBAL,
};

static int graph_trace_init(void)
{
	return register_ftrace_graph(&graph_tracer_ops);
}

static int graph_trace_reset(void)
{
	return unregister_ftrace_graph(&graph_tracer_ops);
}

static struct tracer graph_trace = {
	.name	= "function_graph",
	.init	= graph_trace_init,
	.reset	= graph_trace_reset,
	.print_header = print_graph_headers,
	.print_line = print_graph_comment,
	.print_types = 1u << TRACE_GRAPH_ENT | 1u << TRACE_GRAPH_RET |
		       1u << TRACE_GRAPH_OVERRUN,
};

static struct trace_option graph_options[] = {
	{ "funcgraph-cpu", &graph_flags, TRACE_GRAPH_PRINT_CPU },
	{ "funcgraph-overhead", &graph_flags, TRACE_GRAPH_PRINT_OVERHEAD },
	{ "funcgraph-proc", &graph_flags, TRACE_GRAPH_PRINT_PROC },
	{ "funcgraph-duration", &graph_flags, TRACE_GRAPH_PRINT_DURATION },
	{ "funcgraph-abstime", &graph_flags, TRACE_GRAPH_PRINT_ABS_TIME },
	/* it and funcgraph-retval open and shut the lane (fgraph_lane.h) */
	{ "funcgraph-irqs", &graph_flags, TRACE_GRAPH_PRINT_IRQS,
	  fgraph_lane_update },
	{ "funcgraph-tail", &graph_flags, TRACE_GRAPH_PRINT_TAIL },
	{ "funcgraph-overrun", &graph_flags, TRACE_GRAPH_PRINT_OVERRUN },
	/* chapter 8's, last: offered where the arch passes the value */
	{ "funcgraph-retval", &graph_flags, TRACE_GRAPH_PRINT_RETVAL,
	  fgraph_lane_update },
	{ "funcgraph-retval-hex", &graph_flags, TRACE_GRAPH_PRINT_RETVAL_HEX },
};
#define GRAPH_RETVAL_OPTIONS	2

/* The GRAPH_DECIDES_ bits the three settings ask for now. */
static unsigned long graph_decides_now(void)
{
	return (__atomic_load_n(&max_graph_depth, __ATOMIC_ACQUIRE) ?
		GRAPH_DECIDES_DEPTH : 0) |
	       (__atomic_load_n(&graph_function.set, __ATOMIC_ACQUIRE) ?
		GRAPH_DECIDES_FUNCTION : 0) |
	       (__atomic_load_n(&graph_notrace.set, __ATOMIC_ACQUIRE) ?
		GRAPH_DECIDES_NOTRACE : 0);
}

/*
 * Around the write of a setting: its bit is on while the write runs (the
 * full path reads the setting itself, whatever it holds at each moment),
 * then the bits follow the settings.  They are read again until they
 * hold still, so that a write to another file, or to the same file from
 * another thread, that lands meanwhile is not undone: the last writer to
 * finish sets what it saw last.  (Another write that ends first may turn
 * the bit off before this one has changed anything: then the bit says
 * what the setting still is.)
 */
static void graph_decides_begin(unsigned long bit)
{
	__atomic_or_fetch(&graph_flags, bit, __ATOMIC_ACQ_REL);
	fgraph_lane_update();
}

static void graph_decides_end(void)
{
	unsigned long want;

	do {
		want = graph_decides_now();
		__atomic_or_fetch(&graph_flags, want, __ATOMIC_ACQ_REL);
		__atomic_and_fetch(&graph_flags, ~(GRAPH_DECIDES & ~want),
				   __ATOMIC_ACQ_REL);
	} while (graph_decides_now() != want);
	fgraph_lane_update();
}

static int set_graph_function_write(const char *val)
{
	int ret;

	graph_decides_begin(GRAPH_DECIDES_FUNCTION);
	ret = ftrace_filter_write(&graph_function, "set_graph_function", val);
	graph_decides_end();
	return ret;
}

static int set_graph_function_read(char *buf, size_t len)
{
	return ftrace_filter_read(&graph_function, buf, len);
}

static int set_graph_notrace_write(const char *val)
{
	int ret;

	graph_decides_begin(GRAPH_DECIDES_NOTRACE);
	ret = ftrace_filter_write(&graph_notrace, "set_graph_notrace", val);
	graph_decides_end();
	return ret;
}

static int set_graph_notrace_read(char *buf, size_t len)
{
	return ftrace_filter_read(&graph_notrace, buf, len);
}

static int max_graph_depth_write(const char *val)
{
	int ret;

	graph_decides_begin(GRAPH_DECIDES_DEPTH);
	ret = tracefs_parse_ulong("max_graph_depth", val, &max_graph_depth);
	graph_decides_end();
	return ret;
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

static __init_core void graph_trace_register(void)
{
	size_t i;

	register_tracer(&graph_trace);
#ifdef HAVE_FGRAPH_LANE
	fgraph_lane_register(graph_lane_halves);
#endif
	for (i = 0; i < sizeof(graph_files) / sizeof(graph_files[0]); i++)
		tracefs_register(&graph_files[i]);
	register_trace_printer(TRACE_GRAPH_ENT, print_graph_entry);
	register_trace_printer(TRACE_GRAPH_RET, print_graph_return);
	register_trace_printer(TRACE_GRAPH_OVERRUN, print_graph_overrun);
	for (i = 0; i < sizeof(graph_options) / sizeof(graph_options[0]) -
		    (IS_ENABLED(CONFIG_FUNCTION_GRAPH_RETVAL) ? 0 :
		     GRAPH_RETVAL_OPTIONS); i++)
		register_trace_option(&graph_options[i]);
	trace_add_stats_line(graph_stats_line);
}

#ifdef HAVE_FGRAPH_LANE
/* What the arch's lane reads is where linux/fgraph_lane.h says it is. */
#define LANE_AT(type, field, off) \
	_Static_assert(__builtin_offsetof(type, field) == (off), #field)
LANE_AT(struct ftrace_ret_stack, ret, RS_RET);
LANE_AT(struct ftrace_ret_stack, func, RS_FUNC);
LANE_AT(struct ftrace_ret_stack, fp, RS_FP);
LANE_AT(struct ftrace_ret_stack, retp, RS_RETP);
LANE_AT(struct ftrace_ret_stack, sp, RS_SP);
LANE_AT(struct ftrace_ret_stack, stack, RS_STACK);
LANE_AT(struct ftrace_ret_stack, calltime, RS_CALLTIME);
LANE_AT(struct ftrace_ret_stack, depth, RS_DEPTH);
LANE_AT(struct ftrace_ret_stack, users, RS_USERS);
LANE_AT(struct ftrace_ret_stack, data_words, RS_USERS + 2);
LANE_AT(struct ftrace_ret_stack, gen, RS_GEN);
LANE_AT(struct trace_buffer, head, RB_HEAD);
LANE_AT(struct trace_buffer, mask, RB_MASK);
LANE_AT(struct trace_buffer, nested, RB_NESTED);
LANE_AT(struct trace_buffer, events, RB_EVENTS);
LANE_AT(struct trace_buffer, entries, RB_ENTRIES);
LANE_AT(struct trace_entry, ts, TE_TS);
LANE_AT(struct trace_entry, ip, TE_IP);
LANE_AT(struct trace_entry, arg, TE_ARG);
LANE_AT(struct trace_entry, commit, TE_COMMIT);
LANE_AT(struct trace_entry, depth, TE_DEPTH);
LANE_AT(struct trace_entry, cpu, TE_DEPTH + 2);
LANE_AT(struct trace_entry, flags, TE_DEPTH + 4);
LANE_AT(struct fgraph_ops, idx, GOPS_IDX);
LANE_AT(struct fgraph_ops, gen, GOPS_GEN);
_Static_assert(sizeof(struct ftrace_ret_stack) == RS_SIZE, "ret_stack");
_Static_assert(sizeof(struct trace_entry) == 1 << TE_SHIFT, "entry");
_Static_assert(GRAPH_LANE_MASK == (TRACE_GRAPH_PRINT_IRQS |
	TRACE_GRAPH_PRINT_RETVAL | GRAPH_DECIDES), "lane mask");
_Static_assert(GRAPH_LANE_OPEN == TRACE_GRAPH_PRINT_IRQS, "lane open");
_Static_assert(TE_GRAPH_ENT == TRACE_GRAPH_ENT &&
	       TE_GRAPH_RET == TRACE_GRAPH_RET &&
	       TE_IRQS_OFF == TRACE_FLAG_IRQS_OFF &&
	       RS_ALT_STACK == FGRAPH_ALT_STACK &&
	       RS_ENTRIES == FTRACE_RETFUNC_DEPTH, "lane constants");
#endif
