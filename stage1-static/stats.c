// SPDX-License-Identifier: GPL-2.0
/* What the tracer has done so far, for tests and for curious programs. */
#include <string.h>
#include <tracefs.h>
#include "trace.h"

extern unsigned long ftrace_recursion_missed;
#ifdef CONFIG_DYNAMIC_FTRACE
void ftrace_dyn_stats(struct ftrace_stats *st);	/* stage3-dynamic/ */
#endif

void ftrace_get_stats(struct ftrace_stats *st)
{
	int i, n = ring_buffer_nr_threads();

	memset(st, 0, sizeof(*st));
	for (i = 0; i < n; i++) {
		struct trace_buffer *b = ring_buffer_thread(i);
		unsigned long head = local_read(&b->head);

		st->written += local_read(&b->events);
		st->nested += b->nested;
		if (head > b->mask + 1)
			st->overwritten += head - (b->mask + 1);
	}
	st->threads = n;
	st->lost_threads = ring_buffer_lost_threads();
	st->recursion_missed = ftrace_recursion_missed;
#ifdef CONFIG_DYNAMIC_FTRACE
	ftrace_dyn_stats(st);
#endif
}
