/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ring buffer (stage1-static/ring_buffer.c): one buffer per thread, the
 * user-space stand-in for the kernel's per-CPU buffers.  Writers reserve
 * slots, fill them and commit them; the trace printers read them back.
 */
#ifndef _LINUX_RING_BUFFER_H
#define _LINUX_RING_BUFFER_H

#include <stdint.h>
#include <sys/types.h>
#include <asm/local.h>

enum trace_type {
	TRACE_UNUSED = 0,
	TRACE_FN,		/* function tracer: ip, parent */
	TRACE_STACK,		/* func_stack_trace: header, then payloads */
	TRACE_STACK_PAYLOAD,	/* payload slots: stack pcs, marker text */
	TRACE_GRAPH_ENT,	/* function_graph: entry of ip */
	TRACE_GRAPH_RET,	/* function_graph: return from ip */
	TRACE_PRINT,		/* trace_marker: text in payload slots */
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
	uint16_t flags;			/* TRACE_FLAG_*: context of the event */
};

/*
 * The context of an event, as the kernel's latency columns show it
 * (include/linux/hardirq.h says how user space maps onto them).
 */
#define TRACE_FLAG_IRQS_OFF	0x01	/* irqflags analogue: signals blocked */
#define TRACE_FLAG_HARDIRQ	0x08	/* inside a signal handler */
#define TRACE_FLAG_NMI		0x40	/* in a handler that interrupted one */
#define TRACE_FLAG_IRQ_LEVEL(f)	(((f) >> 8) & 0xf)	/* handler nesting */

#define TRACE_COMM_LEN	16

/* The buffer of one thread; it outlives the thread. */
struct trace_buffer {
	local_t		head;		/* slots ever reserved */
	unsigned long	mask;		/* nr of slots - 1 */
	pid_t		tid;
	char		comm[TRACE_COMM_LEN];
	unsigned long	nested;		/* reservations that interrupted one */
	local_t		events;		/* entries committed (a record with
					   payload slots is one) */
	unsigned int	writing;	/* reserved, not yet committed */
	struct trace_entry *entries;
};

extern __thread struct trace_buffer *this_buffer;

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
	local_add_return(1, &this_buffer->events);
	this_buffer->writing--;
}

static inline struct trace_entry *trace_slot(unsigned long idx)
{
	return &this_buffer->entries[idx & this_buffer->mask];
}

#endif
