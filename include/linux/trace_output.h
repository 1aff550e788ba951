/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Writing the trace out (stage1-static/trace_output.c): one printer per
 * entry type, the line prefix every tracer shares, and what else runs
 * when the program exits.
 */
#ifndef _LINUX_TRACE_OUTPUT_H
#define _LINUX_TRACE_OUTPUT_H

#include <stdio.h>
#include <linux/ring_buffer.h>

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
/* one line the next dump starts with (a spool reader says whose it is) */
void trace_set_dump_note(const char *note);
/* Run fn at exit, just before the trace is written (exports, profile). */
void trace_add_exit_writer(void (*fn)(void));
/*
 * The trace is written when exit() has run the program's handlers; with
 * trace_dump_at_syscall(), at the process's exit_group system call
 * instead (trace_exit_group(), from its trap), so that what the C
 * library does after the handlers (its last flush of stdio) and the call
 * itself are in the trace.  A process that ends otherwise (_exit, a
 * signal) leaves its buffers to the spool, as without it.
 */
void trace_dump_at_syscall(void);
void trace_exit_group(void);
/*
 * An exec replaces the image: the trace is written before it, as at exit,
 * unless a spool keeps the buffers or the caller is a vfork() child or a
 * signal handler.  The exec family calls trace_dump_at_exec() (nonzero
 * when it wrote the trace) and, if the exec returned, trace_exec_failed():
 * the process records again.  With trace_dump_at_syscall(), the execve
 * system call's trap writes it instead, once the call's entry event is
 * recorded (trace_execve()), and trace_execve_failed() resumes before
 * its exit event.
 */
int trace_dump_at_exec(void);
void trace_exec_failed(void);
void trace_execve(void);
void trace_execve_failed(void);
/* Entries of type that every tracer prints (markers, losses). */
void trace_print_with_every_tracer(enum trace_type type);
/*
 * An event's text without the line prefix (a marker's text, a system
 * call's "sys_openat(...)"), for the printers of other formats: the graph
 * tracer shows it as a comment.  Returns the slots the entry takes.
 */
typedef unsigned int (*trace_text_fn)(struct trace_buffer *b,
				      unsigned long idx, char *buf,
				      size_t len);
void register_trace_text(enum trace_type type, trace_text_fn fn);
/* The text of the entry at idx into buf; 0: its type has none. */
unsigned int trace_event_text(struct trace_buffer *b, unsigned long idx,
			      char *buf, size_t len);
/*
 * Walk the entries of types, every thread's, oldest first, as the trace
 * file would print them (from copies of the buffers); fn returns the slots
 * it used, as a printer does.
 */
int trace_walk(FILE *f, unsigned int types, trace_print_fn fn);

/*
 * The stats file (stage1-static/stats.c): the kernel's per-CPU stats
 * lines for all buffers together, then one line per counter of the kit's
 * own; each part adds its counters.
 */
void trace_add_stats_line(void (*line)(FILE *f));

#endif
