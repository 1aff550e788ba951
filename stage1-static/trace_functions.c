// SPDX-License-Identifier: GPL-2.0
/*
 * The function tracer: one entry per traced call, "func <-parent".
 *
 * function_trace_call() is what mcount calls (through
 * ftrace_trace_function) on every traced function entry, so it is the
 * hot path: read the clock, reserve a slot, fill it.  The type is written
 * last, and the slot is reserved after the time is read, so a signal
 * handler that traces in between gets the following slots and a later time.
 */
#include <linux/event_path.h>
#include <asm/trace_clock.h>
#include <linux/ftrace.h>
#include <linux/hardirq.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/ring_buffer.h>
#include <linux/trace.h>
#include <linux/trace_output.h>
#include "func_stack_trace.h"

/*
 * The record with what the common one leaves out: the thread's first
 * record (it claims the buffer), a signal handler's context, and the
 * stack trace of func_stack_trace.
 */
static __event_path __attribute__((noinline)) void
function_trace_slow(unsigned long ip, unsigned long parent_ip)
{
	unsigned int cpu, ctx;
	uint64_t ts;

	ts = trace_clock_local(&cpu);
	ctx = tracing_gen_ctx();
	trace_record(TRACE_FN, ts, ip, parent_ip, cpu, 0, ctx);
	if (trace_flags & TRACE_ITER_FUNC_STACK_TRACE)
		trace_record_stack(ip, parent_ip, cpu, ts, ctx);
}

/*
 * The common record calls nothing (function_trace_slow() is its last
 * act, before anything is written), so that the compiler keeps it in the
 * registers the trampoline saved, not in callee-saved ones it would have
 * to save itself.  The buffer is looked up just before the record, as
 * trace_record() does.
 */
static __event_path void function_trace_call(unsigned long ip,
					     unsigned long parent_ip,
					     struct ftrace_ops *op,
					     struct ftrace_regs *fregs)
{
	struct trace_buffer *b;
	unsigned int cpu;
	uint64_t ts;

	if (!__atomic_load_n(&tracing_on, __ATOMIC_RELAXED))
		return;
	if (__builtin_expect(in_irq() ||
			     (trace_flags & TRACE_ITER_FUNC_STACK_TRACE), 0))
		goto slow;
	ts = trace_clock_local(&cpu);
	b = this_buffer;
	if (__builtin_expect(!b, 0))
		goto slow;
	__trace_record(b, TRACE_FN, ts, ip, parent_ip, cpu, 0,
		       tracing_gen_ctx_task());
	return;
slow:
	function_trace_slow(ip, parent_ip);
}

static unsigned int print_fn(FILE *f, struct trace_buffer *b,
			     unsigned long idx)
{
	const struct trace_entry *e = &b->entries[idx & b->mask];
	char b1[KSYM_NAME_LEN], b2[KSYM_NAME_LEN];

	trace_print_context(f, b, e);
	fprintf(f, "%s <-%s\n", ksym_name(e->ip, b1, sizeof(b1)),
		ksym_name(e->arg, b2, sizeof(b2)));
	return 1;
}

static struct ftrace_ops trace_ops = {
	.func = function_trace_call,
	/* chapter 4: set_ftrace_filter and set_ftrace_notrace apply */
	.flags = FTRACE_OPS_FL_GLOBAL,
};

static int function_trace_init(void)
{
	return register_ftrace_function(&trace_ops);
}

static int function_trace_reset(void)
{
	return unregister_ftrace_function(&trace_ops);
}

static struct tracer function_trace = {
	.name	= "function",
	.init	= function_trace_init,
	.reset	= function_trace_reset,
	/* the stack traces are entries of their own, as in the kernel */
	.print_types = 1u << TRACE_FN | 1u << TRACE_STACK,
};

static __init_core void function_trace_register(void)
{
	register_tracer(&function_trace);
	register_trace_printer(TRACE_FN, print_fn);
}
