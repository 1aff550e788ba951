/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The function filters of the graph tracer's files set_graph_function and
 * set_graph_notrace (trace_filter.c): globs resolved against the symbol
 * table into sorted address ranges when written.
 */
#ifndef _TRACE_FILTER_H
#define _TRACE_FILTER_H

#include <stddef.h>

struct ftrace_range {
	unsigned long	start, end;
};
struct ftrace_filter_set {
	struct ftrace_range *ranges;
	size_t		nr;
	char		*text;		/* what was written, for reading */
};
struct ftrace_filter {
	struct ftrace_filter_set *set;	/* NULL: no filter */
};
int ftrace_filter_write(struct ftrace_filter *filter, const char *file,
			const char *val);
int ftrace_filter_read(struct ftrace_filter *filter, char *buf, size_t len);
int ftrace_filter_match(const struct ftrace_filter_set *set, unsigned long ip);

#endif
