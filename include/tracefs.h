/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Controlling the tracer from the traced program itself.  Each call names a
 * file as the kernel's tracefs does (current_tracer, tracing_on,
 * trace_options, trace, buffer_size_kb, ...) and takes what you would
 * "echo" into it.  The same files can be set before the program starts
 * through FTRACE_<FILE> environment variables (scripts/ftrace-run).
 *
 *	tracefs_write("current_tracer", "function");
 *	tracefs_write("trace_options", "func_stack_trace");
 *
 * Both return 0 or a negative errno; tracefs_last_error() then says why.
 * tracefs_append() is "echo >> file": it adds to set_ftrace_filter or
 * set_ftrace_notrace instead of replacing them.  A read that does not fit
 * in len fails with -ENOSPC.
 */
#ifndef _TRACEFS_H
#define _TRACEFS_H

#include <stddef.h>

int tracefs_write(const char *file, const char *value);
int tracefs_append(const char *file, const char *value);
int tracefs_read(const char *file, char *buf, size_t len);
const char *tracefs_last_error(void);

/* Write the trace now (it is also written when the program exits). */
int tracefs_dump(const char *path);

/* Counters the tests use to see what the tracer did. */
struct ftrace_stats {
	unsigned long	written;	/* entries ever written, all threads */
	unsigned long	nested;		/* records another record interrupted */
	unsigned long	overwritten;	/* slots reused (stats file: entries) */
	/* threads that recorded without a ring (more than RB_MAX_LIVE
	 * alive at once), and the events they lost */
	unsigned long	lost_threads;
	unsigned long	lost_events;
	unsigned long	recursion_missed;
	/* buffers claimed: 0 = never recorded */
	unsigned long	threads;
	/* chapter 4 (stage 3; 0 before): the dyn_ftrace records, those whose
	 * site is a call now, and how long the start-up conversion took */
	unsigned long	dyn_ftrace_total;
	unsigned long	dyn_ftrace_enabled;
	unsigned long long dyn_ftrace_update_ns;
};
void ftrace_get_stats(struct ftrace_stats *st);

#endif
