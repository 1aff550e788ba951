/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Generic tracing core: tracers, the per-thread ring buffer and the
 * settings that mirror tracefs files.  Nothing here knows an opcode.
 */
#ifndef _TRACE_H
#define _TRACE_H

#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <linux/ftrace.h>
#include <linux/stacktrace.h>
#include <asm/local.h>

/* ---- ring buffer (ring_buffer.c) -------------------------------------- */

enum trace_type {
	TRACE_UNUSED = 0,
	TRACE_FN,		/* function tracer: ip, parent */
	TRACE_STACK,		/* func_stack_trace: header, then payloads */
	TRACE_STACK_PAYLOAD,
	TRACE_GRAPH_ENT,	/* function_graph: entry of ip */
	TRACE_GRAPH_RET,	/* function_graph: return from ip */
	TRACE_NR_TYPES
};

/*
 * One slot, the same 32 bytes on every arch (addresses widened to 64 bits)
 * so the buffer arithmetic is arch-independent.
 */
struct trace_entry {
	union {
		struct {
			uint64_t ts;	/* trace_clock_local() units */
			uint64_t ip;	/* selfpc: the site in the function */
			uint64_t arg;	/* frompc, or graph call time */
		};
		uint64_t pc[3];		/* TRACE_STACK_PAYLOAD */
	};
	uint16_t type;
	uint16_t depth;			/* graph depth; stack: nr of pcs */
	uint16_t cpu;
	uint16_t flags;
};

#define TRACE_COMM_LEN	16

/* The buffer of one thread; it outlives the thread. */
struct trace_buffer {
	local_t		head;		/* slots ever reserved */
	unsigned long	mask;		/* nr of slots - 1 */
	pid_t		tid;
	char		comm[TRACE_COMM_LEN];
	unsigned long	nested;		/* reservations that interrupted one */
	unsigned int	writing;	/* reserved, not yet committed */
	struct trace_entry *entries;
};

extern __thread struct trace_buffer *this_buffer;
extern int tracing_on;			/* the tracing_on file */

struct trace_buffer *trace_buffer_claim(void);
int ring_buffer_set_size_kb(unsigned long kb);
unsigned long ring_buffer_size_kb(void);
int ring_buffer_nr_threads(void);
struct trace_buffer *ring_buffer_thread(int i);
unsigned long ring_buffer_lost_threads(void);
void ring_buffer_reset(void);

/*
 * Reserve n consecutive slots in the calling thread's buffer; safe against
 * signal handlers that reserve in between.  NULL when tracing is off.
 */
static inline struct trace_entry *trace_reserve(unsigned int n,
						unsigned long *idx)
{
	struct trace_buffer *b = this_buffer;
	unsigned long end;

	if (__builtin_expect(!b, 0)) {
		b = trace_buffer_claim();
		if (!b)
			return NULL;
	}
	if (b->writing++)		/* we interrupted a writer */
		b->nested++;
	end = local_add_return(n, &b->head);
	*idx = end - n;
	return &b->entries[*idx & b->mask];
}

/* Fill the fields every entry type has. */
static inline void trace_entry_set(struct trace_entry *e, uint64_t ts,
				   unsigned long ip, uint64_t arg,
				   unsigned int cpu, unsigned int depth)
{
	e->ts = ts;
	e->ip = ip;
	e->arg = arg;
	e->cpu = cpu;
	e->depth = depth;
	e->flags = 0;
}

/*
 * The entry at e (and any payload slots after it) is filled: give it its
 * type last, so a half-written slot never looks like an entry.
 */
static inline void trace_commit(struct trace_entry *e, enum trace_type type)
{
	__atomic_store_n(&e->type, type, __ATOMIC_RELEASE);
	this_buffer->writing--;
}

static inline struct trace_entry *trace_slot(unsigned long idx)
{
	return &this_buffer->entries[idx & this_buffer->mask];
}

/* ---- tracers (trace.c) ------------------------------------------------- */

struct tracer {
	const char	*name;
	int		(*init)(void);
	void		(*reset)(void);
	struct tracer	*next;
};

int register_tracer(struct tracer *t);

/* trace_options bits */
#define TRACE_ITER_FUNC_STACK_TRACE	0x1
extern unsigned long trace_flags;

/* ---- settings mirroring tracefs files (trace.c) ------------------------ */

struct tracefs_file {
	const char	*name;
	int		(*write)(const char *val);	/* -errno */
	int		(*read)(char *buf, size_t len);
	struct tracefs_file *next;
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

/* ---- output (trace_output.c, ksyms.c) ---------------------------------- */

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
void trace_clock_init(void);
uint64_t trace_clock_to_ns(uint64_t ts);
const char *ksym_name(unsigned long addr, char *buf, size_t len);
/* Calls fn for every function symbol; stops when fn returns nonzero. */
int ksym_for_each(int (*fn)(const char *name, unsigned long addr,
			    unsigned long size, void *data), void *data);

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

/* func_stack_trace (trace_stack.c) */
void trace_record_stack(unsigned long selfpc, unsigned long frompc,
			unsigned int cpu, uint64_t ts);

#endif
