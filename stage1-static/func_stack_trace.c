// SPDX-License-Identifier: GPL-2.0
/*
 * The func_stack_trace option: after each function entry, the call chain
 * that led to it, taken with the arch's save_stack_trace() (chapter 0).
 *
 * The walk starts inside the tracer, so its first frames are the tracer's
 * and mcount's.  Rather than trusting a fixed skip count (which changes with
 * the compiler's inlining), the chain is cut at parent_ip: the first
 * return address that equals the traced function's own return address is
 * where the traced function's caller begins.  The traced function itself
 * comes first, as ip.
 */
#include <linux/event_path.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/ring_buffer.h>
#include <linux/stacktrace.h>
#include <linux/trace_output.h>
#include "func_stack_trace.h"

#define STACK_MAX	16

__event_path void trace_record_stack(unsigned long ip, unsigned long parent_ip,
				     unsigned int cpu, uint64_t ts,
				     unsigned int ctx)
{
	unsigned long pcs[STACK_MAX + 8];
	struct stack_trace st = {
		.max_entries = STACK_MAX + 8,
		.entries = pcs,
	};
	struct trace_entry *e;
	unsigned long idx;
	unsigned int i, first = 0, nr, slots;

	save_stack_trace(&st);
	for (i = 0; i < st.nr_entries; i++) {
		if (pcs[i] == parent_ip) {
			first = i;
			break;
		}
	}
	if (i == st.nr_entries) {	/* walk failed: say what we know */
		pcs[0] = parent_ip;
		first = 0;
		st.nr_entries = 1;
	}
	nr = st.nr_entries - first + 1;
	if (nr > STACK_MAX)
		nr = STACK_MAX;
	slots = 1 + (nr + 2) / 3;
	e = trace_reserve(slots, &idx);
	trace_entry_set(e, ts, ip, parent_ip, cpu, nr);
	e->flags = ctx;
	for (i = 0; i < nr; i++) {
		struct trace_entry *p = trace_slot(idx + 1 + i / 3);

		p->pc[i % 3] = i ? pcs[first + i - 1] : ip;
		p->type = TRACE_PAYLOAD;
	}
	trace_commit(e, TRACE_STACK, slots);
}

static unsigned int print_stack(FILE *f, struct trace_buffer *b,
				unsigned long idx)
{
	const struct trace_entry *e = &b->entries[idx & b->mask];
	unsigned int i;
	char buf[KSYM_NAME_LEN];

	trace_print_context(f, b, e);
	fprintf(f, "<stack trace>\n");
	for (i = 0; i < e->depth; i++) {
		const struct trace_entry *p =
			&b->entries[(idx + 1 + i / 3) & b->mask];

		fprintf(f, " => %s\n", ksym_name(p->pc[i % 3], buf,
						 sizeof(buf)));
	}
	return 1 + (e->depth + 2) / 3;
}

static __init_core void func_stack_trace_register(void)
{
	register_trace_printer(TRACE_STACK, print_stack);
}
