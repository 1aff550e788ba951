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

struct tracer {
	const char	*name;
	int		(*init)(void);
	void		(*reset)(void);
	struct tracer	*next;
};

int register_tracer(struct tracer *t);

extern int tracing_on;			/* the tracing_on file */

/* trace_options bits */
#define TRACE_ITER_FUNC_STACK_TRACE	0x1
extern unsigned long trace_flags;

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
/* The "# tracer:" name and column header the trace file starts with. */
void trace_set_header(const char *tracer, void (*columns)(FILE *f));
/* Extra "# ..." lines for the header (chapter 2's overrun counter). */
void trace_add_header_line(void (*line)(FILE *f));
void trace_print_context(FILE *f, struct trace_buffer *b,
			 const struct trace_entry *e);
/* trace_clock.c: sample at start-up, again before printing, then convert */
void trace_clock_init(void);
void trace_clock_calibrate(void);
uint64_t trace_clock_to_ns(uint64_t ts);

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
			unsigned int cpu, uint64_t ts);

#endif
