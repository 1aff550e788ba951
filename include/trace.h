/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Generic tracing core: tracers, trace_options, the settings that mirror
 * tracefs files, the printers and the filters.  Nothing here knows an
 * opcode; the ring buffer has its own header.
 */
#ifndef _TRACE_H
#define _TRACE_H

#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <linux/ftrace.h>
#include <linux/stacktrace.h>
#include <linux/ring_buffer.h>
#include <linux/kallsyms.h>

/* ---- tracers (trace.c) ------------------------------------------------- */

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
	void		(*reset)(void);
	trace_header_fn	print_header;	/* NULL: trace_default_header() */
	/* entries of other types it prints its own way (0: the type's own) */
	unsigned int	(*print_line)(FILE *f, struct trace_buffer *b,
				      unsigned long idx);
	unsigned int	print_types;	/* 1 << TRACE_* it prints */
	struct tracer	*next;
};

int register_tracer(struct tracer *t);
const struct tracer *trace_current(void);

extern int tracing_on;			/* the tracing_on file */

/* trace_options bits */
#define TRACE_ITER_FUNC_STACK_TRACE	0x1
extern unsigned long trace_flags;

/* A tracer's own trace_options (the kernel's tracer_opt): bit in *flags */
struct trace_option {
	const char	*name;
	unsigned long	*flags;
	unsigned long	bit;
	struct trace_option *next;
};
void register_trace_option(struct trace_option *opt);

/* ---- settings mirroring tracefs files (trace.c) ------------------------ */

struct tracefs_file {
	const char	*name;
	int		(*write)(const char *val);	/* -errno */
	int		(*read)(char *buf, size_t len);
	struct tracefs_file *next;
	/* "echo >> file", for the files that have it (set_ftrace_filter) */
	int		(*append)(const char *val);
};
void tracefs_register(struct tracefs_file *f);
/*
 * Split a setting into words (blanks and commas separate them): copies the
 * next one into word and advances *p.  Returns 1 for a word, 0 at the end,
 * -E2BIG (with *p past it) when it does not fit.
 */
int tracefs_next_word(const char **p, char *word, size_t size);
/* A decimal setting; -EINVAL with the one-line error set otherwise. */
int tracefs_parse_ulong(const char *file, const char *val,
			unsigned long *out);
/* One-line error for a rejected setting, printed by the env parser. */
void tracefs_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

/* ---- output (trace_output.c, trace_clock.c) ----------------------------- */

/*
 * Prints the entry at idx of b; returns how many slots it used (a stack
 * trace's payloads, a graph leaf's return entry).
 */
typedef unsigned int (*trace_print_fn)(FILE *f, struct trace_buffer *b,
				       unsigned long idx);
void register_trace_printer(enum trace_type type, trace_print_fn fn);
/* entries-in-buffer line and the latency legend (function, nop) */
void trace_default_header(FILE *f, unsigned long entries,
			  unsigned long written);
/* "comm-tid [cpu] flags time: " */
void trace_print_context(FILE *f, struct trace_buffer *b,
			 const struct trace_entry *e);
/* the four latency columns of TRACE_FLAG_* flags: "dnhp" */
void trace_print_lat_fmt(FILE *f, unsigned int flags);
/* Counters beyond the kernel's go to the "stats" file, one line each. */
void trace_add_stats_line(void (*line)(FILE *f));
/* tracer_init() resets the buffers: later dumps start from here */
void tracing_reset_online_cpus(void);
/* trace_clock.c: sample at start-up, again before printing, then convert */
void trace_clock_init(void);
void trace_clock_calibrate(void);
uint64_t trace_clock_to_ns(uint64_t ts);
uint64_t trace_clock_delta_ns(uint64_t d);
/* at exit: calibrate once more, and keep that scale from then on */
void trace_clock_final(void);
void trace_clock_set_origin(uint64_t ts0, uint64_t ns0);
/* tracers by name, for a spool reader (trace.c): chosen, not started */
int trace_set_reader(const char *name);
/* one line the next dump starts with (a spool reader says whose it is) */
void trace_set_dump_note(const char *note);
/* ksyms.c: name addresses as another process had its objects loaded */
void kallsyms_use_objects(int nr, const char *const *paths,
			  const unsigned long *bias);
/* Run fn at exit, just before the trace is written (exports, profile). */
void trace_add_exit_writer(void (*fn)(void));
/*
 * Walk the entries of types, every thread's, oldest first, as the trace
 * file would print them (from copies of the buffers); fn returns the slots
 * it used, as a printer does.
 */
int trace_walk(FILE *f, unsigned int types, trace_print_fn fn);

/* Function filters (trace_filter.c) */
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

/* Globs as filter files take them: *, ?, [...]; 0 if it matches. */
int ftrace_glob_check(const char *glob);
int ftrace_glob_match(const char *glob, const char *str);

/* func_stack_trace (func_stack_trace.c) */
void trace_record_stack(unsigned long selfpc, unsigned long frompc,
			unsigned int cpu, uint64_t ts, unsigned int ctx);

/* trace_marker (trace_marker.c): the text of a TRACE_PRINT entry */
#define TRACE_MARKER_MAX	1024	/* longer texts are cut */
size_t trace_marker_text(struct trace_buffer *b, unsigned long idx,
			 char *buf, size_t len);

/*
 * The function profiler (ftrace_profile.c): function_profile_enabled,
 * trace_stat/function<N>.  One table per thread; the graph tracer's part
 * (stage2-graph/fgraph_profile.c) times calls from entry to return.
 */
struct ftrace_profile {
	unsigned long	ip;		/* 0: free slot */
	unsigned long	counter;	/* hits */
	uint64_t	time;		/* clock units */
	double		time_squared;	/* clock units squared */
};
/*
 * The hot path: the record of ip in this thread's table (a hit counted if
 * hit), held until ftrace_profile_end().  NULL, and nothing held, when the
 * table is full (a miss is counted), ip is not in it (!hit), or a signal
 * handler interrupted an update of it.
 */
struct ftrace_profile *ftrace_profile_begin(unsigned long ip, int hit);
void ftrace_profile_add_time(struct ftrace_profile *rec, uint64_t d);
void ftrace_profile_end(void);
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
void ftrace_profile_graph_register(void);
void ftrace_profile_graph_unregister(void);
#endif

#endif
