/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracers (stage1-static/trace.c): what current_tracer chooses from,
 * tracing_on, and trace_options with each tracer's own options.
 */
#ifndef _LINUX_TRACE_H
#define _LINUX_TRACE_H

#include <stdio.h>

struct trace_buffer;

/*
 * The header the trace starts with, after "# tracer: name": entries are the
 * entries printed below it, written those ever written (the kernel's
 * entries-in-buffer/entries-written).
 */
typedef void (*trace_header_fn)(FILE *f, unsigned long entries,
				unsigned long written);

struct tracer {
	const char	*name;
	int		(*init)(void);
	/* 0, or -errno: it could not stop, and is still the tracer */
	int		(*reset)(void);
	trace_header_fn	print_header;	/* NULL: trace_default_header() */
	/* entries of other types it prints its own way (0: the type's own) */
	unsigned int	(*print_line)(FILE *f, struct trace_buffer *b,
				      unsigned long idx);
	unsigned int	print_types;	/* 1 << TRACE_* it prints */
	struct tracer	*next;
};

int register_tracer(struct tracer *t);
const struct tracer *trace_current(void);
/* A tracer by name, for a spool reader: chosen, not started. */
int trace_set_reader(const char *name);

extern int tracing_on;			/* the tracing_on file */
/*
 * Tracing stops here for good, for the reason given (one line, said by
 * the caller): tracing_on becomes 0 and cannot be set again (the
 * kernel's tracing_off(), made permanent).
 */
void tracing_off_for_good(const char *why);

/* trace_options bits */
#define TRACE_ITER_FUNC_STACK_TRACE	0x1
extern unsigned long trace_flags;

/*
 * A tracer's own trace_options (the kernel's tracer_opt): bit in *flags;
 * changed(), if set, is called after each write.  The kernel calls its
 * tracer's set_flag() before the write instead, and may be refused
 * (kernel/trace/trace.c, __set_tracer_option(), since v2.6.28).
 */
struct trace_option {
	const char	*name;
	unsigned long	*flags;
	unsigned long	bit;
	void		(*changed)(void);
	struct trace_option *next;
};
void register_trace_option(struct trace_option *opt);

#endif
