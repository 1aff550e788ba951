// SPDX-License-Identifier: GPL-2.0
/*
 * Who gets the graph callbacks: the tracer (register_ftrace_graph()) and
 * the function profiler (register_ftrace_profiler_graph()).
 *
 * mcount reads one pair of pointers, ftrace_graph_entry and
 * ftrace_graph_return.  With one user they point at its callbacks; with
 * both, at fgraph_both_entry() and fgraph_both_return(), which call each
 * user in turn (the kernel's list of fgraph_ops, for two).  A call is
 * hijacked when either user wants it, so the return side must remember
 * whether the tracer accepted it: a tracer that refused a call (its
 * set_graph_function does not match, or it was not registered) must not
 * see its return.  That answer is kept per thread and per return-stack
 * depth, with the call's entry time, which says whose answer it is.
 *
 * Switching between one and two users while calls are in flight: a frame
 * entered while the tracer was the only user went straight to it, and
 * left no answer (the one at its depth is an older call's, with another
 * entry time, left behind by a return that did not come through here):
 * it was the tracer's.
 */
#include <pthread.h>
#include <linux/event_path.h>
#include <linux/fork_lock.h>
#include <linux/ftrace.h>
#include <linux/init.h>
#include "fgraph.h"

static trace_func_graph_ent_t tracer_entry, profiler_entry;
static trace_func_graph_ret_t tracer_return, profiler_return;
static pthread_mutex_t fgraph_lock = PTHREAD_MUTEX_INITIALIZER;

/*
 * per depth: the call entered there through fgraph_both_entry().  The
 * live depths of a thread are FTRACE_RETFUNC_DEPTH consecutive numbers
 * at most (a coroutine's start above 0): modulo the array they never meet.
 */
static __thread struct {
	unsigned long long	calltime;
	int			took;
} tracer_took[FTRACE_RETFUNC_DEPTH];

#define TOOK(depth)	tracer_took[(depth) & (FTRACE_RETFUNC_DEPTH - 1)]

static __event_path int fgraph_both_entry(struct ftrace_graph_ent *trace)
{
	trace_func_graph_ent_t t = __atomic_load_n(&tracer_entry,
						   __ATOMIC_ACQUIRE);
	trace_func_graph_ent_t p = __atomic_load_n(&profiler_entry,
						   __ATOMIC_ACQUIRE);
	int took = t ? t(trace) : 0;
	int want = p ? p(trace) : 0;

	TOOK(trace->depth).calltime = trace->calltime;
	TOOK(trace->depth).took = took;
	return took || want;
}

static __event_path void fgraph_both_return(struct ftrace_graph_ret *trace)
{
	trace_func_graph_ret_t t = __atomic_load_n(&tracer_return,
						   __ATOMIC_ACQUIRE);
	trace_func_graph_ret_t p = __atomic_load_n(&profiler_return,
						   __ATOMIC_ACQUIRE);
	int took = 1;	/* no answer of this call's: the tracer's alone */

	if (TOOK(trace->depth).calltime == trace->calltime)
		took = TOOK(trace->depth).took;
	if (p)
		p(trace);
	if (t && took)
		t(trace);
}

/*
 * Point mcount at the right callbacks; the return hook first.  Chapter 5
 * (stage4-dyn-graph/): mcount is a stub, so the hooks alone reach nothing;
 * the sites and ftrace_graph_call follow whether anyone is a user.
 */
static int fgraph_update(void)
{
	trace_func_graph_ent_t entry = ftrace_graph_entry_stub;
	trace_func_graph_ret_t ret = graph_return_stub;

	if (tracer_entry && profiler_entry) {
		entry = fgraph_both_entry;
		ret = fgraph_both_return;
	} else if (tracer_entry) {
		entry = tracer_entry;
		ret = tracer_return;
	} else if (profiler_entry) {
		entry = fgraph_both_entry;
		ret = fgraph_both_return;
	}
	__atomic_store_n(&ftrace_graph_return, ret, __ATOMIC_RELEASE);
	__atomic_store_n(&ftrace_graph_entry, entry, __ATOMIC_RELEASE);
	if (entry != ftrace_graph_entry_stub)
		return ftrace_graph_startup();
	return ftrace_graph_shutdown();
}

int register_ftrace_graph(trace_func_graph_ret_t retfunc,
			  trace_func_graph_ent_t entryfunc)
{
	int ret;

	pthread_mutex_lock(&fgraph_lock);
	__atomic_store_n(&tracer_return, retfunc, __ATOMIC_RELEASE);
	__atomic_store_n(&tracer_entry, entryfunc, __ATOMIC_RELEASE);
	ret = fgraph_update();
	if (ret) {	/* the code could not be changed */
		__atomic_store_n(&tracer_entry, NULL, __ATOMIC_RELEASE);
		fgraph_update();
		__atomic_store_n(&tracer_return, NULL, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&fgraph_lock);
	return ret;
}

/*
 * Functions already hijacked keep returning through return_to_handler,
 * which works with the stubs too: the return stack outlives the tracer.
 * When the code cannot be changed (chapter 5: the sites stay calls) the
 * user stays registered, its callbacks in place.
 */
static int fgraph_unregister(trace_func_graph_ent_t *entry,
			     trace_func_graph_ret_t *retfunc)
{
	trace_func_graph_ent_t old = *entry;
	int ret;

	pthread_mutex_lock(&fgraph_lock);
	__atomic_store_n(entry, NULL, __ATOMIC_RELEASE);
	ret = fgraph_update();
	if (ret) {
		__atomic_store_n(entry, old, __ATOMIC_RELEASE);
		fgraph_update();
	} else {
		__atomic_store_n(retfunc, NULL, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&fgraph_lock);
	return ret;
}

int unregister_ftrace_graph(void)
{
	return fgraph_unregister(&tracer_entry, &tracer_return);
}

int register_ftrace_profiler_graph(trace_func_graph_ret_t retfunc,
				   trace_func_graph_ent_t entryfunc)
{
	int ret;

	pthread_mutex_lock(&fgraph_lock);
	__atomic_store_n(&profiler_return, retfunc, __ATOMIC_RELEASE);
	__atomic_store_n(&profiler_entry, entryfunc, __ATOMIC_RELEASE);
	ret = fgraph_update();
	if (ret) {	/* the code could not be changed */
		__atomic_store_n(&profiler_entry, NULL, __ATOMIC_RELEASE);
		fgraph_update();
		__atomic_store_n(&profiler_return, NULL, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&fgraph_lock);
	return ret;
}

int unregister_ftrace_profiler_graph(void)
{
	return fgraph_unregister(&profiler_entry, &profiler_return);
}

static __init_core void fgraph_ops_init(void)
{
	fork_lock_register(&fgraph_lock, FORK_LOCK_FGRAPH, NULL);
}
